/**
 * Dice benchmark: median time (µs) to build exact distributions and chances for the formulas the
 * rules roll most. Target: under 1 ms each. Run with `node --import ./bench/support/ts-loader.mjs bench/dice.bench.ts`.
 * Prints figures only; no test asserts timings.
 */
import { chanceAtLeast, formulaDistribution } from "../src/engine/dice/formula-odds.ts";
import { parseFormula } from "../src/engine/dice/formula-parse.ts";
import { stepDiceDistribution } from "../src/engine/dice/step-dice.ts";
import type { Formula } from "../src/engine/dice/formula.ts";
import { timeCalls, type Spread } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const RUNS = 2000;
const WARMUP = 200;

const results = recorder("dice");
const time = (fn: () => unknown): Spread => timeCalls(fn, RUNS, WARMUP);

function parsed(text: string): Formula {
  const r = parseFormula(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.key}`);
  return r.value;
}

const cases: { name: string; formula: string; target: number }[] = [
  { name: "16d6", formula: "16d6", target: 56 },
  { name: "{1d6,1d6,1d8}kh2", formula: "{1d6,1d6,1d8}kh2", target: 9 },
  { name: "4d6kh3", formula: "4d6kh3", target: 13 },
  { name: "2d20kh1", formula: "2d20kh1", target: 15 },
  { name: "100d6kh50 (stress)", formula: "100d6kh50", target: 200 },
];

const rows: string[] = [];
const row = (label: string, t: Spread): void => {
  results.spread(label, null, t);
  rows.push(
    `${label.padEnd(52)} ${t.median.toFixed(1).padStart(9)} µs   p95 ${t.p95.toFixed(1).padStart(9)} µs   ${t.median < 1000 ? "ok" : "SLOW"}`,
  );
};

for (const c of cases) {
  const f = parsed(c.formula);
  row(
    `distribution ${c.name}`,
    time(() => formulaDistribution(f)),
  );
  row(
    `chanceAtLeast ${c.name} >= ${c.target} (from text)`,
    time(() => chanceAtLeast(c.formula, c.target)),
  );
}
row(
  "stepDiceDistribution(+2) {d6,d6,d8}kh2",
  time(() => stepDiceDistribution(2)),
);
row(
  "stepDiceDistribution(-1) {d6,d6,d12}kl2",
  time(() => stepDiceDistribution(-1)),
);

console.log(`dice: median of ${RUNS} runs after ${WARMUP} warm-up runs (target < 1000 µs)`);
for (const line of rows) console.log(line);
