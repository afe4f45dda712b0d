/**
 * The phase tracker's owner actions, per phase (issue 9: a control the rules refuse now is drawn disabled
 * with the engine's reason as its tooltip):
 * - initiative phase: Seize the initiative on every row the viewer acts for (PHS-4: only before anyone
 *   moves; the engine's own check says why not, without a dry run per row);
 * - battle phase, on the acting creature's row: Activate Item (PHS-7: the battle action spent on an item;
 *   the host asks which item, `PHASE_ACTIVATE_ACTION`, as the sheet's item row names one), Defend (PHS-10),
 *   Disengage (PHS-11) and Delay after a named creature (PHS-9), which opens the choice of whom to wait
 *   for (`phaseDelayChoices`). The Attack is the sheet's (it rolls a weapon).
 * The movement phase has no action besides ending the turn (the shared row's End my turn).
 */
import {
  phaseTrackerFactsOf,
  type HostCommand,
  type PhaseTrackerCreature,
  type PhaseTrackerFacts,
} from "../../engine/index.ts";
import { refusal, trackerControl, type ControlContext } from "./tracker-controls.ts";
import { visibleTo, type TrackerInput, type TrackerScope } from "./tracker-input.ts";

/** PHS-7: the Activate Item control's action (its `command` is the battle action it spends). */
export const PHASE_ACTIVATE_ACTION = "phaseActivate";

/** The creature's actions this phase for this viewer (none on a row the viewer does not act for). */
export function phaseActions(scope: TrackerScope, facts: PhaseTrackerFacts, c: PhaseTrackerCreature): ControlContext[] {
  const { input } = scope;
  const combatantId = c.id;
  if (!input.viewer.isGM && scope.byId.get(combatantId)?.owned !== true) return [];
  if (facts.phase === "initiative") {
    const seize: HostCommand = { type: "seize", combatantId };
    return [
      trackerControl("tempoCommand", "TEMPO.TRACKER.Control.Seize", "fa-solid fa-bolt", c.seizeRefusal, {
        combatantId,
        command: seize,
      }),
    ];
  }
  if (facts.phase !== "battle" || facts.current !== combatantId) return [];
  const activate: HostCommand = { type: "battleAction", combatantId, action: "activateItem" };
  const defend: HostCommand = { type: "defend", combatantId };
  const disengage: HostCommand = { type: "disengage", combatantId };
  const first = delayChoicesOf(scope.input, facts)[0]?.id ?? "";
  const delay: HostCommand = { type: "delay", combatantId, afterId: first };
  return [
    // Which item is asked for by the host (Foundry: phase-activate-dialog.ts), then used as the sheet's is.
    trackerControl(
      PHASE_ACTIVATE_ACTION,
      "TEMPO.TRACKER.Control.ActivateItem",
      "fa-solid fa-hand-sparkles",
      refusal(input, activate),
      { combatantId, command: activate },
    ),
    trackerControl(
      "tempoCommand",
      "TEMPO.TRACKER.Control.Defend",
      "fa-solid fa-shield-halved",
      refusal(input, defend),
      {
        combatantId,
        command: defend,
      },
    ),
    trackerControl(
      "tempoCommand",
      "TEMPO.TRACKER.Control.Disengage",
      "fa-solid fa-person-running",
      refusal(input, disengage),
      { combatantId, command: disengage },
    ),
    // The choice of whom to wait for is the host's (a select in the preview, a dialog in Foundry).
    trackerControl("phaseDelay", "TEMPO.TRACKER.Control.DelayAfter", "fa-solid fa-clock", refusal(input, delay), {
      combatantId,
    }),
  ];
}

export interface PhaseDelayChoice {
  readonly id: string;
  readonly name: string;
}

function delayChoicesOf(input: TrackerInput, facts: PhaseTrackerFacts): PhaseDelayChoice[] {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const out: PhaseDelayChoice[] = [];
  for (const id of facts.delayTargets) {
    const c = byId.get(id);
    if (c !== undefined && visibleTo(input, c)) out.push({ id, name: c.name });
  }
  return out;
}

/**
 * PHS-9: whom `combatantId` may delay after now, as this viewer may name them (hidden creatures are not
 * offered to a player), in join order; empty when it may not delay now (not its battle turn, action taken).
 */
export function phaseDelayChoices(input: TrackerInput, combatantId: string): PhaseDelayChoice[] {
  const facts = phaseTrackerFactsOf(input.host, input.state);
  if (facts === null || facts.current !== combatantId) return [];
  return delayChoicesOf(input, facts);
}
