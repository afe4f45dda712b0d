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
  const created = createStandardState(
    Array.from({ length: n }, (_, i) => ({ id: `c${i}`, dexBonus: i % 5, initiative: n - i })),
  );
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
    console.log(
      `${String(n).padStart(10)} | ${round.toFixed(3).padStart(10)} | ${((round / steps) * 1000).toFixed(2).padStart(13)} | ${growth}`,
    );
    previous = round;
  }
}

/**
 * Changes mid-round at `n` combatants, best of 4, in ms. They are O(n), not steps: each copies the
 * combatant record (plain JSON, so no structural sharing of its entries) and an order array.
 */
function timeChanges(n: number): Record<string, number> {
  let state = started(n);
  for (let i = 0; i < n / 2; i++) {
    const t = standardScheduler.apply(state, { type: "next" });
    if (t.ok) state = t.value.state;
  }
  const best: Record<string, number> = {
    "join + roll": Infinity,
    setInitiative: Infinity,
    defeat: Infinity,
    leave: Infinity,
  };
  const time = (label: string, run: () => void): void => {
    const t0 = performance.now();
    run();
    best[label] = Math.min(best[label] ?? Infinity, performance.now() - t0);
  };
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { key: string } }): T => {
    if (!r.ok) throw new Error(r.error.key);
    return r.value;
  };
  const late = `c${n - 2}`;
  for (let k = 0; k < 4; k++) {
    time("join + roll", () => {
      const joined = must(standardScheduler.apply(state, { type: "join", combatantId: `late${k}`, dexBonus: 0 }));
      must(
        standardScheduler.apply(joined.state, {
          type: "rolls",
          results: [{ requestId: joined.requests[0]?.id ?? "", total: 7 }],
        }),
      );
    });
    time("setInitiative", () =>
      must(standardScheduler.apply(state, { type: "setInitiative", combatantId: late, value: 5 })),
    );
    time("defeat", () => must(standardScheduler.apply(state, { type: "defeat", combatantId: late })));
    time("leave", () => must(standardScheduler.apply(state, { type: "leave", combatantId: late })));
  }
  return best;
}

timeRounds(1_000, false, 10, 3); // warm-up
report("standard: a full round of `next` (plain state)", false);
report("standard: a full round of `next` through withHistory (undo kept)", true);
console.log("\nstandard: one change mid-round (O(n), not a step), ms");
console.log("combatants | " + Object.keys(timeChanges(10)).join(" | "));
for (const n of [1_000, 10_000]) {
  const best = timeChanges(n);
  console.log(
    `${String(n).padStart(10)} | ${Object.values(best)
      .map((v) => v.toFixed(2))
      .join(" | ")}`,
  );
}
