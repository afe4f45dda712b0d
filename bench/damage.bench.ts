/**
 * Damage benchmark: median time (µs) of the exact damage odds the chat cards and dialogs show.
 * Target: under 1 ms each. Run with `npx tsx bench/damage.bench.ts`. Prints figures only.
 */
import { performance } from "node:perf_hooks";
import { die } from "../src/engine/dice/distribution.ts";
import {
  damageAfterDrDistribution,
  damageDiceDistribution,
  expectedDamage,
  overshieldDamageOdds,
  withHitChance,
} from "../src/engine/damage/damage-odds.ts";
import { applyDamage } from "../src/engine/damage/apply-damage.ts";
import type { Result } from "../src/engine/core/result.ts";

const RUNS = 2000;
const WARMUP = 200;

function unwrapOk<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
}

/** Median and 95th percentile, in µs, of `RUNS` timed calls after a warm-up. */
function time(fn: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  const mid = Math.floor(samples.length / 2);
  return { median: samples[mid] ?? 0, p95: samples[Math.floor(samples.length * 0.95)] ?? 0 };
}

const d8 = die(8);
const cases: { name: string; run: () => number }[] = [
  {
    name: "16d6 distribution (charged Maul)",
    run: () => expectedDamage(damageDiceDistribution({ count: 16, sides: 6, bonus: 0 })),
  },
  {
    name: "8 swings of 1d8, per-hit DR 2, 60% to hit",
    run: () => expectedDamage(unwrapOk(withHitChance(unwrapOk(damageAfterDrDistribution(d8, 8, 2, "perHit")), 0.6))),
  },
  {
    name: "8 swings of 1d8, per-attack DR 2, 60% to hit",
    run: () => expectedDamage(unwrapOk(withHitChance(unwrapOk(damageAfterDrDistribution(d8, 8, 2, "perAttack")), 0.6))),
  },
  {
    name: "overshield 20 (DR 1) absorbing 8 swings of 1d8, creature DR 2, per hit",
    run: () =>
      expectedDamage(
        unwrapOk(
          overshieldDamageOdds({
            hit: d8,
            swings: 8,
            mode: "perHit",
            shieldHp: 20,
            shieldDr: 1,
            creatureDr: 2,
            hitChance: 0.6,
          }),
        ).hpLoss,
      ),
  },
  {
    name: "overshield 20 (DR 1) absorbing 8 swings of 1d8, creature DR 2, per attack",
    run: () =>
      expectedDamage(
        unwrapOk(
          overshieldDamageOdds({
            hit: d8,
            swings: 8,
            mode: "perAttack",
            shieldHp: 20,
            shieldDr: 1,
            creatureDr: 2,
            hitChance: 0.6,
          }),
        ).hpLoss,
      ),
  },
  {
    name: "applyDamage: 8 swings through an overshield",
    run: () =>
      unwrapOk(
        applyDamage(
          {
            hp: 40,
            maxHp: 40,
            playerCharacter: true,
            dr: { physical: 2, elemental: 0, arcane: 0 },
            overshield: { hp: 20, dr: { physical: 1, elemental: 0, arcane: 0 }, effect: "ward", condition: null },
            deathThreshold: null,
          },
          {
            hits: [5, 8, 3, 6, 7, 1, 4, 8].map((amount) => [{ amount, kind: "physical" }]),
            multipliers: [],
            ignoresOvershield: false,
            effects: [],
          },
        ),
      ).hp,
  },
];

console.log("case".padEnd(76), "median µs".padStart(10), "p95 µs".padStart(10), "  result");
for (const c of cases) {
  const t = time(c.run);
  console.log(
    c.name.padEnd(76),
    t.median.toFixed(1).padStart(10),
    t.p95.toFixed(1).padStart(10),
    " ",
    c.run().toFixed(4),
  );
}
