/** Small builders for standard-scheduler tests: run commands, answer dice requests by combatant. */
import { expect } from "vitest";
import type { Result } from "../../../../src/engine/core/result.ts";
import type { Transition } from "../../../../src/engine/initiative/contract.ts";
import {
  createStandardState,
  standardScheduler,
  type StandardCombatantInput,
  type StandardCommand,
  type StandardEvent,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";

export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error ${result.error.key}`);
  return result.value;
}

export function make(combatants: readonly StandardCombatantInput[]): StandardState {
  return must(createStandardState(combatants));
}

export function step(state: StandardState, command: StandardCommand): Transition<StandardState, StandardEvent> {
  return must(standardScheduler.apply(state, command));
}

/** Answers the pending requests of the named combatants (first pending request of each, in the given order). */
export function roll(
  state: StandardState,
  totals: Readonly<Record<string, number>>,
): Transition<StandardState, StandardEvent> {
  const pending = standardScheduler.pending(state);
  const results = Object.entries(totals).map(([id, total]) => {
    const request = pending.find((r) => r.combatantId === id);
    expect(request, `a request for ${id}`).toBeDefined();
    return { requestId: request?.id ?? "", total };
  });
  return step(state, { type: "rolls", results });
}

/** Presses `next` n times and returns the last state with all events in order. */
export function nextTimes(state: StandardState, n: number): { state: StandardState; events: StandardEvent[] } {
  let current = state;
  const events: StandardEvent[] = [];
  for (let i = 0; i < n; i++) {
    const t = step(current, { type: "next" });
    current = t.state;
    events.push(...t.events);
  }
  return { state: current, events };
}

/** Compact event notation for readable expectations: "T+1:A" turn started, "T-1:A" ended, "R+2" round started… */
export function brief(events: readonly StandardEvent[]): string[] {
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
      default:
        return `${e.type}:${e.combatantId}`;
    }
  });
}

/** Ids in this round's order, as the tracker shows them. */
export function orderOf(state: StandardState): (string | null)[] {
  return standardScheduler.timeline(state).map((e) => e.combatantId);
}
