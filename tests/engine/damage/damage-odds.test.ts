import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { constant, die, maxValue, probOf, type Distribution } from "../../../src/engine/dice/distribution.ts";
import { applyDamage, DEFAULT_DAMAGE_SETTINGS } from "../../../src/engine/damage/apply-damage.ts";
import type { DamageDice } from "../../../src/engine/damage/damage-dice.ts";
import {
  damageAfterDrDistribution,
  damageDiceDistribution,
  expectedDamage,
  overshieldDamageOdds,
  withHitChance,
} from "../../../src/engine/damage/damage-odds.ts";
import type { DrMode } from "../../../src/engine/damage/damage-reduction.ts";
import { attack, dr, hits, shield, target } from "./builders.ts";

function value<T>(r: { ok: true; value: T } | { ok: false; error: { key: string } }): T {
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
}

function total(d: Distribution): number {
  return d.probs.reduce((s, p) => s + p, 0);
}

/** Every equally likely face sequence of `swings` rolls of `dice`, as damage totals per swing. */
function allRolls(dice: DamageDice, swings: number): number[][] {
  const oneRoll: number[] = [];
  const walk = (left: number, sum: number): void => {
    if (left === 0) {
      oneRoll.push(Math.max(0, sum + dice.bonus));
      return;
    }
    for (let f = 1; f <= dice.sides; f++) walk(left - 1, sum + f);
  };
  walk(dice.count, 0);
  let seqs: number[][] = [[]];
  for (let i = 0; i < swings; i++) seqs = seqs.flatMap((s) => oneRoll.map((v) => [...s, v]));
  return seqs;
}

/** Tallies `f` over all roll sequences into exact frequencies. */
function tally(seqs: number[][], f: (seq: number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of seqs) {
    const v = f(s);
    out.set(v, (out.get(v) ?? 0) + 1 / seqs.length);
  }
  return out;
}

function expectMatches(d: Distribution, expected: Map<number, number>): void {
  for (const [v, p] of expected) expect(probOf(d, v)).toBeCloseTo(p, 10);
  expect(total(d)).toBeCloseTo(1, 10);
}

const arbDice = fc.record({
  count: fc.integer({ min: 1, max: 2 }),
  sides: fc.integer({ min: 2, max: 6 }),
  bonus: fc.integer({ min: -2, max: 2 }),
});
/** Small enough to enumerate every roll sequence quickly (at most 16³ sequences). */
const arbSmallDice = fc.record({
  count: fc.integer({ min: 1, max: 2 }),
  sides: fc.integer({ min: 2, max: 4 }),
  bonus: fc.integer({ min: -2, max: 2 }),
});

