import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { entries, probAtLeast } from "../../../src/engine/dice/distribution.ts";
import {
  netAdvantage,
  stepDiceDistribution,
  stepDiceFormula,
  stepDicePool,
} from "../../../src/engine/dice/step-dice.ts";
import {
  checkKeepPool,
  keepPoolDistribution,
  keepPoolFormula,
  keepPoolTerm,
  type KeepPool,
} from "../../../src/engine/dice/keep-pool.ts";
import { resolveKeepPool } from "../../../src/engine/dice/keep-resolve.ts";
import type { Distribution } from "../../../src/engine/dice/distribution.ts";
import { bruteAtLeast, bruteKeepCounts, combinations } from "./brute-force.ts";
import { expectTypedError, notWhole } from "../attack/support.ts";

const poolDistribution = (pool: KeepPool): Distribution => {
  const r = keepPoolDistribution(pool);
  if (!r.ok) throw new Error(`expected a distribution, got ${r.error.key}`);
  return r.value;
};
const total = (probs: readonly number[]): number => probs.reduce((s, p) => s + p, 0);

describe("ADV: step dice", () => {
  it("ADV-1: no net sources rolls plain 2d6; 2d6 >= 7 is 21/36", () => {
    expect(stepDicePool(0)).toEqual({ dice: [6, 6], keep: 2, highest: true });
    expect(stepDiceFormula(0)).toBe("2d6");
    expect(keepPoolFormula(stepDicePool(0))).toEqual({ ok: true, value: "2d6" });
    expect(probAtLeast(stepDiceDistribution(0), 7)).toBeCloseTo(21 / 36, 12);
  });

  it("ADV-1: the extra die grows d6, d8, d10, d12 with 1-4 sources and stays d12 beyond", () => {
    expect(stepDicePool(1)).toEqual({ dice: [6, 6, 6], keep: 2, highest: true });
    expect(stepDicePool(2).dice).toEqual([6, 6, 8]);
    expect(stepDicePool(3).dice).toEqual([6, 6, 10]);
    expect(stepDicePool(4).dice).toEqual([6, 6, 12]);
    expect(stepDicePool(9).dice).toEqual([6, 6, 12]);
    expect(stepDiceFormula(1)).toBe("3d6kh2");
    expect(stepDiceFormula(2)).toBe("{1d6,1d6,1d8}kh2");
  });

  it("ADV-1: one source of advantage, {d6,d6,d6} keep 2 highest >= 7, equals a hand-countable enumeration", () => {
    // Count the 216 ordered rolls whose two highest faces sum to 7 or more.
    let hits = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          const lowest = Math.min(a, b, c);
          if (a + b + c - lowest >= 7) hits++;
        }
    expect(hits).toBe(174);
    expect(probAtLeast(stepDiceDistribution(1), 7)).toBeCloseTo(174 / 216, 12);
  });

  it("ADV-2: the extra die shrinks d12, d10, d8, d6 with 1-4 sources of disadvantage and keeps the lowest", () => {
    expect(stepDicePool(-1)).toEqual({ dice: [6, 6, 12], keep: 2, highest: false });
    expect(stepDicePool(-2).dice).toEqual([6, 6, 10]);
    expect(stepDicePool(-3).dice).toEqual([6, 6, 8]);
    expect(stepDicePool(-4).dice).toEqual([6, 6, 6]);
    expect(stepDicePool(-7).dice).toEqual([6, 6, 6]);
    expect(stepDiceFormula(-1)).toBe("{1d6,1d6,1d12}kl2");
  });

  it("ADV-2: one source of disadvantage, {d6,d6,d12} keep 2 lowest >= 7 is 195/432", () => {
    // Two lowest of (a, b, c) sum to >= 7. If c <= max(a,b) the kept pair is c and min(a,b)... counted directly:
    let hits = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 12; c++) if (a + b + c - Math.max(a, b, c) >= 7) hits++;
    expect(hits).toBe(195);
    expect(probAtLeast(stepDiceDistribution(-1), 7)).toBeCloseTo(195 / 432, 12);
  });

  it("ADV-2: a d6 as the extra die (4 sources) gives the same odds as 3d6 keep 2 lowest", () => {
    const counts = bruteKeepCounts([6, 6, 6], 2, false);
    for (const [value, p] of entries(stepDiceDistribution(-4)))
      expect(p).toBeCloseTo((counts.get(value) ?? 0) / 216, 12);
  });

  it("ADV-3: advantage and disadvantage sources cancel one for one", () => {
    expect(netAdvantage(2, 1)).toEqual({ ok: true, value: 1 });
    expect(netAdvantage(1, 3)).toEqual({ ok: true, value: -2 });
    expect(netAdvantage(2, 2)).toEqual({ ok: true, value: 0 });
    const net = netAdvantage(3, 3);
    expect(net.ok && stepDicePool(net.value)).toEqual(stepDicePool(0));
  });

  it("ADV-3: net count is the difference for any numbers of sources", () => {
    const net = (a: number, d: number): number => {
      const r = netAdvantage(a, d);
      if (!r.ok) throw new Error(r.error.key);
      return r.value;
    };
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(5), (a, d, both) => {
        expect(net(a + both, d + both)).toBe(net(a, d));
        expect(net(a, 0)).toBe(a);
        expect(net(0, d) + d).toBe(0);
      }),
    );
  });

  it("ADV-3: a count of sources that is not a whole number of 0 or more is a typed error (it used to count as none)", () => {
    fc.assert(
      fc.property(fc.oneof(notWhole, fc.integer({ max: -1 })), fc.nat(5), (bad, good) => {
        expectTypedError(netAdvantage(bad as number, good), "TEMPO.ERRORS.Dice.SourcesInvalid");
        expectTypedError(netAdvantage(good, bad as number), "TEMPO.ERRORS.Dice.SourcesInvalid");
      }),
    );
  });

  it("ADV-1: every step-dice distribution sums to 1 and runs from 2 to the two largest dice", () => {
    // With advantage the extra die can be one of the two kept: d12 + d6 reaches 18.
    const highest = { [-6]: 12, [-1]: 12, 0: 12, 1: 12, 2: 14, 3: 16, 4: 18, 6: 18 } as Record<number, number>;
    for (let net = -6; net <= 6; net++) {
      const d = stepDiceDistribution(net);
      expect(total(d.probs)).toBeCloseTo(1, 12);
      expect(d.min).toBe(2);
      const expected = highest[net];
      if (expected !== undefined) expect(d.min + d.probs.length - 1).toBe(expected);
    }
  });

  it("ADV-1: more net advantage never lowers the chance to reach any target", () => {
    for (let net = -6; net < 6; net++) {
      const lower = stepDiceDistribution(net);
      const higher = stepDiceDistribution(net + 1);
      for (let target = 0; target <= 14; target++)
        expect(probAtLeast(higher, target)).toBeGreaterThanOrEqual(probAtLeast(lower, target) - 1e-12);
    }
  });

  it("ADV-1: keep-pool distributions equal brute-force enumeration on small random pools", () => {
    const pool = fc
      .array(fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20), { minLength: 1, maxLength: 5 })
      .filter((dice) => dice.reduce((n, s) => n * s, 1) <= 50_000)
      .chain((dice) =>
        fc.record({ dice: fc.constant(dice), keep: fc.integer({ min: 0, max: dice.length }), highest: fc.boolean() }),
      );
    fc.assert(
      fc.property(pool, (p) => {
        const d = poolDistribution(p);
        const counts = bruteKeepCounts(p.dice, p.keep, p.highest);
        const n = combinations(p.dice);
        expect(total(d.probs)).toBeCloseTo(1, 10);
        for (const [value, count] of counts) expect(d.probs[value - d.min] ?? 0).toBeCloseTo(count / n, 10);
        for (const [value, prob] of entries(d)) expect(prob).toBeCloseTo((counts.get(value) ?? 0) / n, 10);
        expect(probAtLeast(d, 7)).toBeCloseTo(bruteAtLeast(p.dice, p.keep, p.highest, 7) / n, 10);
      }),
      { numRuns: 150 },
    );
  });

  it("a pool keeps dice of its own choosing: {1d4,1d20} keep the lowest 1 reaches 4 only as 4 on the d4 and 4+ on the d20, 1/4 × 17/20", () => {
    const d = poolDistribution({ dice: [4, 20], keep: 1, highest: false });
    expect(probAtLeast(d, 4)).toBeCloseTo((1 / 4) * (17 / 20), 12);
    expect(keepPoolFormula({ dice: [4, 20], keep: 1, highest: false })).toEqual({ ok: true, value: "{1d4,1d20}kl1" });
    expect(keepPoolTerm({ dice: [8, 8], keep: 2, highest: true })).toEqual({
      ok: true,
      value: { type: "dice", count: 2, sides: 8, keep: null },
    });
  });

  it("malformed pools (from a chat card or a document) are typed errors, never exceptions", () => {
    const bad: unknown[] = [
      null,
      7,
      "3d6kh2",
      {},
      { dice: [], keep: 0, highest: true },
      { dice: [0], keep: 1, highest: true },
      { dice: [1], keep: 1, highest: true },
      { dice: [-1], keep: 1, highest: true },
      { dice: [6.5], keep: 1, highest: true },
      { dice: [Number.NaN], keep: 1, highest: true },
      { dice: [100_000], keep: 1, highest: true },
      { dice: ["6"], keep: 1, highest: true },
      { dice: [6, 6], keep: Number.NaN, highest: true },
      { dice: [6, 6], keep: -1, highest: true },
      { dice: [6, 6], keep: 3, highest: true },
      { dice: [6, 6], keep: 1.5, highest: true },
      { dice: [6, 6], keep: 2, highest: "yes" },
      { dice: new Array<number>(1001).fill(6), keep: 2, highest: true },
    ];
    for (const pool of bad) {
      const asPool = pool as KeepPool;
      const error = { ok: false, error: { key: "TEMPO.ERRORS.Dice.PoolInvalid", data: { max: 1000, sides: 1000 } } };
      expect(checkKeepPool(pool)).toEqual(error);
      expect(keepPoolDistribution(asPool)).toEqual(error);
      expect(keepPoolTerm(asPool)).toEqual(error);
      expect(keepPoolFormula(asPool)).toEqual(error);
      expect(resolveKeepPool(asPool, [3, 4])).toEqual(error);
    }
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (pool, faces) => {
        for (const r of [
          keepPoolDistribution(pool as KeepPool),
          keepPoolFormula(pool as KeepPool),
          resolveKeepPool(pool as KeepPool, faces as number[]),
        ])
          if (!r.ok) expect(r.error.key.startsWith("TEMPO.ERRORS.Dice.")).toBe(true);
      }),
    );
  });

  it("a valid pool too large to compute exactly is refused, not computed for minutes", () => {
    const dice = Array.from({ length: 1000 }, (_, i) => 2 + (i % 999));
    expect(keepPoolDistribution({ dice, keep: 500, highest: true })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooComplex" },
    });
  });

  it("rolled faces are checked against the pool: a d6 cannot show 7, a face must be whole", () => {
    const pool: KeepPool = { dice: [6, 6, 8], keep: 2, highest: true };
    expect(resolveKeepPool(pool, [6, 7, 1])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FaceOutOfRange", data: { face: "7", sides: 6 } },
    });
    expect(resolveKeepPool(pool, [6, 2.5, 1])).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FaceOutOfRange" },
    });
    expect(resolveKeepPool(pool, [6, 5])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.FacesMismatch", data: { expected: 3, got: 2 } },
    });
    expect(resolveKeepPool(pool, [6, 5, 8])).toEqual({ ok: true, value: { total: 14, kept: [0, 2] } });
  });
});
