import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { D20RollMode } from "../../../src/engine/dice/d20.ts";
import {
  aac0Needed,
  descendingArmorClass,
  formatAac0,
  parseAac0,
  wornArmorClass,
  resolveSegmentAttack,
  segmentAttackOdds,
  type SegmentAttackSnapshot,
} from "../../../src/engine/attack/segment-attack.ts";
import { facePairs, share, singleFaces, value } from "./support.ts";

const snap = (aac0: number, armorClass: number, modifier = 0, mode: D20RollMode = "normal"): SegmentAttackSnapshot => ({
  aac0,
  armorClass,
  modifier,
  mode,
});

describe("SEG-12 attacks against descending AC", () => {
  it("SEG-12: AAC0 19 needs 19 against AC 0 and 14 against AC 5 (n = AAC0 − AC)", () => {
    expect(value(aac0Needed(19, 0))).toBe(19);
    expect(value(aac0Needed(19, 5))).toBe(14);
    expect(value(aac0Needed(19, 10))).toBe(9);
  });

  it("SEG-12: AAC0 19 against AC −3 gives n = 22, which the table reads as 20", () => {
    expect(value(aac0Needed(19, -3))).toBe(20);
  });

  it("SEG-12: AAC0 19 against AC −7 gives n = 26, past the six 20s: 26 − 5 = 21", () => {
    expect(value(aac0Needed(19, -7))).toBe(21);
    expect(value(aac0Needed(19, -10))).toBe(24);
  });

  it("SEG-12: the table repeats 20 six times — AAC0 20 needs 20 against AC 0 to −5, then 21 against −6", () => {
    const row = [0, -1, -2, -3, -4, -5, -6].map((ac) => value(aac0Needed(20, ac)));
    expect(row).toEqual([20, 20, 20, 20, 20, 20, 21]);
  });

  it("SEG-12: every AAC0 has at most six ACs needing exactly 20, and the need never falls as AC improves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), (aac0) => {
        const needs = Array.from({ length: 21 }, (_, i) => value(aac0Needed(aac0, 10 - i)));
        expect(needs.filter((n) => n === 20).length).toBeLessThanOrEqual(6);
        for (let i = 1; i < needs.length; i++) expect(needs[i]).toBeGreaterThanOrEqual(needs[i - 1] ?? 0);
      }),
    );
  });

  it("SEG-12: every AAC0's row equals the table walked by hand: +1 per better AC, six 20s in a row, then +1 again", () => {
    // Built like the printed tables, without the n − 5 formula: start at AAC0 − 10 against AC 10 and step
    // towards AC −10; once the need reaches 20 it stays there for six ACs in all before climbing to 21.
    const walk = (aac0: number): number[] => {
      const row: number[] = [];
      let need = aac0 - 10;
      let twenties = 0;
      for (let ac = 10; ac >= -10; ac--) {
        if (ac < 10) need = need === 20 && twenties < 6 ? 20 : need + 1;
        if (need === 20) twenties++;
        row.push(need);
      }
      return row;
    };
    for (let aac0 = 0; aac0 <= 25; aac0++) {
      const row = Array.from({ length: 21 }, (_, i) => value(aac0Needed(aac0, 10 - i)));
      expect({ aac0, row }).toEqual({ aac0, row: walk(aac0) });
    }
  });

  it('SEG-12: a printed AAC0 of "20*" also needs 20 against AC 1 (it reads as AAC0 21)', () => {
    const aac0 = value(parseAac0("20*"));
    expect(value(aac0Needed(aac0, 1))).toBe(20);
    expect(value(aac0Needed(aac0, 0))).toBe(20);
    expect(value(aac0Needed(aac0, 2))).toBe(19);
    expect(value(parseAac0(" 17 "))).toBe(17);
  });

  it("SEG-12: a +2 AC bonus turns AC 5 into AC 3; a −2 penalty turns it into AC 7", () => {
    expect(value(descendingArmorClass(5, 2))).toBe(3);
    expect(value(descendingArmorClass(5, -2))).toBe(7);
  });

  it("SEG-12: worn armour and a held shield add their bonuses (AC 5 with a +2 shield is AC 3); a carried one gives nothing; the scale stops at −10 and 10", () => {
    expect(wornArmorClass(5, [{ acBonus: 2, equipped: true }])).toEqual({ ac: 3, bonus: 2 });
    const mailAndShield = [
      { acBonus: 4, equipped: true },
      { acBonus: 1, equipped: true },
      { acBonus: 3, equipped: false },
    ];
    expect(wornArmorClass(10, mailAndShield)).toEqual({ ac: 5, bonus: 5 });
    expect(wornArmorClass(-8, [{ acBonus: 5, equipped: true }]).ac).toBe(-10);
    expect(wornArmorClass(9, [{ acBonus: -3, equipped: true }]).ac).toBe(10);
  });

  it('SEG-12: AAC0 is written as the seed writes it: 0–20 as numbers, "20*" for 21; a typed 21 is refused with the notation to use', () => {
    expect([19, 20, 21, 22].map(formatAac0)).toEqual(["19", "20", "20*", "20**"]);
    for (const aac0 of [0, 13, 20, 21, 25]) expect(value(parseAac0(formatAac0(aac0)))).toBe(aac0);
    expect(parseAac0("21")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.Aac0Starred", data: { value: "21", written: "20*" } },
    });
    for (const bad of ["20******", "26", "19*", "*", "-1"])
      expect(parseAac0(bad)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Attack.Aac0Invalid" } });
  });

  it("SEG-12: needing 20 against AC −1 with a +2 modifier hits on 18, 19 or 20 (the seed's example)", () => {
    const s = snap(19, -1, 2);
    const hits = singleFaces.filter((faces) => value(resolveSegmentAttack(faces, s)).hit).map((faces) => faces[0]);
    expect(hits).toEqual([18, 19, 20]);
    expect(value(segmentAttackOdds(s)).hit).toBeCloseTo(3 / 20, 12);
  });

  it("SEG-12: a natural 20 always hits, even when the table needs 21", () => {
    const outcome = value(resolveSegmentAttack([20], snap(19, -7)));
    expect(outcome).toMatchObject({ hit: true, critical: false, total: 20, needed: 21 });
    expect(outcome.notes).toEqual([
      { key: "TEMPO.ATTACK.Note.AttackTable", data: { raw: 26, needed: 21 } },
      { key: "TEMPO.ATTACK.Note.NaturalTwentyHits" },
    ]);
    // With +1 a 19 makes only 20, still short of 21: the natural 20 alone hits. With +2 a 19 hits too.
    expect(value(resolveSegmentAttack([19], snap(19, -7, 1))).hit).toBe(false);
    expect(value(segmentAttackOdds(snap(19, -7))).hit).toBeCloseTo(1 / 20, 12);
    expect(value(segmentAttackOdds(snap(19, -7, 1))).hit).toBeCloseTo(1 / 20, 12);
    expect(value(segmentAttackOdds(snap(19, -7, 2))).hit).toBeCloseTo(2 / 20, 12);
  });

  it("SEG-12: a natural 1 always misses, even when the table needs less than 1", () => {
    const outcome = value(resolveSegmentAttack([1], snap(5, 10)));
    expect(outcome).toMatchObject({ hit: false, fumble: true, needed: -5 });
    expect(outcome.notes).toEqual([{ key: "TEMPO.ATTACK.Note.NaturalOneMisses" }]);
    expect(value(segmentAttackOdds(snap(5, 10))).hit).toBeCloseTo(19 / 20, 12);
  });

  const snapshots = fc.record({
    aac0: fc.integer({ min: 0, max: 25 }),
    armorClass: fc.integer({ min: -10, max: 10 }),
    modifier: fc.integer({ min: -10, max: 10 }),
    mode: fc.constantFrom<D20RollMode>("normal", "advantage", "disadvantage"),
  });

  it("SEG-12: odds equal brute-force enumeration over every face; critical is never reported", () => {
    fc.assert(
      fc.property(snapshots, (s) => {
        const rolls = s.mode === "normal" ? singleFaces : facePairs;
        const odds = value(segmentAttackOdds(s));
        expect(odds.hit).toBeCloseTo(
          share(rolls, (faces) => value(resolveSegmentAttack(faces, s)).hit),
          12,
        );
        expect(odds.fumble).toBeCloseTo(
          share(rolls, (faces) => value(resolveSegmentAttack(faces, s)).fumble),
          12,
        );
        expect(odds.critical).toBe(0);
      }),
      { numRuns: 120 },
    );
  });

  it("SEG-12: a higher modifier and a worse (higher) AC never lower the chance; advantage never lowers it", () => {
    fc.assert(
      fc.property(snapshots, fc.integer({ min: 0, max: 5 }), (s, extra) => {
        const base = value(segmentAttackOdds(s)).hit;
        expect(value(segmentAttackOdds({ ...s, modifier: s.modifier + extra })).hit).toBeGreaterThanOrEqual(
          base - 1e-12,
        );
        const worseAc = Math.min(10, s.armorClass + extra);
        expect(value(segmentAttackOdds({ ...s, armorClass: worseAc })).hit).toBeGreaterThanOrEqual(base - 1e-12);
        expect(value(segmentAttackOdds({ ...s, mode: "advantage" })).hit).toBeGreaterThanOrEqual(
          value(segmentAttackOdds({ ...s, mode: "normal" })).hit - 1e-12,
        );
        // A natural 20 always hits: at least 1 in 20 with one die, 1 in 400 when both dice must show it.
        expect(base).toBeGreaterThanOrEqual((s.mode === "disadvantage" ? 1 / 400 : 1 / 20) - 1e-12);
        expect(base).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("SEG-12: AC off the −10..10 scale, a bad AAC0 or a bad face is a typed error, never a throw", () => {
    expect(aac0Needed(19, -11)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.ArmorClassOutOfRange", data: { value: "-11", best: -10, worst: 10 } },
    });
    expect(aac0Needed(19, 11).ok).toBe(false);
    expect(aac0Needed(19, 2.5).ok).toBe(false);
    expect(aac0Needed(26, 0)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Attack.Aac0Invalid" } });
    expect(aac0Needed(-1, 0).ok).toBe(false);
    expect(parseAac0("nineteen")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Attack.Aac0Invalid" } });
    expect(descendingArmorClass(-9, 2)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.ArmorClassOutOfRange" },
    });
    expect(descendingArmorClass(5, 0.5)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid" },
    });
    expect(resolveSegmentAttack([0], snap(19, 0)).ok).toBe(false);
    expect(segmentAttackOdds(snap(19, 0, Number.POSITIVE_INFINITY)).ok).toBe(false);
    fc.assert(
      fc.property(
        fc.double(),
        fc.double(),
        fc.double(),
        fc.array(fc.double(), { maxLength: 3 }),
        (aac0, ac, modifier, faces) => {
          expect(() => resolveSegmentAttack(faces, snap(aac0, ac, modifier))).not.toThrow();
          expect(() => segmentAttackOdds(snap(aac0, ac, modifier))).not.toThrow();
        },
      ),
    );
  });
});