describe("damage odds", () => {
  it("CNT-15: the 16d6 of a charged Maul ranges 16–96 with mean 56", () => {
    const d = damageDiceDistribution({ count: 16, sides: 6, bonus: 0 });
    expect([d.min, maxValue(d)]).toEqual([16, 96]);
    expect(expectedDamage(d)).toBeCloseTo(56, 9);
    expect(total(d)).toBeCloseTo(1, 12);
  });

  it("AP-1 / DR-2: eight swings of 1d8 with per-hit DR 2 average 21 on a hit, 12.6 at a 60% chance to hit", () => {
    // One swing after DR 2: faces 1..8 become 0,0,1,2,3,4,5,6 → mean 21/8; eight swings → 21.
    const onHit = value(damageAfterDrDistribution(die(8), 8, 2, "perHit"));
    expect(expectedDamage(onHit)).toBeCloseTo(21, 9);
    const odds = value(withHitChance(onHit, 0.6));
    expect(expectedDamage(odds)).toBeCloseTo(12.6, 9);
    // One attack roll covers all swings: a miss is 0 for all of them.
    expect(probOf(odds, 0)).toBeCloseTo(0.4 + 0.6 * (2 / 8) ** 8, 12);
  });

  it("DR-2: per attack, eight swings of 1d8 against DR 2 average 36 − 2 = 34 (the sum of at least 8 never drops below DR)", () => {
    expect(expectedDamage(value(damageAfterDrDistribution(die(8), 8, 2, "perAttack")))).toBeCloseTo(34, 9);
  });

  it("DR-2: per-hit and per-attack distributions equal brute-force enumeration through applyDamage (property)", () => {
    fc.assert(
      fc.property(
        arbSmallDice,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom<DrMode>("perHit", "perAttack"),
        (dice, swings, drValue, mode) => {
          const hit = damageDiceDistribution(dice);
          const d = value(damageAfterDrDistribution(hit, swings, drValue, mode));
          const t = target({ hp: 10_000, maxHp: 10_000, dr: dr({ physical: drValue }) });
          const expected = tally(
            allRolls(dice, swings),
            (seq) =>
              value(
                applyDamage(t, attack({ hits: hits("physical", ...seq) }), {
                  ...DEFAULT_DAMAGE_SETTINGS,
                  drMode: mode,
                }),
              ).hpLoss,
          );
          expectMatches(d, expected);
        },
      ),
    );
  });

  it("OSH-4: hit-point loss and shield left through an overshield equal brute-force enumeration through applyDamage (property)", () => {
    fc.assert(
      fc.property(
        arbSmallDice,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom<DrMode>("perHit", "perAttack"),
        (dice, swings, shieldHp, shieldDr, creatureDr, mode) => {
          const odds = value(
            overshieldDamageOdds({
              hit: damageDiceDistribution(dice),
              swings,
              mode,
              shieldHp,
              shieldDr,
              creatureDr,
              hitChance: 1,
            }),
          );
          const t = target({
            hp: 10_000,
            maxHp: 10_000,
            dr: dr({ physical: creatureDr }),
            overshield: shieldHp === 0 ? null : shield({ hp: shieldHp, dr: dr({ physical: shieldDr }) }),
          });
          const outcomes = allRolls(dice, swings).map((seq) =>
            value(
              applyDamage(t, attack({ hits: hits("physical", ...seq) }), { ...DEFAULT_DAMAGE_SETTINGS, drMode: mode }),
            ),
          );
          const asSeq = outcomes.map((o) => [o.hpLoss, o.overshield?.hp ?? 0]);
          expectMatches(
            odds.hpLoss,
            tally(asSeq, ([loss]) => loss ?? 0),
          );
          expectMatches(
            odds.shieldLeft,
            tally(asSeq, ([, left]) => left ?? 0),
          );
          const broke = outcomes.filter((o) => o.shieldBroken).length / outcomes.length;
          expect(odds.breakChance).toBeCloseTo(broke, 10);
        },
      ),
    );
  });

  it("OSH-1: with a hit chance, a miss leaves the shield whole and hit points untouched", () => {
    const odds = value(
      overshieldDamageOdds({
        hit: constant(20),
        swings: 1,
        mode: "perHit",
        shieldHp: 10,
        shieldDr: 0,
        creatureDr: 0,
        hitChance: 0.25,
      }),
    );
    expect(probOf(odds.hpLoss, 0)).toBeCloseTo(0.75, 12);
    expect(probOf(odds.hpLoss, 10)).toBeCloseTo(0.25, 12);
    expect(probOf(odds.shieldLeft, 10)).toBeCloseTo(0.75, 12);
    expect(odds.breakChance).toBeCloseTo(0.25, 12);
  });

  it("ATK-ROT-4: a critical adds the weapon's maximum damage once: 1d8 at 60% to hit, 5% critical, averages 0.6 × 4.5 + 0.05 × 8 = 3.1", () => {
    const odds = value(withHitChance(die(8), 0.6, 0.05, 8));
    expect(expectedDamage(odds)).toBeCloseTo(3.1, 12);
    expect(probOf(odds, 0)).toBeCloseTo(0.4, 12);
    // Ordinary hits (55%) spread over 1–8, criticals (5%) over 9–16.
    for (let v = 1; v <= 8; v++) expect(probOf(odds, v)).toBeCloseTo(0.55 / 8, 12);
    for (let v = 9; v <= 16; v++) expect(probOf(odds, v)).toBeCloseTo(0.05 / 8, 12);
    expect(maxValue(odds)).toBe(16);
  });

  it("ATK-ROT-4: eight AP swings of 1d8 get the maximum once, not per swing (+8, not +64)", () => {
    const onHit = value(damageAfterDrDistribution(die(8), 8, 0, "perHit"));
    const allCrit = value(withHitChance(onHit, 1, 1, 8));
    expect([allCrit.min, maxValue(allCrit)]).toEqual([16, 72]);
    expect(expectedDamage(allCrit)).toBeCloseTo(36 + 8, 9);
  });

  it("ATK-ROT-4: a critical chance above the hit chance, or a negative maximum, is a typed error", () => {
    expect(withHitChance(die(8), 0.3, 0.4, 8)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidChance", data: { chance: "0.4" } },
    });
    expect(withHitChance(die(8), 0.3, 0.1, -1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidAmount", data: { amount: "-1" } },
    });
  });

  it("AP-1: odds inputs out of range are typed errors (chance above 1, fractional swings, negative DR)", () => {
    expect(withHitChance(die(6), 1.5)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidChance", data: { chance: "1.5" } },
    });
    expect(damageAfterDrDistribution(die(6), 1.5, 0, "perHit").ok).toBe(false);
    expect(damageAfterDrDistribution(die(6), 2, -1, "perHit").ok).toBe(false);
    expect(
      overshieldDamageOdds({
        hit: die(6),
        swings: 2,
        mode: "perHit",
        shieldHp: 5,
        shieldDr: 0,
        creatureDr: 0,
        hitChance: -0.1,
      }).ok,
    ).toBe(false);
  });

  it("DR-1: damage distributions always sum to 1 and never go below 0 (property)", () => {
    fc.assert(
      fc.property(
        arbDice,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (dice, swings, drValue, chance) => {
          for (const mode of ["perHit", "perAttack"] as const) {
            const d = value(
              withHitChance(
                value(damageAfterDrDistribution(damageDiceDistribution(dice), swings, drValue, mode)),
                chance,
              ),
            );
            expect(total(d)).toBeCloseTo(1, 9);
            expect(d.min).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
