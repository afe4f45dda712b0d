import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  flankingPenalty,
  resolveRotationAttack,
  rotationAttackOdds,
  rotationSkillBonus,
  type RotationAttackSnapshot,
  type RotationDefender,
} from "../../../src/engine/attack/rotation-attack.ts";
import { expectOddsMatchRolls, facePairs, singleFaces, value } from "./support.ts";

const defender = (over: Partial<RotationDefender> = {}): RotationDefender => ({
  dodge: 14,
  armor: 12,
  isPlayer: false,
  adjacentEnemies: 1,
  defense: null,
  unaware: false,
  grappled: false,
  ...over,
});

const attack = (
  over: Partial<RotationAttackSnapshot> = {},
  def: Partial<RotationDefender> = {},
): RotationAttackSnapshot => ({
  skillBonus: 5,
  proficient: true,
  criticalThreshold: 20,
  attackerIsPlayer: false,
  defender: defender(def),
  ...over,
});

const keys = (snapshot: RotationAttackSnapshot, faces: readonly number[]) =>
  value(resolveRotationAttack(faces, snapshot)).notes.map((n) => n.key);

describe("ATK-ROT rotation attacks", () => {
  it("ATK-ROT-1: d20 + skill against the higher defence by default: +5 against Dodge 14 / Armor 12 hits on a total of 15", () => {
    const s = attack();
    expect(value(resolveRotationAttack([10], s))).toMatchObject({ hit: true, total: 15, needed: 15 });
    expect(value(resolveRotationAttack([8], s))).toMatchObject({ hit: false, total: 13 });
    expect(keys(s, [10])).toContain("TEMPO.ATTACK.Note.AgainstDodge");
  });

  it("ATK-ROT-1: the defender may choose the lower defence (Armor 12)", () => {
    const s = attack({}, { defense: "armor" });
    expect(value(resolveRotationAttack([8], s))).toMatchObject({ hit: true, total: 13, needed: 13 });
    expect(value(resolveRotationAttack([8], s)).notes).toContainEqual({
      key: "TEMPO.ATTACK.Note.AgainstArmor",
      data: { value: 12 },
    });
  });

  it("ATK-ROT-1: not proficient halves a positive bonus rounding down (+7 → +3) but a negative one applies in full", () => {
    expect(value(rotationSkillBonus(7, false))).toBe(3);
    expect(value(rotationSkillBonus(1, false))).toBe(0);
    expect(value(rotationSkillBonus(-3, false))).toBe(-3);
    expect(value(rotationSkillBonus(7, true))).toBe(7);
    const s = attack({ skillBonus: 7, proficient: false });
    expect(value(resolveRotationAttack([11], s))).toMatchObject({ total: 14, hit: false });
    expect(value(resolveRotationAttack([11], s)).notes).toContainEqual({
      key: "TEMPO.ATTACK.Note.NotProficient",
      data: { from: 7, to: 3 },
    });
    expect(value(resolveRotationAttack([11], attack({ skillBonus: -3, proficient: false })))).toMatchObject({
      total: 8,
    });
  });

  it("ATK-ROT-2: on a tie an attacking player character hits", () => {
    const s = attack({ attackerIsPlayer: true });
    expect(value(resolveRotationAttack([9], s))).toMatchObject({ hit: true, total: 14, needed: 14 });
    expect(keys(s, [9])).toContain("TEMPO.ATTACK.Note.TieToPlayer");
  });

  it("ATK-ROT-2: on a tie a defending player character is missed", () => {
    const s = attack({ attackerIsPlayer: false }, { isPlayer: true });
    expect(value(resolveRotationAttack([9], s))).toMatchObject({ hit: false, total: 14, needed: 15 });
    expect(keys(s, [9])).toContain("TEMPO.ATTACK.Note.TieToDefender");
  });

  it("ATK-ROT-2: between two player characters the defender wins the tie; ruling: so it does between two NPCs", () => {
    expect(value(resolveRotationAttack([9], attack({ attackerIsPlayer: true }, { isPlayer: true }))).hit).toBe(false);
    expect(value(resolveRotationAttack([9], attack())).hit).toBe(false);
  });

  it("ATK-ROT-3: a natural 20 counts as 25 plus bonuses and does not hit automatically", () => {
    expect(value(resolveRotationAttack([20], attack({ skillBonus: 2 }, { dodge: 26 })))).toMatchObject({
      hit: true,
      total: 27,
    });
    const short = value(resolveRotationAttack([20], attack({ skillBonus: 2 }, { dodge: 30 })));
    expect(short).toMatchObject({ hit: false, total: 27, critical: false });
    expect(short.notes.map((n) => n.key)).toContain("TEMPO.ATTACK.Note.NaturalTwentyAs25");
  });

  it("ATK-ROT-3: a natural 1 is a fumble on the card but still hits a low enough defence", () => {
    const outcome = value(resolveRotationAttack([1], attack({ skillBonus: 10 }, { dodge: 5, armor: 3 })));
    expect(outcome).toMatchObject({ hit: true, fumble: true, total: 11 });
    expect(outcome.notes.map((n) => n.key)).toContain("TEMPO.ATTACK.Note.Fumble");
    expect(value(resolveRotationAttack([1], attack()))).toMatchObject({ hit: false, fumble: true });
  });

  it("ATK-ROT-4: a die above the critical threshold on a hit is a critical (threshold 18: 19 is, 18 is not)", () => {
    const s = attack({ criticalThreshold: 18 });
    expect(value(resolveRotationAttack([19], s))).toMatchObject({ hit: true, critical: true });
    expect(keys(s, [19])).toContain("TEMPO.ATTACK.Note.CriticalMaxDamage");
    expect(value(resolveRotationAttack([18], s))).toMatchObject({ hit: true, critical: false });
  });

  it("ATK-ROT-4: the natural 20 reads as 25 against the threshold (threshold 24 crits on it, 25 never crits)", () => {
    expect(value(resolveRotationAttack([20], attack({ criticalThreshold: 24 })))).toMatchObject({ critical: true });
    expect(value(resolveRotationAttack([20], attack({ criticalThreshold: 25 })))).toMatchObject({
      hit: true,
      critical: false,
    });
  });

  it("ATK-ROT-4: a miss is never a critical, whatever the die", () => {
    expect(value(resolveRotationAttack([19], attack({ criticalThreshold: 10 }, { dodge: 40 })))).toMatchObject({
      hit: false,
      critical: false,
    });
  });

  it("ATK-ROT-5: each adjacent enemy beyond the first gives −2 Dodge and −2 Armor", () => {
    expect([0, 1, 2, 3, 4].map((n) => value(flankingPenalty(n)))).toEqual([0, 0, 2, 4, 6]);
    const s = attack({}, { adjacentEnemies: 3 });
    // Dodge 14 − 4 = 10: a total of 11 is needed, a 6 (total 11) now hits.
    expect(value(resolveRotationAttack([6], s))).toMatchObject({ hit: true, total: 11, needed: 11 });
    expect(value(resolveRotationAttack([6], s)).notes).toContainEqual({
      key: "TEMPO.ATTACK.Note.Flanked",
      data: { enemies: 3, penalty: 4 },
    });
  });

  it("ROT-8: a grappled defender cannot avoid attacks — ruling: it cannot Dodge and defends with Armor", () => {
    const s = attack({}, { grappled: true, defense: "dodge" });
    // Armor 12 instead of Dodge 14: a total of 13 hits.
    expect(value(resolveRotationAttack([8], s))).toMatchObject({ hit: true, total: 13, needed: 13 });
    expect(keys(s, [8])).toEqual(
      expect.arrayContaining(["TEMPO.ATTACK.Note.GrappledArmorOnly", "TEMPO.ATTACK.Note.AgainstArmor"]),
    );
    expect(value(rotationAttackOdds(s)).hit).toBeCloseTo(13 / 20, 12);
  });

  it("ATK-ROT-1..4: exact odds, +5 against Dodge 14 between NPCs hits on 10–20 (11 in 20), crits 1 in 20", () => {
    const odds = value(rotationAttackOdds(attack()));
    expect(odds.hit).toBeCloseTo(11 / 20, 12);
    expect(odds.critical).toBeCloseTo(1 / 20, 12);
    expect(odds.fumble).toBeCloseTo(1 / 20, 12);
    // A PC attacker also hits on the tie (a 9): 12 in 20. Against Dodge 29, only the natural 20 (30) hits.
    expect(value(rotationAttackOdds(attack({ attackerIsPlayer: true }))).hit).toBeCloseTo(12 / 20, 12);
    expect(value(rotationAttackOdds(attack({}, { dodge: 29 }))).hit).toBeCloseTo(1 / 20, 12);
    expect(value(rotationAttackOdds(attack({}, { dodge: 30 }))).hit).toBe(0);
  });

  it("STL-3: an unaware defender is attacked with advantage: two dice, the higher kept, odds 1 − (9/20)²", () => {
    const s = attack({}, { unaware: true });
    expect(value(resolveRotationAttack([3, 12], s))).toMatchObject({ hit: true, face: 12, total: 17 });
    expect(keys(s, [3, 12])).toEqual(
      expect.arrayContaining(["TEMPO.ATTACK.Note.UnawareTarget", "TEMPO.ATTACK.Note.Advantage"]),
    );
    expect(resolveRotationAttack([12], s)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceCount", data: { expected: 2, count: 1 } },
    });
    expect(value(rotationAttackOdds(s)).hit).toBeCloseTo(1 - (9 / 20) ** 2, 12);
    expect(value(rotationAttackOdds(s)).fumble).toBeCloseTo(1 / 400, 12);
  });

  const snapshots = fc.record({
    skillBonus: fc.integer({ min: -10, max: 20 }),
    proficient: fc.boolean(),
    criticalThreshold: fc.integer({ min: 10, max: 26 }),
    attackerIsPlayer: fc.boolean(),
    defender: fc.record({
      dodge: fc.integer({ min: 0, max: 35 }),
      armor: fc.integer({ min: 0, max: 35 }),
      isPlayer: fc.boolean(),
      adjacentEnemies: fc.integer({ min: 0, max: 6 }),
      defense: fc.constantFrom<"dodge" | "armor" | null>("dodge", "armor", null),
      unaware: fc.boolean(),
      grappled: fc.boolean(),
    }),
  });

  it("ATK-ROT-1..5, STL-3: odds equal brute-force enumeration over every face (every pair with advantage)", () => {
    fc.assert(
      fc.property(snapshots, (s) => {
        const rolls = s.defender.unaware ? facePairs : singleFaces;
        const odds = value(rotationAttackOdds(s));
        expectOddsMatchRolls(rolls, (faces) => resolveRotationAttack(faces, s), odds);
        expect(odds.hit + odds.miss).toBeCloseTo(1, 12);
      }),
      { numRuns: 150 },
    );
  });

  it("ATK-ROT-1, ATK-ROT-5, STL-3: a higher bonus, more flankers or an unaware target never lower the chance; chances lie in [0, 1]", () => {
    fc.assert(
      fc.property(snapshots, fc.integer({ min: 0, max: 8 }), (s, extra) => {
        const base = value(rotationAttackOdds(s));
        const better = value(rotationAttackOdds({ ...s, skillBonus: s.skillBonus + extra })).hit;
        expect(better).toBeGreaterThanOrEqual(base.hit - 1e-12);
        const flanked = value(
          rotationAttackOdds({
            ...s,
            defender: { ...s.defender, adjacentEnemies: s.defender.adjacentEnemies + extra },
          }),
        ).hit;
        expect(flanked).toBeGreaterThanOrEqual(base.hit - 1e-12);
        const aware = value(rotationAttackOdds({ ...s, defender: { ...s.defender, unaware: false } })).hit;
        const unaware = value(rotationAttackOdds({ ...s, defender: { ...s.defender, unaware: true } })).hit;
        expect(unaware).toBeGreaterThanOrEqual(aware - 1e-12);
        for (const p of [base.hit, base.critical, base.fumble, base.miss]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(base.critical).toBeLessThanOrEqual(base.hit + 1e-12);
      }),
    );
  });

  it("ATK-ROT-1: the default (higher) defence is never easier to hit than the one the defender could choose", () => {
    fc.assert(
      fc.property(snapshots, (s) => {
        const byDefault = value(rotationAttackOdds({ ...s, defender: { ...s.defender, defense: null } })).hit;
        for (const defense of ["dodge", "armor"] as const) {
          expect(byDefault).toBeLessThanOrEqual(
            value(rotationAttackOdds({ ...s, defender: { ...s.defender, defense } })).hit + 1e-12,
          );
        }
      }),
    );
  });

  it("ATK-ROT: bad input returns typed errors and never throws", () => {
    expect(resolveRotationAttack([21], attack())).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceInvalid" },
    });
    expect(rotationAttackOdds(attack({ skillBonus: 1.5 }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid" },
    });
    expect(rotationAttackOdds(attack({ criticalThreshold: Number.NaN }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.CriticalThresholdInvalid" },
    });
    expect(rotationAttackOdds(attack({}, { dodge: Number.NaN }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.DefenseInvalid" },
    });
    expect(rotationAttackOdds(attack({}, { adjacentEnemies: -1 }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.AdjacentEnemiesInvalid" },
    });
    expect(rotationAttackOdds(attack({}, { defense: "shield" as "dodge" }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.DefenseChoiceInvalid" },
    });
    fc.assert(
      fc.property(
        fc.array(fc.double(), { maxLength: 3 }),
        fc.double(),
        fc.double(),
        fc.double(),
        (faces, skillBonus, dodge, adjacentEnemies) => {
          const s = attack({ skillBonus }, { dodge, adjacentEnemies });
          expect(() => resolveRotationAttack(faces, s)).not.toThrow();
          expect(() => rotationAttackOdds(s)).not.toThrow();
        },
      ),
    );
  });
});
