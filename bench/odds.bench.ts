/**
 * Odds benchmark (issue 3): how long the exact odds of the heaviest chat cards take, end to end,
 * through the engine's public barrel only (what the Foundry layer calls). Target: every card's odds
 * under 1 ms on this machine; the verdict uses the p95.
 *
 * Run with `node --import ./bench/support/ts-loader.mjs bench/odds.bench.ts` (or `npm run bench -- odds`). Prints figures only; timings
 * are never asserted in a test.
 */
import {
  aac0Needed,
  damageAfterDrDistribution,
  damageDiceDistribution,
  descendingArmorClass,
  expectedDamage,
  parseAac0,
  parseDamageDice,
  phaseAttackOdds,
  phaseAttackSources,
  probAtLeast,
  rotationAttackOdds,
  segmentAttackOdds,
  stepDie,
  swingsPerAction,
  withHitChance,
  type Result,
  type RotationAttackSnapshot,
} from "../src/engine/index.ts";
import { logCaseHeader, logCaseRow, timeCalls } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const RUNS = 5000;
const WARMUP = 500;
const TARGET_US = 1000;

function unwrapOk<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
}

/** (a) CNT-15: a Maul (2d6) at level 10 with +8 STR rolls 16d6; its damage, mean and chance to deal 60+. */
function maulCard(): string {
  const formula = unwrapOk(stepDie("2d6", 4, 8));
  const damage = damageDiceDistribution(unwrapOk(parseDamageDice(formula)));
  return `${formula}: mean ${expectedDamage(damage).toFixed(2)}, P(≥60) ${probAtLeast(damage, 60).toFixed(4)}`;
}

/** (b) AP-1 + DR-2 + ATK-ROT-1..5: 8 swings of 1d8 (AP 80, cost 10), DR 2 per hit, one attack roll. */
const swordsman: RotationAttackSnapshot = {
  skillBonus: 5,
  proficient: true,
  criticalThreshold: 20,
  attackerIsPlayer: true,
  defender: {
    dodge: 14,
    armor: 12,
    isPlayer: false,
    adjacentEnemies: 1,
    defense: null,
    unaware: false,
    grappled: false,
  },
};
function swingsCard(): string {
  const swings = unwrapOk(swingsPerAction(80, 10));
  const hit = damageDiceDistribution(unwrapOk(parseDamageDice("1d8")));
  const onHit = unwrapOk(damageAfterDrDistribution(hit, swings, 2, "perHit"));
  const odds = unwrapOk(rotationAttackOdds(swordsman));
  const damage = unwrapOk(withHitChance(onHit, odds.hit));
  return `${swings} swings, hit ${odds.hit.toFixed(2)}: mean ${expectedDamage(damage).toFixed(2)}, P(≥20) ${probAtLeast(damage, 20).toFixed(4)}`;
}

/** (c) PHS-8 + ADV-1: 2d6 + ATK 3 vs DEF 12 with 2 sources of advantage (tier 1 vs 0, plus a seizer, PHS-4). */
function poolCard(): string {
  const sources = unwrapOk(phaseAttackSources(1, 0, { advantage: 1, disadvantage: 0 }));
  const odds = unwrapOk(
    phaseAttackOdds({ atk: 3, def: 12, advantage: sources.advantage, disadvantage: sources.disadvantage }),
  );
  return `${odds.formula} ≥ 12: ${odds.chance.toFixed(4)}`;
}

/** (d) SEG-12: AAC0 19, +2 to hit, against AC −1 with a +2 AC bonus (AC −3): needs 20 on the table. */
function segmentCard(): string {
  const aac0 = unwrapOk(parseAac0("19"));
  const ac = unwrapOk(descendingArmorClass(-1, 2));
  const needed = unwrapOk(aac0Needed(aac0, ac));
  const odds = unwrapOk(segmentAttackOdds({ aac0, armorClass: ac, modifier: 2, mode: "normal" }));
  return `AAC0 ${aac0} vs AC ${ac} (needs ${needed}), +2: hit ${odds.hit.toFixed(4)}`;
}

const cases: { name: string; run: () => string }[] = [
  { name: "(a) 16d6 damage (Maul, level 10, +8 STR)", run: maulCard },
  { name: "(b) 8 swings of 1d8, per-hit DR 2, rotation hit chance", run: swingsCard },
  { name: "(c) {1d6,1d6,1d8}kh2 + 3 ≥ DEF 12 (2 advantage sources)", run: poolCard },
  { name: "(d) AAC0 19, +2 to hit vs AC −3", run: segmentCard },
];

const results = recorder("odds");
console.log(`${RUNS} runs per case after ${WARMUP} warm-up runs; target: p95 under ${TARGET_US} µs.`);
logCaseHeader(58, "  verdict  odds shown");
for (const c of cases) {
  const t = timeCalls(c.run, RUNS, WARMUP);
  const verdict = t.p95 < TARGET_US ? "PASS" : "OVER";
  results.spread(c.name, null, t);
  logCaseRow(c.name, 58, t, ` ${verdict.padEnd(8)}`, c.run());
}
