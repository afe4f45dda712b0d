/**
 * The owner's controls on a standard row (engine/initiative/standard/scheduler.ts rulings): on the acting
 * creature its Quick Action and Interaction (STD-6: the engine's `use`; its Action is spent by the sheet's
 * Attack or Cast), Delay and Ready; Act on a delayed one, Trigger on one with a readied action. Each is
 * tried on the state (nothing stored) and on the creature's action tracker, so a refused one is drawn
 * disabled with the engine's reason ("no Quick Action left"); only these few rows are tried, never all 300.
 * The sheet's Combat tab and the token HUD (sheets/actor-combat.ts) draw the same controls.
 */
import type { HostCommand, StandardRowFacts } from "../../engine/index.ts";
import { control, refusal, type ControlContext } from "./tracker-controls.ts";
import type { TrackerScope } from "./tracker-input.ts";

/** Ready asks the host for the trigger text (a prompt); this one stands in for it in the trial run. */
const TRIAL_TRIGGER = "…";

function commandControl(
  scope: TrackerScope,
  command: HostCommand & { readonly combatantId: string },
  label: `TEMPO.${string}`,
  icon: string,
): ControlContext {
  return control("tempoCommand", label, icon, refusal(scope.input, command), {
    combatantId: command.combatantId,
    command,
  });
}

/** STD-6: what the acting creature spends with its own button (the Action pays for an attack or a cast). */
const TURN_USES: readonly ["quickAction" | "interaction", `TEMPO.${string}`, string][] = [
  ["quickAction", "TEMPO.TRACKER.Control.QuickAction", "fa-solid fa-forward"],
  ["interaction", "TEMPO.TRACKER.Control.Interaction", "fa-solid fa-hand"],
];

/** The Quick Action, Interaction, Delay and Ready controls of one creature for this viewer (its owner or the GM). */
export function standardOwnerActions(
  scope: TrackerScope,
  combatantId: string,
  facts: StandardRowFacts | undefined,
): readonly ControlContext[] {
  const combatant = scope.byId.get(combatantId);
  if (combatant === undefined || !(scope.input.viewer.isGM || combatant.owned)) return [];
  const actions: ControlContext[] = [];
  if (scope.current === combatantId) {
    for (const [kind, label, icon] of TURN_USES)
      actions.push(commandControl(scope, { type: "use", combatantId, kind }, label, icon));
    actions.push(
      commandControl(scope, { type: "delay", combatantId }, "TEMPO.TRACKER.Control.Delay", "fa-solid fa-clock"),
    );
    const ready: HostCommand = { type: "ready", combatantId, trigger: TRIAL_TRIGGER };
    actions.push(
      control("tempoReady", "TEMPO.TRACKER.Control.Ready", "fa-solid fa-crosshairs", refusal(scope.input, ready), {
        combatantId,
      }),
    );
  }
  if (facts?.delayed === true) {
    actions.push(
      commandControl(scope, { type: "act", combatantId }, "TEMPO.TRACKER.Control.Act", "fa-solid fa-right-to-bracket"),
    );
  }
  if (facts !== undefined && facts.readied !== null) {
    // STD-6: refused with the engine's reason when its Reaction is spent (the tracker's check, economy-records.ts).
    actions.push(
      commandControl(scope, { type: "trigger", combatantId }, "TEMPO.TRACKER.Control.Trigger", "fa-solid fa-bolt"),
    );
  }
  return actions;
}
