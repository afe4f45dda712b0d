/** Small builders for standard-scheduler tests: run commands, answer dice requests by combatant. */
import {
  createStandardState,
  standardScheduler,
  type StandardCombatantInput,
  type StandardEvent,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";
import type { Transition } from "../../../../src/engine/initiative/contract.ts";
import { briefLinear, linearFixtures, must } from "../shared/linear-fixtures.ts";

export { must };

export function make(combatants: readonly StandardCombatantInput[]): StandardState {
  return must(createStandardState(combatants));
}

export const { step, roll, nextTimes } = linearFixtures(standardScheduler);

/**
 * Compact event notation for readable expectations: "T+1:A" turn started, "T-1:A" ended, "R+2" round
 * started…; Delay and Ready events as "delayed:A", "delayEnded:A>B" (re-entered after B, "!" when forced),
 * "readied:A", "readyTriggered:A", "readyLapsed:A".
 */
export function brief(events: readonly StandardEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case "delayed":
      case "readied":
      case "readyTriggered":
      case "readyLapsed":
      case "actionUsed":
        return `${e.type}:${e.combatantId}`;
      case "delayEnded":
        return `delayEnded:${e.combatantId}>${e.afterId ?? "-"}${e.forced ? "!" : ""}`;
      default:
        return briefLinear(e);
    }
  });
}

/** Ids in this round's order, as the tracker shows them. */
export function orderOf(state: StandardState): (string | null)[] {
  return standardScheduler.timeline(state).map((e) => e.combatantId);
}

/** An encounter of `combatants` after `start`. */
export function startedWith(combatants: readonly StandardCombatantInput[]): Transition<StandardState, StandardEvent> {
  return step(make(combatants), { type: "start" });
}
