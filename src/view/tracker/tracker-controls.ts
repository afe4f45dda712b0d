/**
 * The tracker's controls (issue 9, "controls for who may use them"): the GM's bar and, on a row the
 * viewer owns, that owner's actions now. Whether the rules allow a command now is asked of the engine
 * itself — the command is tried on the state (`host.apply`, pure, nothing stored) — so a refused control
 * is drawn disabled with the engine's own reason as its tooltip. The GM-side check of the Combat API
 * still stands behind every control: this only decides what is drawn.
 */
import {
  economyRefusal,
  tableFirstCommand,
  type HostCommand,
  type I18nKey,
  type Message,
  type RulesetId,
} from "../../engine/index.ts";
import type { TrackerInput, TrackerScope } from "./tracker-input.ts";

/** One button. `action` is what the host runs (core's action name where core has one). */
export interface ControlContext {
  readonly action: string;
  readonly label: Message;
  /** A Font Awesome icon class (Foundry ships Font Awesome; the preview loads none, so labels stay visible). */
  readonly icon: string;
  readonly disabled: boolean;
  /** Why it is disabled, shown as its tooltip; null when enabled. */
  readonly reason: Message | null;
  /** The combatant a row action is for. */
  readonly combatantId: string | null;
  /** The engine command a command control sends, as JSON for a `data-command` attribute; null otherwise. */
  readonly command: string | null;
  /** One of a set of choices: whether it is the one in force, as `aria-pressed` says it (issue 22). */
  readonly pressed?: "true" | "false";
}

const NOTHING_TO_UNDO: Message = { key: "TEMPO.TRACKER.Reason.NothingToUndo" };
const NOTHING_TO_ROLL: Message = { key: "TEMPO.TRACKER.Reason.NothingToRoll" };
const NOT_STARTED: Message = { key: "TEMPO.TRACKER.Reason.NotStarted" };

/** One control; `reason` null means enabled. */
export function control(
  action: string,
  label: I18nKey,
  icon: string,
  reason: Message | null,
  extra: { combatantId?: string; command?: HostCommand } = {},
): ControlContext {
  return {
    action,
    label: { key: label },
    icon,
    disabled: reason !== null,
    reason,
    combatantId: extra.combatantId ?? null,
    command: extra.command === undefined ? null : JSON.stringify(extra.command),
  };
}

/** One control for other builders (a scheme's own row actions); refused ones are drawn disabled with the reason. */
export { control as trackerControl };

/**
 * The engine's reason for refusing `command` now, or null when it would be applied: the scheduler's,
 * then the creature's action tracker's (STD-6, as the host's table step checks them). A table command
 * (`nextRound`, `endTurn`) is tried as the engine command it begins with (`tableFirstCommand`).
 */
export function refusal(input: TrackerInput, command: HostCommand): Message | null {
  const tried = input.host.apply(input.state, tableFirstCommand(command));
  return tried.ok ? economyRefusal(input.host.id, command, input.actions) : tried.error;
}

/**
 * The round a combat is in once started: phase and segment rounds begin at once with round 1's initiative
 * (PHS-1, SEG-2 step 1); the others roll in round 0 first (CNT-2, STD-1, ROT-1).
 */
function firstRound(ruleset: RulesetId): number {
  return ruleset === "phase" || ruleset === "segment" ? 1 : 0;
}

/** The GM's bar; empty for a player. */
export function gmControls(scope: TrackerScope): readonly ControlContext[] {
  const { input, byId } = scope;
  if (!input.viewer.isGM) return [];
  const started = input.host.started(input.state);
  const undo = input.canUndo ? null : NOTHING_TO_UNDO;
  // Issue 22: in a combat's first round there is no earlier one; the table refuses with this reason
  // (combat-step.ts undoRound: going back would un-start the combat), so the bar says so before the click.
  const round = input.host.round(input.state);
  const noEarlierRound: Message | null =
    round <= firstRound(input.host.id) ? { key: "TEMPO.ERRORS.Host.NoPreviousRound", data: { round } } : null;
  const rollAll = scope.rolling.size > 0 ? null : NOTHING_TO_ROLL;
  const rollNpc = [...scope.rolling].some((id) => byId.get(id)?.side !== "pc") ? null : NOTHING_TO_ROLL;
  const controls: ControlContext[] = [];
  if (!started)
    controls.push(
      control("startCombat", "TEMPO.TRACKER.Control.Start", "fa-solid fa-play", refusal(input, { type: "start" })),
    );
  controls.push(
    control(
      "previousRound",
      "TEMPO.TRACKER.Control.PreviousRound",
      "fa-solid fa-backward-fast",
      started ? (undo ?? noEarlierRound) : NOT_STARTED,
    ),
    control(
      "previousTurn",
      "TEMPO.TRACKER.Control.PreviousTurn",
      "fa-solid fa-backward-step",
      started ? undo : NOT_STARTED,
    ),
    control(
      "nextTurn",
      nextLabel(input),
      "fa-solid fa-forward-step",
      started ? refusal(input, { type: "next" }) : NOT_STARTED,
    ),
    control(
      "nextRound",
      "TEMPO.TRACKER.Control.NextRound",
      "fa-solid fa-forward-fast",
      started ? refusal(input, { type: "nextRound" }) : NOT_STARTED,
    ),
    control("rollAll", "TEMPO.TRACKER.Control.RollAll", "fa-solid fa-dice-d20", rollAll),
    control("rollNPC", "TEMPO.TRACKER.Control.RollNpc", "fa-solid fa-dice", rollNpc),
  );
  controls.push(...rulesetGmControls(input));
  controls.push(control("endCombat", "TEMPO.TRACKER.Control.End", "fa-solid fa-flag-checkered", null));
  return controls;
}

