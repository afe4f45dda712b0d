/**
 * Segment rounds: one full round (declarations, group d6, steps 3–8) for 10 to 10,000 combatants in
 * two groups with mixed declarations, the time of one turn step, and the growth per ×10 combatants.
 * Run: node --import ./bench/support/ts-loader.mjs bench/segment.bench.ts
 */
import { unwrap } from "../src/engine/core/result.ts";
import {
  createSegmentState,
  SEGMENT_NO_DECLARATION,
  segmentScheduler,
  type SegmentDeclaration,
  type SegmentState,
} from "../src/engine/initiative/segment/index.ts";
import { bestRuns, cpuMs, growth, SIZES, tableRow } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const results = recorder("segment");

const MIX: readonly SegmentDeclaration[] = [
  { ...SEGMENT_NO_DECLARATION, action: "melee", weaponSpeed: 5 },
  { ...SEGMENT_NO_DECLARATION, action: "missile" },
  { ...SEGMENT_NO_DECLARATION, action: "spell", castingTime: 3 },
  { ...SEGMENT_NO_DECLARATION, action: "melee", weaponSpeed: 2, routines: 2 },
  { ...SEGMENT_NO_DECLARATION, action: "charge", weaponSpeed: 7 },
  { ...SEGMENT_NO_DECLARATION, action: "other" },
];

interface Figures {
  n: number;
  roundMs: number;
  declareMs: number;
  steps: number;
  stepMeanUs: number;
  /** The heaviest step: starting step 3 schedules the whole round (O(n log n), once per round). */
  scheduleStepUs: number;
}

function apply(state: SegmentState, command: Parameters<typeof segmentScheduler.apply>[1]): SegmentState {
  return unwrap(segmentScheduler.apply(state, command)).state;
}

function measure(n: number): Figures {
  const joins = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    groupId: i % 2 === 0 ? "party" : "foes",
    dexReaction: 0,
    surprised: false,
  }));
  let state = unwrap(createSegmentState(joins));
  state = apply(state, { type: "start" });
  const t0 = cpuMs();
  for (let i = 0; i < n; i++)
    state = apply(state, {
      type: "declare",
      combatantId: `c${i}`,
      declaration: MIX[i % MIX.length] ?? SEGMENT_NO_DECLARATION,
    });
  state = apply(state, { type: "next" });
  state = apply(state, {
    type: "rolls",
    results: state.rolls.map((r, i) => ({ requestId: r.request.id, total: 2 + i })),
  });
  const t1 = cpuMs();
  state = apply(state, { type: "next" });
  const t2 = cpuMs();
  let steps = 1;
  while (state.step !== 8) {
    state = apply(state, { type: "next" });
    steps++;
  }
  const t3 = cpuMs();
  return {
    n,
    roundMs: t3 - t0,
    declareMs: t1 - t0,
    steps,
    stepMeanUs: ((t3 - t1) / steps) * 1000,
    scheduleStepUs: (t2 - t1) * 1000,
  };
}

function best(n: number): Figures {
  return bestRuns(n >= 10_000 ? 5 : 9, () => measure(n), ["roundMs", "declareMs", "stepMeanUs", "scheduleStepUs"]);
}

const rows = SIZES.map(best);
console.log("segment rounds: one full round (declarations, group d6, steps 3-8), best of several runs");
console.log(
  "CPU time. combatants | round ms | declare+roll ms | steps | mean step µs | schedule step µs | round growth ×10",
);
rows.forEach((r, i) => {
  const previous = rows[i - 1];
  const figure = (metric: string, value: number, unit: string): void => results.row("round", r.n, metric, value, unit);
  figure("round", r.roundMs, "ms");
  figure("declare+roll", r.declareMs, "ms");
  figure("steps", r.steps, "steps");
  figure("mean step", r.stepMeanUs, "µs");
  figure("schedule step", r.scheduleStepUs, "µs");
  if (previous !== undefined) figure("round growth", r.roundMs / previous.roundMs, "×");
  console.log(
    tableRow([
      String(r.n).padStart(19),
      r.roundMs.toFixed(2).padStart(8),
      r.declareMs.toFixed(2).padStart(15),
      String(r.steps).padStart(5),
      r.stepMeanUs.toFixed(1).padStart(12),
      r.scheduleStepUs.toFixed(0).padStart(16),
      growth(r.roundMs, previous?.roundMs).padStart(17),
    ]),
  );
});
