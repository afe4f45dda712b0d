/**
 * Shared by the benchmarks of the linear schedulers (standard, rotation): full rounds of `next` by
 * size with the ×10 growth, plain and through withHistory, and the changes made mid-round.
 */
import type { Result } from "../../src/engine/core/result.ts";
import { unwrap } from "../../src/engine/core/result.ts";
import type { CommonCommand, Scheduler, Transition } from "../../src/engine/initiative/contract.ts";
import { withHistory, withHistoryState, type HistoryState } from "../../src/engine/initiative/history.ts";
import { bestOf, growth, SIZES } from "./measure.ts";
import type { Recorder } from "./results.ts";

/** How a benchmark walks one state forward a turn and reads its round. */
export interface Stepper<T> {
  readonly next: (state: T) => T;
  readonly round: (state: T) => number;
}

type Linear<S> = Scheduler<S, CommonCommand, unknown>;

/** `next` on the plain state; `before` may change the state first (untimed work counts: it is in the loop). */
export function plainSteps<S extends { readonly round: number }>(
  scheduler: Linear<S>,
  before: (state: S) => S = (state) => state,
): Stepper<S> {
  return { next: (state) => unwrap(scheduler.apply(before(state), { type: "next" })).state, round: (s) => s.round };
}

/** `next` through withHistory (undo kept). */
export function historySteps<S extends { readonly round: number }>(scheduler: Linear<S>): Stepper<HistoryState<S>> {
  const history = withHistory(scheduler);
  return {
    next: (state) => unwrap(history.apply(state, { type: "next" })).state,
    round: (state) => state.present.round,
  };
}

/** Wraps a started state for `historySteps`. */
export const inHistory = withHistoryState;

/**
 * The benchmarks' encounter: `created` after `start`, with every tenth creature from `c3` on defeated
 * (DEF-1: skipping them is part of a real round).
 */
export function startedWithDefeated<S>(scheduler: Linear<S>, created: Result<S>, n: number): S {
  let state = unwrap(scheduler.apply(unwrap(created), { type: "start" })).state;
  for (let i = 3; i < n; i += 10) {
    const t = scheduler.apply(state, { type: "defeat", combatantId: `c${i}` });
    if (t.ok) state = t.value.state;
  }
  return state;
}

/** Ms per round and turn steps per round of `rounds` full rounds from `start()`, best of `repeats`. */
export function timeRounds<T>(
  start: () => T,
  stepper: Stepper<T>,
  rounds: number,
  repeats: number,
): { round: number; steps: number } {
  let steps = 0;
  const best = bestOf(repeats, start, (first) => {
    let state = first;
    const target = stepper.round(state) + rounds;
    steps = 0;
    while (stepper.round(state) < target) {
      state = stepper.next(state);
      steps++;
    }
  });
  return { round: best / rounds, steps: steps / rounds };
}

/**
 * Prints the scaling table: for each size, ms per `unit` (round, rotation), µs per step and the growth.
 * `time(n, rounds)` times `rounds` full rounds at `n` combatants. Each figure is recorded under `name`.
 */
export function reportRounds(
  results: Recorder,
  name: string,
  label: string,
  unit: string,
  time: (n: number, rounds: number) => { round: number; steps: number },
): void {
  const column = `${unit} (ms)`;
  console.log(`\n${label}`);
  console.log(`combatants | ${column} | per step (µs) | growth ×10`);
  let previous: number | null = null;
  for (const n of SIZES) {
    const rounds = n >= 10_000 ? 3 : n >= 1_000 ? 10 : 100;
    const { round, steps } = time(n, rounds);
    results.row(name, n, unit, round, "ms");
    results.row(name, n, "per step", (round / steps) * 1000, "µs");
    if (previous !== null) results.row(name, n, `${unit} growth`, round / previous, "×");
    console.log(
      `${String(n).padStart(10)} | ${round.toFixed(3).padStart(column.length)} | ${((round / steps) * 1000).toFixed(2).padStart(13)} | ${growth(round, previous)}`,
    );
    previous = round;
  }
}

/** The changes a benchmark times mid-round: the common commands plus the scheme's own `join`. */
export interface ChangeBench<S> {
  readonly scheduler: Linear<S>;
  readonly join: (state: S, combatantId: string) => Result<Transition<S, unknown>>;
}

/**
 * Changes mid-round at `n` combatants (after `n / 2` steps), best of 4, in ms: join + its roll,
 * setInitiative, defeat and leave of a creature late in the order.
 */
export function timeChanges<S>(bench: ChangeBench<S>, started: S, n: number): Record<string, number> {
  const { scheduler } = bench;
  let state = started;
  for (let i = 0; i < n / 2; i++) {
    const t = scheduler.apply(state, { type: "next" });
    if (t.ok) state = t.value.state;
  }
  const best: Record<string, number> = {
    "join + roll": Infinity,
    setInitiative: Infinity,
    defeat: Infinity,
    leave: Infinity,
  };
  const time = (label: string, run: () => void): void => {
    best[label] = Math.min(
      best[label] ?? Infinity,
      bestOf(1, () => null, run),
    );
  };
  const late = `c${n - 2}`;
  for (let k = 0; k < 4; k++) {
    time("join + roll", () => {
      const joined = unwrap(bench.join(state, `late${k}`));
      unwrap(
        scheduler.apply(joined.state, {
          type: "rolls",
          results: [{ requestId: joined.requests[0]?.id ?? "", total: 7 }],
        }),
      );
    });
    time("setInitiative", () => unwrap(scheduler.apply(state, { type: "setInitiative", combatantId: late, value: 5 })));
    time("defeat", () => unwrap(scheduler.apply(state, { type: "defeat", combatantId: late })));
    time("leave", () => unwrap(scheduler.apply(state, { type: "leave", combatantId: late })));
  }
  return best;
}

/**
 * Prints the changes table at 1,000 and 10,000 combatants; `started(n)` builds the encounter. Each
 * change is recorded as its own case (`change: defeat`, …) in ms.
 */
export function reportChanges<S>(
  results: Recorder,
  title: string,
  bench: ChangeBench<S>,
  started: (n: number) => S,
): void {
  console.log(`\n${title}`);
  console.log("combatants | " + Object.keys(timeChanges(bench, started(10), 10)).join(" | "));
  for (const n of [1_000, 10_000]) {
    const best = timeChanges(bench, started(n), n);
    for (const [change, ms] of Object.entries(best)) results.row(`change: ${change}`, n, "time", ms, "ms");
    console.log(
      `${String(n).padStart(10)} | ${Object.values(best)
        .map((v) => v.toFixed(2))
        .join(" | ")}`,
    );
  }
}
