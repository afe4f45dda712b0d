/**
 * Standard scheduler: time of one full round (every creature's turn, through the round rollover) for
 * 10 to 10,000 combatants, the time per turn step, and the growth per ×10 combatants.
 * Targets: a step under 1 ms at 1,000 combatants; a round at 10,000 under 100 ms.
 * Run: npx tsx bench/standard.bench.ts
 */
import { withHistory, withHistoryState } from "../src/engine/initiative/history.ts";
import { createStandardState, standardScheduler, type StandardState } from "../src/engine/initiative/standard/index.ts";

function started(n: number): StandardState {
  // Distinct totals with a tenth of the creatures defeated (DEF-1 skipping is part of a real round).
  const created = createStandardState(Array.from({ length: n }, (_, i) => ({ id: `c${i}`, dexBonus: i % 5, initiative: n - i })));
  if (!created.ok) throw new Error(created.error.key);
  let state = created.value;
  const begun = standardScheduler.apply(state, { type: "start" });
  if (!begun.ok) throw new Error(begun.error.key);
  state = begun.value.state;
  for (let i = 3; i < n; i += 10) {
    const t = standardScheduler.apply(state, { type: "defeat", combatantId: `c${i}` });
    if (t.ok) state = t.value.state;
  }
  return state;
}

/** Milliseconds for `rounds` full rounds, best of `repeats`. */
function timeRounds(n: number, withUndo: boolean, rounds: number, repeats: number): { round: number; steps: number } {
  const scheduler = withHistory(standardScheduler);
  let best = Number.POSITIVE_INFINITY;
  let steps = 0;
  for (let r = 0; r < repeats; r++) {
    const base = started(n);
    let plain = base;
    let history = withHistoryState(base);
    const startRound = base.round;
    steps = 0;
    const t0 = performance.now();
    while (plain.round < startRound + rounds && history.present.round < startRound + rounds) {
      if (withUndo) {
        const t = scheduler.apply(history, { type: "next" });
        if (!t.ok) throw new Error(t.error.key);
        history = t.value.state;
      } else {
        const t = standardScheduler.apply(plain, { type: "next" });
        if (!t.ok) throw new Error(t.error.key);
        plain = t.value.state;
      }
      steps++;
    }
    best = Math.min(best, performance.now() - t0);
  }
  return { round: best / rounds, steps: steps / rounds };
}

function report(label: string, withUndo: boolean): void {
  console.log(`\n${label}`);
  console.log("combatants | round (ms) | per step (µs) | growth ×10");
  let previous: number | null = null;
  for (const n of [10, 100, 1_000, 10_000]) {
    const rounds = n >= 10_000 ? 3 : n >= 1_000 ? 10 : 100;
    const { round, steps } = timeRounds(n, withUndo, rounds, 5);
    const growth = previous === null ? "" : `×${(round / previous).toFixed(1)}`;
    console.log(`${String(n).padStart(10)} | ${round.toFixed(3).padStart(10)} | ${((round / steps) * 1000).toFixed(2).padStart(13)} | ${growth}`);
    previous = round;
  }
}

timeRounds(1_000, false, 10, 3); // warm-up
report("standard: a full round of `next` (plain state)", false);
report("standard: a full round of `next` through withHistory (undo kept)", true);
