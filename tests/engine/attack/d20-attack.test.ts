import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { d20AttackOdds, resolveD20Attack, type D20AttackSnapshot } from "../../../src/engine/attack/d20-attack.ts";
import type { D20RollMode } from "../../../src/engine/dice/d20.ts";
import { expectOddsMatchRolls, facePairs, singleFaces, value } from "./support.ts";

const snap = (
  bonus: number,
  armorClass: number,
  mode: D20RollMode = "normal",
  criticalFrom = 20,
): D20AttackSnapshot => ({ bonus, armorClass, criticalFrom, mode });

describe("d20 + bonus vs AC (count and standard rulesets)", () => {
  it("hits when d20 + bonus meets the AC: +5 against AC 15 hits on a 10, misses on a 9", () => {
    const hit = value(resolveD20Attack([10], snap(5, 15)));
    expect(hit).toMatchObject({ hit: true, critical: false, fumble: false, total: 15, needed: 15 });
    expect(value(resolveD20Attack([9], snap(5, 15))).hit).toBe(false);
  });

  it("ruling: a natural 20 always hits and is critical, even when the total is short", () => {
    const outcome = value(resolveD20Attack([20], snap(-5, 30)));
    expect(outcome).toMatchObject({ hit: true, critical: true, total: 15 });
    expect(outcome.notes.map((n) => n.key)).toEqual([
      "TEMPO.ATTACK.Note.NaturalTwentyHits",
      "TEMPO.ATTACK.Note.Critical",
    ]);
  });

  it("ruling: a natural 1 always misses and is a fumble, even when the total would hit", () => {
    const outcome = value(resolveD20Attack([1], snap(20, 10)));
    expect(outcome).toMatchObject({ hit: false, fumble: true, total: 21 });
    expect(outcome.notes).toEqual([{ key: "TEMPO.ATTACK.Note.NaturalOneMisses" }]);
  });

  it("a widened critical range (19–20) makes a 19 a critical hit", () => {
    expect(value(resolveD20Attack([19], snap(0, 40, "normal", 19)))).toMatchObject({ hit: true, critical: true });
    expect(value(resolveD20Attack([18], snap(0, 40, "normal", 19)))).toMatchObject({ hit: false, critical: false });
  });

  it("exact odds: +5 against AC 15 hits on 10–20, 11 in 20", () => {
    const odds = value(d20AttackOdds(snap(5, 15)));
    expect(odds.hit).toBeCloseTo(11 / 20, 12);
    expect(odds.critical).toBeCloseTo(1 / 20, 12);
    expect(odds.fumble).toBeCloseTo(1 / 20, 12);
    expect(odds.miss).toBeCloseTo(9 / 20, 12);
  });

  it("exact odds: only natural 20s hit an impossible AC, every face but 1 hits a trivial one", () => {
    expect(value(d20AttackOdds(snap(0, 99))).hit).toBeCloseTo(1 / 20, 12);
    expect(value(d20AttackOdds(snap(50, 2))).hit).toBeCloseTo(19 / 20, 12);
  });

  it("advantage keeps the higher die: +5 against AC 15 hits with 1 − (9/20)² = 319/400", () => {
    expect(value(d20AttackOdds(snap(5, 15, "advantage"))).hit).toBeCloseTo(319 / 400, 12);
    const outcome = value(resolveD20Attack([4, 12], snap(5, 15, "advantage")));
    expect(outcome).toMatchObject({ hit: true, face: 12, total: 17 });
    expect(outcome.notes[0]).toEqual({ key: "TEMPO.ATTACK.Note.Advantage", data: { kept: 12, first: 4, second: 12 } });
  });

  it("disadvantage keeps the lower die", () => {
    expect(value(resolveD20Attack([4, 12], snap(5, 15, "disadvantage")))).toMatchObject({ hit: false, face: 4 });
    expect(value(d20AttackOdds(snap(5, 15, "disadvantage"))).hit).toBeCloseTo((11 / 20) ** 2, 12);
  });

  const snapshots = fc.record({
    bonus: fc.integer({ min: -15, max: 25 }),
    armorClass: fc.integer({ min: -5, max: 40 }),
    criticalFrom: fc.integer({ min: 2, max: 20 }),
    mode: fc.constantFrom<D20RollMode>("normal", "advantage", "disadvantage"),
  });

  it("odds equal brute-force enumeration over every d20 face (and every pair with two dice)", () => {
    fc.assert(
      fc.property(snapshots, (s) => {
        const rolls = s.mode === "normal" ? singleFaces : facePairs;
        expectOddsMatchRolls(rolls, (faces) => resolveD20Attack(faces, s), value(d20AttackOdds(s)));
      }),
      { numRuns: 150 },
    );
  });

  it("a higher bonus never lowers the chance to hit; advantage never lowers it; all chances lie in [0, 1]", () => {
    fc.assert(
      fc.property(snapshots, fc.integer({ min: 0, max: 10 }), (s, extra) => {
        const base = value(d20AttackOdds(s));
        expect(value(d20AttackOdds({ ...s, bonus: s.bonus + extra })).hit).toBeGreaterThanOrEqual(base.hit - 1e-12);
        const normal = value(d20AttackOdds({ ...s, mode: "normal" })).hit;
        expect(value(d20AttackOdds({ ...s, mode: "advantage" })).hit).toBeGreaterThanOrEqual(normal - 1e-12);
        for (const p of [base.hit, base.critical, base.fumble, base.miss]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("bad input returns typed errors and never throws", () => {
    expect(resolveD20Attack([0], snap(0, 10))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceInvalid", data: { face: "0" } },
    });
    expect(resolveD20Attack([21], snap(0, 10)).ok).toBe(false);
    expect(resolveD20Attack([10, 11], snap(0, 10))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceCount", data: { expected: 1, count: 2 } },
    });
    expect(resolveD20Attack([10], snap(0, 10, "advantage")).ok).toBe(false);
    expect(d20AttackOdds(snap(Number.NaN, 10))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid", data: { value: "NaN" } },
    });
    expect(d20AttackOdds(snap(0, 1.5)).ok).toBe(false);
    // Past 2^53 a sum is no longer exact: 1e300 is "whole" to Number.isInteger but not a bonus.
    expect(d20AttackOdds(snap(1e300, 10))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid" },
    });
    expect(d20AttackOdds(snap(0, 10, "normal", 1))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.CriticalRangeInvalid" },
    });
    expect(d20AttackOdds(snap(0, 10, "sideways" as D20RollMode))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.ModeInvalid" },
    });
    fc.assert(
      fc.property(fc.array(fc.double(), { maxLength: 3 }), fc.double(), fc.double(), (faces, bonus, ac) => {
        expect(() => resolveD20Attack(faces, snap(bonus, ac))).not.toThrow();
        expect(() => d20AttackOdds(snap(bonus, ac))).not.toThrow();
      }),
    );
  });
});
