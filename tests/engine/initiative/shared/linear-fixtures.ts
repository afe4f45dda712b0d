/** Builders shared by the linear-scheduler tests (standard, rotation): run commands, answer dice by combatant. */
import { expect } from "vitest";
import type { Result } from "../../../../src/engine/core/result.ts";
import type { CommonCommand, CommonEvent, Scheduler, Transition } from "../../../../src/engine/initiative/contract.ts";
import type { TurnSkipped } from "../../../../src/engine/initiative/shared/turn-walk.ts";

export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error ${result.error.key}`);
  return result.value;
}

/** `step`, `roll` and `nextTimes` for one scheduler; its commands must include the common ones. */
export function linearFixtures<S, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C | CommonCommand, E>,
) {
  function step(state: S, command: C | CommonCommand): Transition<S, E> {
    return must(scheduler.apply(state, command));
  }

  /** Answers the pending request of each named combatant (the first one asked of it), in the given order. */
  function roll(state: S, totals: Readonly<Record<string, number>>): Transition<S, E> {
    const pending = scheduler.pending(state);
    const results = Object.entries(totals).map(([id, total]) => {
      const request = pending.find((r) => r.combatantId === id);
      expect(request, `a request for ${id}`).toBeDefined();
      return { requestId: request?.id ?? "", total };
    });
    return step(state, { type: "rolls", results });
  }

  /** Presses `next` n times and returns the last state with all events in order. */
  function nextTimes(state: S, n: number): { state: S; events: E[] } {
    let current = state;
    const events: E[] = [];
    for (let i = 0; i < n; i++) {
      const t = step(current, { type: "next" });
      current = t.state;
      events.push(...t.events);
    }
    return { state: current, events };
  }

  return { step, roll, nextTimes };
}

/** Compact event notation: "T+1:A" turn started, "T-1:A" ended, "skip1:A" passed over, "R+2" round started… */
export function briefLinear(e: CommonEvent | TurnSkipped): string {
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
}
