/** Small builders for rotation-scheduler tests: run commands, answer dice requests by combatant. */
import {
  createRotationState,
  rotationScheduler,
  type RotationCombatantInput,
  type RotationEvent,
  type RotationOptions,
  type RotationState,
} from "../../../../src/engine/initiative/rotation/index.ts";
import type { Transition } from "../../../../src/engine/initiative/contract.ts";
import { briefLinear, linearFixtures, must } from "../shared/linear-fixtures.ts";

export { must };

export function make(
  combatants: readonly RotationCombatantInput[],
  options: Partial<RotationOptions> = {},
): RotationState {
  return must(createRotationState(combatants, options));
}

export const { step, roll, nextTimes } = linearFixtures(rotationScheduler);

/** "T+1:A" turn started in rotation 1, "T-1:A" ended, "R+2" rotation started, "plan+"/"plan-" planning… */
export function brief(events: readonly RotationEvent[]): string[] {
  return events.map((e) => {
    if (e.type === "planningStarted") return `plan+:${e.initiator}`;
    if (e.type === "planningEnded") return "plan-";
    if (e.type === "initiatorSet") return `initiator:${e.initiator}`;
    if (e.type === "actionUsed") return `use:${e.task}:${e.combatantId}`;
    return briefLinear(e);
  });
}

/** The turn rows of the tracker: [combatant, position]. */
export function turns(state: RotationState): [string | null, number][] {
  return rotationScheduler
    .timeline(state)
    .filter((r) => r.kind === "turn")
    .map((r) => [r.combatantId, r.position]);
}

/** An encounter of `combatants` (with `options`) after `start`. */
export function startedWith(
  combatants: readonly RotationCombatantInput[],
  options: Partial<RotationOptions> = {},
): Transition<RotationState, RotationEvent> {
  return step(make(combatants, options), { type: "start" });
}