/**
 * What the bar's Next (core's `nextTurn`, the engine's `next`) moves on now. With a creature acting it ends
 * that turn in every scheme. With nobody acting, `next` moves the phase rounds to the next phase (PHS-1:
 * initiative → movement, end → the next round's initiative) and the segment rounds to the next step of
 * the sequence (SEG-2: declarations → group rolls → the segments, step 8 → the next round); in the other
 * schemes it starts the next turn.
 */
function nextLabel(input: TrackerInput): I18nKey {
  if (input.host.current(input.state) !== null) return "TEMPO.TRACKER.Control.NextTurn";
  switch (input.host.id) {
    case "phase":
      return "TEMPO.TRACKER.Control.NextPhase";
    case "segment":
      return "TEMPO.TRACKER.Control.NextStep";
    default:
      return "TEMPO.TRACKER.Control.NextTurn";
  }
}

/** The GM controls only one ruleset has. */
function rulesetGmControls(input: TrackerInput): ControlContext[] {
  switch (input.host.id) {
    case "segment": {
      const reveal: HostCommand = { type: "reveal", combatantId: null };
      return [
        control("tempoCommand", "TEMPO.TRACKER.Control.Reveal", "fa-solid fa-eye", refusal(input, reveal), {
          command: reveal,
        }),
      ];
    }
    case "count": {
      const surprise: HostCommand = { type: "declareSurprise", value: true };
      const why = refusal(input, surprise);
      // Offered only before the first round, where the combat's option makes surprise the GM's call (CNT-4).
      return why?.key === "TEMPO.ERRORS.Count.SurpriseIsAutomatic" || why?.key === "TEMPO.ERRORS.Count.TooLate"
        ? []
        : [
            control("tempoCommand", "TEMPO.TRACKER.Control.DeclareSurprise", "fa-solid fa-bolt", why, {
              command: surprise,
            }),
          ];
    }
    default:
      return [];
  }
}

/**
 * The actions of one creature's owner now. A player gets them on the rows it owns; the GM, who owns
 * every creature, on the acting creature's row and the rows whose roll waits (not on all 300 rows).
 */
export function ownerActions(scope: TrackerScope, combatantId: string): readonly ControlContext[] {
  const { input } = scope;
  const combatant = scope.byId.get(combatantId);
  if (combatant === undefined) return [];
  const acting = scope.current === combatantId;
  const rolling = scope.rolling.has(combatantId);
  if (input.viewer.isGM ? !(acting || rolling) : !combatant.owned) return [];
  const actions: ControlContext[] = [];
  if (rolling)
    actions.push(
      control("rollInitiative", "TEMPO.TRACKER.Control.Roll", "fa-solid fa-dice-d20", null, { combatantId }),
    );
  if (acting) {
    const end: HostCommand = { type: "next" };
    actions.push(
      control("endTurn", "TEMPO.TRACKER.Control.EndTurn", "fa-solid fa-hourglass-end", refusal(input, end), {
        combatantId,
      }),
    );
  }
  // DEF-1: a defeated creature takes no turns, so it is offered nothing to do on one (segment's Delay).
  const commands = rulesetOwnerCommands(input.host.id, combatantId);
  const defeated = commands.length > 0 && input.state != null && input.host.defeated(input.state, combatantId);
  for (const command of defeated ? [] : commands) {
    const why = refusal(input, command);
    actions.push(control("tempoCommand", labelOf(command.type), iconOf(command.type), why, { combatantId, command }));
  }
  if (acting && !defeated && input.host.id === "segment") actions.push(...nameTargetControl(input, combatantId));
  return actions;
}

/** The action a "Name target" control carries (the host asks which creature, then sends `nameTarget`). */
export const SEGMENT_NAME_TARGET_ACTION = "segmentNameTarget";

/**
 * SEG-11: on a caster's D1 turn, "Name target…" (the host asks which creature). Shown only when the engine
 * would take a target now, tried with another creature of the combat: on any other turn it is not drawn.
 */
function nameTargetControl(input: TrackerInput, combatantId: string): ControlContext[] {
  const other = input.combatants.find((c) => c.id !== combatantId);
  if (other === undefined) return [];
  const probe: HostCommand = { type: "nameTarget", combatantId, targetId: other.id };
  if (refusal(input, probe) !== null) return [];
  return [
    control(SEGMENT_NAME_TARGET_ACTION, "TEMPO.TRACKER.Control.NameTarget", "fa-solid fa-crosshairs", null, {
      combatantId,
    }),
  ];
}

/** The one-click commands of each ruleset (commands that need a choice open a dialog in the host). */
function rulesetOwnerCommands(ruleset: TrackerInput["host"]["id"], combatantId: string): HostCommand[] {
  switch (ruleset) {
    case "segment":
      return [{ type: "delay", combatantId }];
    default:
      return [];
  }
}

const COMMAND_LABELS: Readonly<Record<string, [I18nKey, string]>> = {
  seize: ["TEMPO.TRACKER.Control.Seize", "fa-solid fa-bolt"],
  defend: ["TEMPO.TRACKER.Control.Defend", "fa-solid fa-shield-halved"],
  disengage: ["TEMPO.TRACKER.Control.Disengage", "fa-solid fa-person-running"],
  delay: ["TEMPO.TRACKER.Control.Delay", "fa-solid fa-clock"],
};

function labelOf(type: string): I18nKey {
  return COMMAND_LABELS[type]?.[0] ?? "TEMPO.TRACKER.Control.Command";
}

function iconOf(type: string): string {
  return COMMAND_LABELS[type]?.[1] ?? "fa-solid fa-circle";
}
