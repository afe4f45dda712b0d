import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveRotationAttack, rotationAttackOdds } from "../../../src/engine/attack/rotation-attack.ts";
import {
  enterStealth,
  resolveSneakReroll,
  resolveStealthSpot,
  sneakPenalty,
  sneakRerollDistribution,
  sneakResultDistribution,
  stealthObserversWhoSee,
  stealthSpotOdds,
  stealthSpotOddsBeforeSneakRoll,
} from "../../../src/engine/attack/stealth.ts";
import { mean, probOf } from "../../../src/engine/dice/distribution.ts";
import { facePairs, share, singleFaces, value } from "./support.ts";

const still = { movedOverHalfSpeed: false, flew: false, quietFlight: false };

describe("STL stealth", () => {
  it("STL-1: out of every enemy's sight the creature rolls Sneak and keeps the result (14 + 3 = 17)", () => {
    expect(value(enterStealth(14, { sneakBonus: 3, enemiesWithLineOfSight: 0 }))).toEqual({
      sneakResult: 17,
      penalty: 0,
      notes: [],
    });
  });

  it("STL-1: a creature an enemy can see cannot enter stealth", () => {
    expect(enterStealth(14, { sneakBonus: 3, enemiesWithLineOfSight: 2 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.StealthInSight", data: { count: 2 } },
    });
  });

  it("STL-1: the kept Sneak result is d20 + bonus, each value 1 in 20 (mean 13.5 with +3)", () => {
    const d = value(sneakResultDistribution(3));
    expect(probOf(d, 4)).toBeCloseTo(1 / 20, 12);
    expect(probOf(d, 23)).toBeCloseTo(1 / 20, 12);
    expect(probOf(d, 3)).toBe(0);
    expect(mean(d)).toBeCloseTo(13.5, 12);
  });

  it("STL-2: an observer whose Cognition total reaches the kept result sees the sneaker; ruling: a tie sees", () => {
    expect(value(resolveStealthSpot(12, { cognitionBonus: 3, sneakResult: 15 }))).toEqual({
      success: true,
      total: 15,
      needed: 15,
      notes: [{ key: "TEMPO.ATTACK.Note.Spotted" }],
    });
    expect(value(resolveStealthSpot(11, { cognitionBonus: 3, sneakResult: 15 }))).toMatchObject({
      success: false,
      notes: [{ key: "TEMPO.ATTACK.Note.NotSpotted" }],
    });
    expect(value(stealthSpotOdds({ cognitionBonus: 3, sneakResult: 15 }))).toBeCloseTo(9 / 20, 12);
  });

  it("STL-2: only observers with line of sight roll, and only those who succeed see the sneaking creature", () => {
    const seen = stealthObserversWhoSee(
      [
        { id: "guard", cognitionBonus: 2, hasLineOfSight: true, face: 16 },
        { id: "dog", cognitionBonus: 5, hasLineOfSight: true, face: 4 },
        { id: "captain", cognitionBonus: 9, hasLineOfSight: false, face: null },
      ],
      17,
    );
    expect(value(seen)).toEqual(["guard"]);
    expect(stealthObserversWhoSee([{ id: "guard", cognitionBonus: 2, hasLineOfSight: true, face: null }], 17).ok).toBe(
      false,
    );
    expect(stealthObserversWhoSee([], Number.NaN)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.SneakResultInvalid", data: { value: "NaN" } },
    });
  });

  it("STL-2: spotting odds equal enumeration over every face, against a kept result and before the Sneak roll", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 15 }),
        fc.integer({ min: -5, max: 15 }),
        fc.integer({ min: -10, max: 40 }),
        fc.constantFrom(0, 3, 5, 8),
        (cognitionBonus, sneakBonus, sneakResult, penalty) => {
          const spot = (face: number) => value(resolveStealthSpot(face, { cognitionBonus, sneakResult })).success;
          expect(value(stealthSpotOdds({ cognitionBonus, sneakResult }))).toBeCloseTo(
            share(singleFaces, ([face]) => spot(face ?? 0)),
            12,
          );
          const before = share(
            facePairs,
            ([sneakFace, observerFace]) =>
              (observerFace ?? 0) + cognitionBonus >= (sneakFace ?? 0) + sneakBonus - penalty,
          );
          expect(value(stealthSpotOddsBeforeSneakRoll(sneakBonus, cognitionBonus, penalty))).toBeCloseTo(before, 12);
        },
      ),
    );
  });

  it("STL-3: attacking a creature that has not seen the attacker is made with advantage", () => {
    const s = {
      skillBonus: 0,
      proficient: true,
      criticalThreshold: 20,
      attackerIsPlayer: true,
      defender: {
        dodge: 15,
        armor: 10,
        isPlayer: false,
        adjacentEnemies: 1,
        defense: null,
        unaware: true,
        grappled: false,
      },
    };
    expect(value(resolveRotationAttack([15, 6], s))).toMatchObject({ hit: true, face: 15 });
    // PC attacker, tie hits: a kept face of 15 or more. P(max of 2d20 ≥ 15) = 1 − (14/20)².
    expect(value(rotationAttackOdds(s)).hit).toBeCloseTo(1 - (14 / 20) ** 2, 12);
    expect(value(rotationAttackOdds({ ...s, defender: { ...s.defender, unaware: false } })).hit).toBeCloseTo(
      6 / 20,
      12,
    );
  });

  it("STL-4: the end-of-turn re-roll takes −3 for moving over half speed in one Full action", () => {
    const outcome = value(resolveSneakReroll(14, 3, { ...still, movedOverHalfSpeed: true }));
    expect(outcome).toEqual({ sneakResult: 14, penalty: 3, notes: [{ key: "TEMPO.ATTACK.Note.SneakMovedFast" }] });
  });

  it("STL-4: flying costs −5 unless the creature has stealth soaring or hovering wings; both penalties add up", () => {
    expect(value(resolveSneakReroll(14, 3, { ...still, flew: true })).sneakResult).toBe(12);
    expect(value(resolveSneakReroll(14, 3, { ...still, flew: true, quietFlight: true }))).toEqual({
      sneakResult: 17,
      penalty: 0,
      notes: [],
    });
    expect(value(sneakPenalty({ movedOverHalfSpeed: true, flew: true, quietFlight: false }))).toBe(8);
    expect(
      value(resolveSneakReroll(14, 3, { movedOverHalfSpeed: true, flew: true, quietFlight: false })).notes.map(
        (n) => n.key,
      ),
    ).toEqual(["TEMPO.ATTACK.Note.SneakMovedFast", "TEMPO.ATTACK.Note.SneakFlew"]);
  });

  it("STL-4: the re-roll's distribution is d20 + bonus − penalty and a penalty never lowers the chance to be seen", () => {
    const d = value(sneakRerollDistribution(3, { ...still, movedOverHalfSpeed: true }));
    expect(d.min).toBe(1);
    expect(mean(d)).toBeCloseTo(10.5, 12);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 15 }), fc.integer({ min: -5, max: 15 }), (sneakBonus, cognitionBonus) => {
        const quiet = value(stealthSpotOddsBeforeSneakRoll(sneakBonus, cognitionBonus, 0));
        const loud = value(stealthSpotOddsBeforeSneakRoll(sneakBonus, cognitionBonus, 8));
        expect(loud).toBeGreaterThanOrEqual(quiet - 1e-12);
        expect(loud).toBeLessThanOrEqual(1);
        expect(quiet).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("STL: bad input returns typed errors and never throws", () => {
    expect(enterStealth(0, { sneakBonus: 3, enemiesWithLineOfSight: 0 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceInvalid" },
    });
    expect(enterStealth(10, { sneakBonus: 3, enemiesWithLineOfSight: -1 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.LineOfSightCountInvalid" },
    });
    expect(resolveStealthSpot(10, { cognitionBonus: 1, sneakResult: 1.5 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.SneakResultInvalid" },
    });
    expect(resolveSneakReroll(10, Number.NaN, still)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid" },
    });
    expect(stealthSpotOddsBeforeSneakRoll(0, 0, -3).ok).toBe(false);
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (face, bonus, other) => {
        expect(() => enterStealth(face, { sneakBonus: bonus, enemiesWithLineOfSight: other })).not.toThrow();
        expect(() => resolveStealthSpot(face, { cognitionBonus: bonus, sneakResult: other })).not.toThrow();
        expect(() => stealthSpotOdds({ cognitionBonus: bonus, sneakResult: other })).not.toThrow();
        expect(() => sneakRerollDistribution(bonus, still)).not.toThrow();
      }),
    );
  });
});
