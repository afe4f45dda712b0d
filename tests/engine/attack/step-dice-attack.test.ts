import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  phaseAttackOdds,
  phaseAttackSources,
  resolvePhaseAttack,
  type PhaseAttackOdds,
} from "../../../src/engine/attack/step-dice-attack.ts";
import type { KeepPool } from "../../../src/engine/dice/keep-pool.ts";
import { forEachRoll } from "../dice/brute-force.ts";

const odds = (atk: number, def: number, advantage = 0, disadvantage = 0): PhaseAttackOdds => {
  const r = phaseAttackOdds({ atk, def, advantage, disadvantage });
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
};

/** Brute force: every face combination of the pool, resolved one by one; the share that hits. */
function bruteHitShare(pool: KeepPool, atk: number, def: number): number {
  let hits = 0;
  let all = 0;
  forEachRoll(pool.dice, (faces) => {
    all++;
    const r = resolvePhaseAttack({ atk, def, dice: faces, pool });
    if (r.ok && r.value.hit) hits++;
  });
  return hits / all;
}

describe("PHS-8: step-dice attacks", () => {
  it("PHS-8: equal tiers give no sources; each tier above is 1 advantage, each tier below 1 disadvantage", () => {
    expect(phaseAttackSources(1, 1)).toEqual({ ok: true, value: { advantage: 0, disadvantage: 0, net: 0 } });
    expect(phaseAttackSources(2, 1)).toEqual({ ok: true, value: { advantage: 1, disadvantage: 0, net: 1 } });
    expect(phaseAttackSources(3, 1)).toEqual({ ok: true, value: { advantage: 2, disadvantage: 0, net: 2 } });
    expect(phaseAttackSources(1, 2)).toEqual({ ok: true, value: { advantage: 0, disadvantage: 1, net: -1 } });
    expect(phaseAttackSources(1, 3)).toEqual({ ok: true, value: { advantage: 0, disadvantage: 2, net: -2 } });
  });

  it("PHS-8: other sources add up with the tiers and cancel (a tier-2 attacker against a Defending tier-1 target rolls plain 2d6)", () => {
    // PHS-10 Defend: 1 disadvantage on attacks against the defender; ADV-3 cancels it with the tier's advantage.
    expect(phaseAttackSources(2, 1, { advantage: 0, disadvantage: 1 })).toEqual({
      ok: true,
      value: { advantage: 1, disadvantage: 1, net: 0 },
    });
    // PHS-4 a seizer grants 1 advantage; PHS-11 a disengaged attacker has 1 disadvantage.
    expect(phaseAttackSources(1, 2, { advantage: 1, disadvantage: 1 })).toEqual({
      ok: true,
      value: { advantage: 1, disadvantage: 2, net: -1 },
    });
  });

  it("PHS-8: ATK +2 against DEF 9 with no sources hits on 2d6 >= 7: 21/36, rolled as 2d6 + 2", () => {
    const o = odds(2, 9);
    expect(o.chance).toBeCloseTo(21 / 36, 12);
    expect(o.formula).toBe("2d6 + 2");
    expect(o.net).toBe(0);
  });

  it("PHS-8: a tier-2 attacker against tier 1 (1 advantage) with ATK +2 against DEF 9 hits 174/216, rolled as 3d6kh2 + 2", () => {
    const o = odds(2, 9, 1, 0);
    expect(o.chance).toBeCloseTo(174 / 216, 12);
    expect(o.formula).toBe("3d6kh2 + 2");
  });

  it("PHS-8: 2 advantage, ATK -1 against DEF 12: needs 13 on {d6,d6,d8} keep 2 highest", () => {
    // 13 or more from the two highest: the d8 must be 7 or 8 with a d6 at least 13 - d8.
    // d8 = 7: some d6 = 6 → 11 of 36. d8 = 8: some d6 >= 5 → 1 - (4/6)^2 = 20 of 36.
    const expected = (1 / 8) * (11 / 36) + (1 / 8) * (20 / 36);
    const o = odds(-1, 12, 2, 0);
    expect(o.chance).toBeCloseTo(expected, 12);
    expect(o.formula).toBe("{1d6,1d6,1d8}kh2 - 1");
  });

  it("PHS-8: 1 disadvantage, ATK 0 against DEF 7: {d6,d6,d12} keep 2 lowest >= 7 is 195/432", () => {
    const o = odds(0, 7, 0, 1);
    expect(o.chance).toBeCloseTo(195 / 432, 12);
    expect(o.formula).toBe("{1d6,1d6,1d12}kl2");
  });

  it("PHS-8: the resolver keeps the two highest with advantage and compares total with DEF", () => {
    const pool: KeepPool = { dice: [6, 6, 8], keep: 2, highest: true };
    expect(resolvePhaseAttack({ atk: 1, def: 13, dice: [2, 5, 7], pool })).toEqual({
      ok: true,
      value: { total: 13, hit: true, kept: [1, 2] },
    });
    expect(resolvePhaseAttack({ atk: 1, def: 14, dice: [2, 5, 7], pool })).toEqual({
      ok: true,
      value: { total: 13, hit: false, kept: [1, 2] },
    });
  });

  it("PHS-8: the resolver keeps the two lowest with disadvantage; equal faces keep the earlier die", () => {
    const pool: KeepPool = { dice: [6, 6, 12], keep: 2, highest: false };
    expect(resolvePhaseAttack({ atk: 3, def: 8, dice: [4, 4, 1], pool })).toEqual({
      ok: true,
      value: { total: 8, hit: true, kept: [0, 2] },
    });
    expect(
      resolvePhaseAttack({ atk: 0, def: 2, dice: [1, 1, 12], pool: { dice: [6, 6, 12], keep: 2, highest: false } }),
    ).toEqual({
      ok: true,
      value: { total: 2, hit: true, kept: [0, 1] },
    });
  });

  it("PHS-8: bad rolls and bad numbers are typed errors", () => {
    const pool: KeepPool = { dice: [6, 6, 8], keep: 2, highest: true };
    expect(resolvePhaseAttack({ atk: 0, def: 7, dice: [3, 4], pool })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FacesMismatch", data: { expected: 3, got: 2 } },
    });
    expect(resolvePhaseAttack({ atk: 0, def: 7, dice: [3, 4, 9], pool })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FaceOutOfRange" },
    });
    expect(resolvePhaseAttack({ atk: 0, def: 7, dice: [3, 0, 2], pool })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FaceOutOfRange" },
    });
    expect(resolvePhaseAttack({ atk: 1.5, def: 7, dice: [3, 4, 2], pool })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.AttackInvalid" },
    });
    expect(phaseAttackOdds({ atk: 0, def: Number.NaN, advantage: 0, disadvantage: 0 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.DefenseInvalid" },
    });
    expect(phaseAttackOdds({ atk: 0, def: 7, advantage: -1, disadvantage: 0 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.SourcesInvalid" },
    });
    expect(phaseAttackSources(1.5, 1)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TierInvalid" } });
    expect(phaseAttackSources(1, 1, { advantage: 0, disadvantage: -2 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.SourcesInvalid" },
    });
  });

  it("PHS-8: the odds equal the share of all possible rolls the resolver calls a hit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -4, max: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.nat(5),
        fc.nat(5),
        (atk, def, adv, dis) => {
          const o = odds(atk, def, adv, dis);
          expect(o.chance).toBeCloseTo(bruteHitShare(o.pool, atk, def), 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("PHS-8: more advantage (or less disadvantage) never lowers the chance to hit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 8 }),
        fc.integer({ min: 0, max: 25 }),
        fc.nat(6),
        fc.nat(6),
        (atk, def, adv, dis) => {
          const base = odds(atk, def, adv, dis).chance;
          expect(odds(atk, def, adv + 1, dis).chance).toBeGreaterThanOrEqual(base - 1e-12);
          if (dis > 0) expect(odds(atk, def, adv, dis - 1).chance).toBeGreaterThanOrEqual(base - 1e-12);
        },
      ),
    );
  });

  it("PHS-8: a higher attacker tier never lowers the chance to hit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 16 }),
        (tier, target, def) => {
          const chanceAt = (t: number): number => {
            const s = phaseAttackSources(t, target);
            if (!s.ok) throw new Error(s.error.key);
            return odds(0, def, s.value.advantage, s.value.disadvantage).chance;
          };
          expect(chanceAt(tier + 1)).toBeGreaterThanOrEqual(chanceAt(tier) - 1e-12);
        },
      ),
    );
  });
});
