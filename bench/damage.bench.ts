/**
 * Damage benchmark: median time (µs) of the exact damage odds the chat cards and dialogs show.
 * Target: under 1 ms each. Run with `node --import ./bench/support/ts-loader.mjs bench/damage.bench.ts`. Prints figures only.
 */
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
import { logCaseHeader, logCaseRow, timeCalls } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const RUNS = 2000;
const WARMUP = 200;

function unwrapOk<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
}

const d8 = die(8);

/** 8 swings of 1d8, creature DR 2, 60% to hit: the DR taken off each hit or once per attack. */
const swings =
  (mode: "perHit" | "perAttack"): (() => number) =>
  () =>
    expectedDamage(unwrapOk(withHitChance(unwrapOk(damageAfterDrDistribution(d8, 8, 2, mode)), 0.6)));

/** The same swings absorbed by an overshield of 20 HP (DR 1) first. */
const throughOvershield =
  (mode: "perHit" | "perAttack"): (() => number) =>
  () =>
    expectedDamage(
      unwrapOk(
        overshieldDamageOdds({ hit: d8, swings: 8, mode, shieldHp: 20, shieldDr: 1, creatureDr: 2, hitChance: 0.6 }),
      ).hpLoss,
    );

const cases: { name: string; run: () => number }[] = [
  {
    name: "16d6 distribution (charged Maul)",
    run: () => expectedDamage(damageDiceDistribution({ count: 16, sides: 6, bonus: 0 })),
  },
  { name: "8 swings of 1d8, per-hit DR 2, 60% to hit", run: swings("perHit") },
  { name: "8 swings of 1d8, per-attack DR 2, 60% to hit", run: swings("perAttack") },
  {
    name: "overshield 20 (DR 1) absorbing 8 swings of 1d8, creature DR 2, per hit",
    run: throughOvershield("perHit"),
  },
  {
    name: "overshield 20 (DR 1) absorbing 8 swings of 1d8, creature DR 2, per attack",
    run: throughOvershield("perAttack"),
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

const results = recorder("damage");
logCaseHeader(76, "  result");
for (const c of cases) {
  const t = timeCalls(c.run, RUNS, WARMUP);
  const value = c.run();
  results.spread(c.name, null, t);
  results.row(c.name, null, "result", value, "HP");
  logCaseRow(c.name, 76, t, " ", value.toFixed(4));
}
