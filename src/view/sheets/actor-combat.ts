/**
 * The actor sheet's combat part: what the creature has "now" in the combat it fights in — its action
 * economy left this turn (STD-6, ACT-ROT …, as the host's tracker keeps it), its AP and swings per Full
 * action (AP-1), what it has declared and not yet resolved (CNT-6, SEG-2: the engine's timeline), and the
 * buttons its owner may press: the tracker's own owner controls (tracker-controls.ts, standard-controls.ts,
 * phase-actions.ts, segment-declare.ts, segment-attacks.ts, count-declare.ts, count-react.ts) plus the one-click reactions. Each control is tried on the state
 * by the tracker's `refusal`, so a refused one is drawn disabled with the engine's reason.
 */
import {
  RULESET_LABELS,
  phaseTrackerFactsOf,
  segmentTrackerFactsOf,
  standardTrackerFacts,
  type ActorDerived,
  type Message,
} from "../../engine/index.ts";
import { countDeclareControl } from "../tracker/count-declare.ts";
import { countReactControl } from "../tracker/count-react.ts";
import { phaseActions } from "../tracker/phase-actions.ts";
import { actionPips, turnLeftPips, type PipContext } from "../tracker/row-extras.ts";
import { segmentDeclareControl } from "../tracker/segment-declare.ts";
import { standardOwnerActions } from "../tracker/standard-controls.ts";
import { ownerActions, refusal, trackerControl, type ControlContext } from "../tracker/tracker-controls.ts";
import { trackerScope, type TrackerScope } from "../tracker/tracker-input.ts";
import { reactionCommands } from "./sheet-commands.ts";
import { rotationUseControls } from "./rotation-uses.ts";
import { segmentAttackControls } from "./segment-attacks.ts";
import type { ActorSheetInput, SheetCombat } from "./sheet-input.ts";
import { RULESET_SHEETS } from "./sheet-ruleset.ts";

export interface SwingContext {
  readonly name: string;
  /** AP-1: "8 swings"; AP-2: constant damage; no AP cost. */
  readonly text: Message;
}

export interface DeclarationContext {
  readonly key: string;
  readonly label: Message | null;
  readonly detail: Message | null;
}

export interface ActorCombatContext {
  readonly inCombat: boolean;
  /** Why there are no buttons (not in a combat, not the owner). */
  readonly note: Message | null;
  readonly rulesetLabel: Message;
  readonly economy: readonly PipContext[];
  readonly hasEconomy: boolean;
  readonly ap: { readonly value: number; readonly swings: readonly SwingContext[] } | null;
  readonly declarations: readonly DeclarationContext[];
  readonly hasDeclarations: boolean;
  readonly actions: readonly ControlContext[];
  readonly hasActions: boolean;
}

function swingsOf(input: ActorSheetInput, derived: ActorDerived): SwingContext[] {
  const out: SwingContext[] = [];
  for (const item of input.items) {
    if (item.type !== "weapon") continue;
    const swings = derived.swings[item.id] ?? null;
    const text: Message = item.stats.constantDamage
      ? { key: "TEMPO.SHEET.Swings.Constant" }
      : swings === null
        ? { key: "TEMPO.SHEET.Swings.None" }
        : { key: "TEMPO.SHEET.Swings.Count", data: { swings, cost: item.stats.apCost ?? 0 } };
    out.push({ name: item.name, text });
  }
  return out;
}

/** The engine's own pending entries for this creature (CNT-6 declared actions, SEG-2 declarations). */
function declarationsOf(combat: SheetCombat): DeclarationContext[] {
  const { input, combatantId } = combat;
  return input.host
    .timeline(input.state)
    .filter((e) => e.combatantId === combatantId && (e.kind === "pending" || e.detail !== null))
    .map((e) => ({ key: e.key, label: e.label, detail: e.detail }));
}

/** The ruleset's owner controls, exactly as the tracker draws them on this creature's row. */
function rulesetControls(scope: TrackerScope, combatantId: string): ControlContext[] {
  const { input } = scope;
  switch (input.host.id) {
    case "standard":
      return [...standardOwnerActions(scope, combatantId, standardTrackerFacts(input.state)?.get(combatantId))];
    case "phase": {
      const facts = phaseTrackerFactsOf(input.host, input.state);
      const creature = facts?.creatures.find((c) => c.id === combatantId);
      return facts === null || creature === undefined ? [] : phaseActions(scope, facts, creature);
    }
    case "segment": {
      const owned = input.combatants.filter((c) => c.owned).map((c) => c.id);
      const facts = segmentTrackerFactsOf(input.host, input.state, { gm: input.viewer.isGM, combatantIds: owned });
      const creature = facts?.creatures.find((c) => c.id === combatantId);
      // SEG-2 step 1's Declare…; SEG-16's free and immediate attacks (defeated: the engine refuses them).
      return creature === undefined
        ? []
        : [segmentDeclareControl(input, creature), ...segmentAttackControls(input, combatantId)];
    }
    case "rotation":
      // ACT-ROT, ROT-8, ROT-9, ROT-11: the creature's actions, each spent through the engine.
      return rotationUseControls(input, combatantId);
    case "count":
      // CNT-6, CNT-12: the count row's Declare… and React… (count-dialogs.ts asks what).
      return [countDeclareControl(input, combatantId), countReactControl(input, combatantId)];
    default:
      return [];
  }
}

/** The owner's buttons for the creature: the tracker row's own, the ruleset's and the one-click reactions (the token HUD offers the same). */
export function combatControlsOf(combat: SheetCombat): ControlContext[] {
  const scope = trackerScope(combat.input);
  const { combatantId } = combat;
  const reactions = reactionCommands(combat.input.host.id, combatantId).map((r) =>
    trackerControl("tempoCommand", r.label, r.icon, refusal(combat.input, r.command), {
      combatantId,
      command: r.command,
    }),
  );
  return [...ownerActions(scope, combatantId), ...rulesetControls(scope, combatantId), ...reactions];
}

export function buildActorCombat(input: ActorSheetInput, derived: ActorDerived): ActorCombatContext {
  const combat = input.combat;
  const ap = RULESET_SHEETS[input.ruleset].ap
    ? { value: input.actor.stats.ap.max, swings: swingsOf(input, derived) }
    : null;
  const rulesetLabel: Message = { key: RULESET_LABELS[input.ruleset] };
  const combatant = combat?.input.combatants.find((c) => c.id === combat.combatantId);
  if (combat === null || combatant === undefined) {
    return {
      inCombat: false,
      note: { key: "TEMPO.SHEET.Combat.NotInCombat" },
      rulesetLabel,
      economy: [],
      hasEconomy: false,
      ap,
      declarations: [],
      hasDeclarations: false,
      actions: [],
      hasActions: false,
    };
  }
  const mayAct = input.editable && (combat.input.viewer.isGM || combatant.owned);
  const economy = [
    ...(combatant.economy === undefined ? [] : actionPips(combatant.economy, () => true)),
    ...turnLeftPips(combat.input, combatant),
  ];
  const declarations = declarationsOf(combat);
  const actions = mayAct ? combatControlsOf(combat) : [];
  return {
    inCombat: true,
    note: mayAct ? null : { key: "TEMPO.SHEET.Combat.NotOwner" },
    rulesetLabel,
    economy,
    hasEconomy: economy.length > 0,
    ap,
    declarations,
    hasDeclarations: declarations.length > 0,
    actions,
    hasActions: actions.length > 0,
  };
}
