/** Small builders for rotation-scheduler tests: run commands, answer dice requests by combatant. */
import { expect } from "vitest";
import type { Result } from "../../../../src/engine/core/result.ts";
import type { Transition } from "../../../../src/engine/initiative/contract.ts";
import {
  createRotationState,
  rotationScheduler,
  type RotationCombatantInput,
  type RotationCommand,
  type RotationEvent,
  type RotationOptions,
  type RotationState,
} from "../../../../src/engine/initiative/rotation/index.ts";

export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error ${result.error.key}`);
  return result.value;
}

export function make(
  combatants: readonly RotationCombatantInput[],
  options: Partial<RotationOptions> = {},
): RotationState {
  return must(createRotationState(combatants, options));
}

export function step(state: RotationState, command: RotationCommand): Transition<RotationState, RotationEvent> {
  return must(rotationScheduler.apply(state, command));
}

/** Answers the pending request of each named combatant (a group's roll is asked of its first member). */
export function roll(
  state: RotationState,
  totals: Readonly<Record<string, number>>,
): Transition<RotationState, RotationEvent> {
  const pending = rotationScheduler.pending(state);
  const results = Object.entries(totals).map(([id, total]) => {
    const request = pending.find((r) => r.combatantId === id);
    expect(request, `a request for ${id}`).toBeDefined();
    return { requestId: request?.id ?? "", total };
  });
  return step(state, { type: "rolls", results });
}

export function nextTimes(state: RotationState, n: number): { state: RotationState; events: RotationEvent[] } {
  let current = state;
  const events: RotationEvent[] = [];
  for (let i = 0; i < n; i++) {
    const t = step(current, { type: "next" });
    current = t.state;
    events.push(...t.events);
  }
  return { state: current, events };
}

/** "T+1:A" turn started in rotation 1, "T-1:A" ended, "R+2" rotation started, "plan+"/"plan-" planning… */
export function brief(events: readonly RotationEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case "turnStarted":
        return `T+${e.round}:${e.combatantId}`;
      case "turnEnded":
        return `T-${e.round}:${e.combatantId}`;
      case "turnSkipped":
        return `skip${e.round}:${e.combatantId}`;
      case "roundStarted":
        return `R+${e.round}`;
      case "roundEnded":
        return `R-${e.round}`;
      case "initiativeSet":
        return `init:${e.combatantId}=${e.value}`;
      case "combatStarted":
        return "start";
      case "planningStarted":
        return `plan+:${e.initiator}`;
      case "planningEnded":
        return "plan-";
      default:
        return `${e.type}:${e.combatantId}`;
    }
  });
}

/** The turn rows of the tracker: [combatant, position]. */
export function turns(state: RotationState): [string | null, number][] {
  return rotationScheduler
    .timeline(state)
    .filter((r) => r.kind === "turn")
    .map((r) => [r.combatantId, r.position]);
}
