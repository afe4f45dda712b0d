/**
 * Standard scheduler: time of one full round (every creature's turn, through the round rollover) for
 * 10 to 10,000 combatants, the time per turn step, and the growth per ×10 combatants.
 * Targets: a step under 1 ms at 1,000 combatants; a round at 10,000 under 100 ms.
 * Run: node --import ./bench/support/ts-loader.mjs bench/standard.bench.ts
 */
import { createStandardState, standardScheduler, type StandardState } from "../src/engine/initiative/standard/index.ts";
import {
  historySteps,
  inHistory,
  plainSteps,
  reportChanges,
  reportRounds,
  startedWithDefeated,
  timeRounds,
} from "./support/linear-rounds.ts";
import { recorder } from "./support/results.ts";

const results = recorder("standard");

function started(n: number): StandardState {
  // Distinct totals with a tenth of the creatures defeated (DEF-1 skipping is part of a real round).
  const created = createStandardState(
    Array.from({ length: n }, (_, i) => ({ id: `c${i}`, dexBonus: i % 5, initiative: n - i })),
  );
  return startedWithDefeated(standardScheduler, created, n);
}

const plain = plainSteps(standardScheduler);
const undoKept = historySteps(standardScheduler);
const time = (withUndo: boolean) => (n: number, rounds: number) =>
  withUndo
    ? timeRounds(() => inHistory(started(n)), undoKept, rounds, 5)
    : timeRounds(() => started(n), plain, rounds, 5);

timeRounds(() => started(1_000), plain, 10, 3); // warm-up
reportRounds(results, "plain", "standard: a full round of `next` (plain state)", "round", time(false));
reportRounds(
  results,
  "history",
  "standard: a full round of `next` through withHistory (undo kept)",
  "round",
  time(true),
);
// Changes mid-round are O(n), not steps: each copies the combatant record (plain JSON, so no structural
// sharing of its entries) and an order array.
reportChanges(
  results,
  "standard: one change mid-round (O(n), not a step), ms",
  {
    scheduler: standardScheduler,
    join: (state, combatantId) => standardScheduler.apply(state, { type: "join", combatantId, dexBonus: 0 }),
  },
  started,
);
