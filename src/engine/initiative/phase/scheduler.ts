/**
 * Phase rounds (`phase`, RULES §3): Initiative, Movement, Battle, End, every round (PHS-1).
 * One command, one transition: see turns.ts (phases and turns), settle.ts (dice), changes.ts (join,
 * leave, defeat, revive, set initiative) and actions.ts (seize, delay, defend, disengage).
 */
import { err } from "../../core/result.ts";
import type { Scheduler } from "../contract.ts";
import { battleAction, delay, seize, useBattleAction } from "./actions.ts";
import { defeat, join, leave, revive, setInitiative } from "./changes.ts";
import { phasePending, type Step } from "./draft.ts";
import { rolls } from "./settle.ts";
import { phaseTimeline } from "./timeline.ts";
import { next, start } from "./turns.ts";
import type { PhaseCommand, PhaseEvent, PhaseState } from "./types.ts";

/** PHS-1: one command, one transition (engine contract). */
export function applyPhase(state: PhaseState, command: PhaseCommand): Step {
  switch (command.type) {
    case "start":
      return start(state);
    case "next":
      return next(state);
    case "rolls":
      return rolls(state, command.results);
    case "join":
      return join(state, command.combatant);
    case "leave":
      return leave(state, command.combatantId);
    case "defeat":
      return defeat(state, command.combatantId);
    case "revive":
      return revive(state, command.combatantId);
    case "setInitiative":
      return setInitiative(state, command.combatantId, command.value);
    case "seize":
      return seize(state, command.combatantId);
    case "delay":
      return delay(state, command.combatantId, command.afterId);
    case "defend":
      return battleAction(state, command.combatantId, "defend");
    case "disengage":
      return battleAction(state, command.combatantId, "disengage");
    case "battleAction":
      return useBattleAction(state, command.combatantId, command.action);
    default:
      return err("TEMPO.ERRORS.Phase.UnknownCommand");
  }
}

/** PHS-3, PHS-7: the creature taking its movement or battle turn, or null (between turns, rolling, end phase). */
export function phaseCurrent(state: PhaseState): string | null {
  return state.current;
}

/** PHS-1: the phase-rounds scheduler (RULES §3). Wrap it with `withHistory` for undo/redo. */
export const phaseScheduler: Scheduler<PhaseState, PhaseCommand, PhaseEvent> = {
  id: "phase",
  apply: applyPhase,
  timeline: phaseTimeline,
  current: phaseCurrent,
  pending: phasePending,
};
