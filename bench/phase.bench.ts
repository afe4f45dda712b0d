/**
 * Phase rounds: one full round (initiative with every roll-off, movement, battle, end) for 10 to 10,000
 * combatants, the time of one turn step, and how each grows per ×10 combatants.
 * Run: node --import ./bench/support/ts-loader.mjs bench/phase.bench.ts
 */
import { unwrap } from "../src/engine/core/result.ts";
import type { DiceRequest } from "../src/engine/initiative/contract.ts";
import { createPhaseState, phaseScheduler, type PhaseCommand } from "../src/engine/initiative/phase/index.ts";
import { bestRuns, cpuMs, growth, SIZES } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const results = recorder("phase");

/** A seeded generator, so every run rolls the same dice. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const d6 = (rand: () => number): number => 1 + Math.floor(rand() * 6);

function answer(pending: readonly DiceRequest[], rand: () => number): PhaseCommand {
  const results = pending.map((r) => {
    if (r.formula === "1d6") return { requestId: r.id, total: d6(rand) };
    // "2d6 + INT + AGI": the bench combatants have INT 1 and AGI 0.
    return { requestId: r.id, total: d6(rand) + d6(rand) + 1 };
  });
  return { type: "rolls", results };
}

interface Figures {
  n: number;
  /** The scripted dice feeder's own time (not part of the round). */
  feederMs: number;
  /** Answer batches and dice results the initiative phase took (ties roll off again and again). */
  batches: number;
  results: number;
  /** Start of the round (initiative requests) to the end phase with its saves, feeder excluded. */
  roundMs: number;
  /** The initiative phase: the start of the round, every 2d6 and every d6 roll-off fed back. */
  initiativeMs: number;
  /** Movement, battle and end: every turn step. */
  turnsMs: number;
  steps: number;
  stepMeanUs: number;
  /** The heaviest step: starting the movement phase sorts both lanes (O(n log n), once per round). */
  sortStepUs: number;
}

function measure(n: number): Figures {
  const rand = mulberry32(n);
  let state = unwrap(createPhaseState(Array.from({ length: n }, (_, i) => ({ id: `c${i}`, int: 1, agi: 0 }))));
  const t0 = cpuMs();
  // The round starts with the initiative phase: every creature is asked for 2d6 + INT + AGI.
  state = unwrap(phaseScheduler.apply(state, { type: "start" })).state;
  // Initiative phase: every roll, then roll-offs until every tie is broken. The scripted feeder stands
  // for the adapter's dice: its own time is measured apart and left out of the round.
  let feederMs = 0;
  let batches = 0;
  let results = 0;
  for (let pending = phaseScheduler.pending(state); pending.length > 0; pending = phaseScheduler.pending(state)) {
    const f0 = cpuMs();
    const command = answer(pending, rand);
    feederMs += cpuMs() - f0;
    batches++;
    results += pending.length;
    state = unwrap(phaseScheduler.apply(state, command)).state;
  }
  const t1 = cpuMs() - feederMs;
  state = unwrap(phaseScheduler.apply(state, { type: "next" })).state;
  const t2 = cpuMs() - feederMs;
  let steps = 1;
  while (state.phase !== "end") {
    state = unwrap(phaseScheduler.apply(state, { type: "next" })).state;
    steps++;
  }
  const t3 = cpuMs() - feederMs;
  return {
    n,
    feederMs,
    batches,
    results,
    roundMs: t3 - t0,
    initiativeMs: t1 - t0,
    turnsMs: t3 - t1,
    steps,
    stepMeanUs: ((t3 - t1) / steps) * 1000,
    sortStepUs: (t2 - t1) * 1000,
  };
}

function best(n: number): Figures {
  const fastest = ["roundMs", "initiativeMs", "turnsMs", "stepMeanUs", "sortStepUs", "feederMs"] as const;
  return bestRuns(n >= 10_000 ? 5 : 9, () => measure(n), fastest);
}

const rows = SIZES.map(best);
console.log(
  "phase rounds: one full round (start + initiative + roll-offs, movement, battle, end), best of several runs",
);
console.log(
  "target: round < 100 ms at 10,000; a turn step < 1 ms at 1,000; growth no worse than n log n (×10 → about ×13)",
);
console.log(
  "CPU time, feeder excluded. combatants | round ms | initiative ms | turns ms | steps | mean step µs | movement-start step µs | round growth ×10 | dice batches/results | feeder ms",
);
rows.forEach((r, i) => {
  const previous = rows[i - 1];
  const figure = (metric: string, value: number, unit: string): void => results.row("round", r.n, metric, value, unit);
  figure("round", r.roundMs, "ms");
  figure("initiative", r.initiativeMs, "ms");
  figure("turns", r.turnsMs, "ms");
  figure("steps", r.steps, "steps");
  figure("mean step", r.stepMeanUs, "µs");
  figure("movement-start step", r.sortStepUs, "µs");
  if (previous !== undefined) figure("round growth", r.roundMs / previous.roundMs, "×");
  figure("dice batches", r.batches, "batches");
  figure("dice results", r.results, "results");
  figure("feeder", r.feederMs, "ms");
  console.log(
    [
      String(r.n).padStart(10),
      r.roundMs.toFixed(2).padStart(8),
      r.initiativeMs.toFixed(2).padStart(13),
      r.turnsMs.toFixed(2).padStart(8),
      String(r.steps).padStart(5),
      r.stepMeanUs.toFixed(1).padStart(12),
      r.sortStepUs.toFixed(0).padStart(22),
      growth(r.roundMs, previous?.roundMs).padStart(17),
      `${r.batches}/${r.results}`.padStart(20),
      r.feederMs.toFixed(2).padStart(9),
    ].join(" | "),
  );
});
