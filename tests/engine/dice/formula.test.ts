import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mean, probAtLeast, type Distribution } from "../../../src/engine/dice/distribution.ts";
import {
  constantTerm,
  diceTerm,
  makeFormula,
  poolTerm,
  type DiceTerm,
  type Formula,
  type FormulaTerm,
  type KeepRule,
  type PoolMember,
  type SignedTerm,
} from "../../../src/engine/dice/formula.ts";
import { formatFormula } from "../../../src/engine/dice/formula-format.ts";
import { chanceAtLeast, formulaDistribution, formulaMax, formulaMin } from "../../../src/engine/dice/formula-odds.ts";
import { multiplyDice } from "../../../src/engine/dice/formula-multiply.ts";
import { parseFormula } from "../../../src/engine/dice/formula-parse.ts";
import { checkFormula } from "../../../src/engine/dice/formula-validate.ts";
import { bruteKeepCounts } from "./brute-force.ts";
import { expectTypedError, notWhole } from "../attack/support.ts";

const parsed = (text: string): Formula => {
  const r = parseFormula(text);
  if (!r.ok) throw new Error(`expected ${text} to parse, got ${r.error.key}`);
  return r.value;
};
const dist = (f: Formula | string): Distribution => {
  const r = formulaDistribution(f);
  if (!r.ok) throw new Error(`expected a distribution, got ${r.error.key}`);
  return r.value;
};
const chance = (f: Formula | string, target: number): number => {
  const r = chanceAtLeast(f, target);
  if (!r.ok) throw new Error(`expected a chance, got ${r.error.key}`);
  return r.value;
};
const lowest = (f: Formula | string): number => {
  const r = formulaMin(f);
  if (!r.ok) throw new Error(`expected a lowest total, got ${r.error.key}`);
  return r.value;
};
const highest = (f: Formula | string): number => {
  const r = formulaMax(f);
  if (!r.ok) throw new Error(`expected a highest total, got ${r.error.key}`);
  return r.value;
};
const sum = (d: Distribution): number => d.probs.reduce((s, p) => s + p, 0);

/** Independent brute force: every outcome of a term by enumerating faces (small terms only). */
function bruteTerm(term: FormulaTerm): Map<number, number> {
  if (term.type === "constant") return new Map([[term.value, 1]]);
  if (term.type === "dice") {
    const dice = new Array<number>(term.count).fill(term.sides);
    const keep = term.keep ?? { highest: true, count: term.count };
    const counts = bruteKeepCounts(dice, keep.count, keep.highest);
    const n = term.sides ** term.count;
    return new Map([...counts].map(([v, c]) => [v, c / n]));
  }
  // Pool: every combination of member totals, keep the best (or worst) members.
  let outcomes: [number[], number][] = [[[], 1]];
  for (const member of term.members) {
    const next: [number[], number][] = [];
    for (const [values, p] of outcomes) for (const [v, q] of bruteTerm(member)) next.push([[...values, v], p * q]);
    outcomes = next;
  }
  const keep = term.keep ?? { highest: true, count: term.members.length };
  const out = new Map<number, number>();
  for (const [values, p] of outcomes) {
    const kept = [...values].sort((a, b) => (keep.highest ? b - a : a - b)).slice(0, keep.count);
    const total = kept.reduce((s, v) => s + v, 0);
    out.set(total, (out.get(total) ?? 0) + p);
  }
  return out;
}

function bruteFormula(f: Formula): Map<number, number> {
  let acc = new Map<number, number>([[0, 1]]);
  for (const { sign, term } of f.terms) {
    const next = new Map<number, number>();
    for (const [a, p] of acc)
      for (const [b, q] of bruteTerm(term)) next.set(a + sign * b, (next.get(a + sign * b) ?? 0) + p * q);
    acc = next;
  }
  return acc;
}

// Generators of valid formulas, small enough to enumerate by brute force.
const keepFor = (n: number): fc.Arbitrary<KeepRule | null> =>
  fc.option(fc.record({ highest: fc.boolean(), count: fc.integer({ min: 0, max: n }) }), { nil: null });
const diceArb = (maxCount: number, maxSides: number): fc.Arbitrary<DiceTerm> =>
  fc
    .record({ count: fc.integer({ min: 1, max: maxCount }), sides: fc.integer({ min: 2, max: maxSides }) })
    .chain(({ count, sides }) => keepFor(count).map((keep) => diceTerm(count, sides, keep)));
const constArb = fc.integer({ min: 0, max: 30 }).map(constantTerm);
const memberArb: fc.Arbitrary<PoolMember> = fc.oneof(diceArb(2, 6), constArb);
const poolArb = fc
  .array(memberArb, { minLength: 1, maxLength: 3 })
  .chain((members) => keepFor(members.length).map((keep) => poolTerm(members, keep)));
const termArb: fc.Arbitrary<FormulaTerm> = fc.oneof(diceArb(4, 8), constArb, poolArb);
const formulaArb: fc.Arbitrary<Formula> = fc
  .array(fc.record({ sign: fc.constantFrom<1 | -1>(1, -1), term: termArb }), { minLength: 1, maxLength: 3 })
  .map((terms: SignedTerm[]) => ({ terms }));

describe("dice formulas", () => {
  it("reads and writes the forms the rules use, in Foundry Roll syntax", () => {
    expect(formatFormula(parsed("2d6+3"))).toBe("2d6 + 3");
    expect(formatFormula(parsed(" d20 - 2 "))).toBe("1d20 - 2");
    expect(formatFormula(parsed("4D6KH3"))).toBe("4d6kh3");
    expect(formatFormula(parsed("2d20kl"))).toBe("2d20kl1");
    expect(formatFormula(parsed("{1d6, 1d6, 1d8}kh2"))).toBe("{1d6,1d6,1d8}kh2");
    expect(formatFormula(parsed("-1d4+2d6kh1+5"))).toBe("-1d4 + 2d6kh1 + 5");
    expect(parsed("3d6kh2 - 1")).toEqual(makeFormula(diceTerm(3, 6, { highest: true, count: 2 }), constantTerm(-1)));
  });

  it("2d6 + 3 reaches 10 exactly as often as 2d6 reaches 7: 21/36", () => {
    expect(chance("2d6 + 3", 10)).toBeCloseTo(21 / 36, 12);
  });

  it("4d6kh3 rolls 18 only with three or four sixes: 21/1296", () => {
    // Exactly three sixes: 4 positions for the non-six × 5 faces = 20; four sixes: 1.
    expect(chance("4d6kh3", 18)).toBeCloseTo(21 / 1296, 12);
    expect(lowest(parsed("4d6kh3"))).toBe(3);
    expect(highest("4d6kh3")).toBe(18);
  });

  it("{1d6,1d6,1d8}kh2 reaches 14 only with an 8 and a 6: 1/8 × (1 − 25/36) = 11/288", () => {
    expect(chance("{1d6,1d6,1d8}kh2", 14)).toBeCloseTo(11 / 288, 12);
    expect(chance("{1d6,1d6,1d8}kh2", 15)).toBe(0);
  });

  it("a pool keeps whole members: {2d6,1d8}kh1 is the better of a 2d6 total and a d8", () => {
    // P(max(2d6, d8) <= 4) = P(2d6 <= 4) × P(d8 <= 4) = 6/36 × 4/8.
    expect(1 - chance("{2d6,1d8}kh1", 5)).toBeCloseTo((6 / 36) * (4 / 8), 12);
  });

  it("16d6 runs from 16 to 96 with mean 56", () => {
    const d = dist("16d6");
    expect(d.min).toBe(16);
    expect(d.min + d.probs.length - 1).toBe(96);
    expect(mean(d)).toBeCloseTo(56, 9);
    expect(sum(d)).toBeCloseTo(1, 12);
  });

  it("subtracted dice and constants move the range down", () => {
    expect(lowest(parsed("1d20 - 2"))).toBe(-1);
    expect(highest("1d20 - 2")).toBe(18);
    expect(lowest("-1d4")).toBe(-4);
    expect(highest(parsed("-1d4"))).toBe(-1);
    // {1d4,1d8}kl1 − 1d6: lowest 1 − 6 = −5; highest keeps the lower of 4 and 8, so 4 − 1 = 3.
    expect(lowest("{1d4,1d8}kl1 - 1d6")).toBe(-5);
    expect(highest("{1d4,1d8}kl1 - 1d6")).toBe(3);
    expect(chance("-1d4", -2)).toBeCloseTo(2 / 4, 12);
  });

  it("large keep pools stay exact: 10d6kh1 never below 1, P(max of 10d6 = 6) = 1 − (5/6)^10", () => {
    expect(chance("10d6kh1", 6)).toBeCloseTo(1 - (5 / 6) ** 10, 12);
    expect(chance("60d6kl1", 2)).toBeCloseTo((5 / 6) ** 60, 12);
  });

  it("CNT-15: a Maul's 2d6 multiplied by +8 rolls 16d6; flat numbers are not multiplied", () => {
    const m = multiplyDice(parsed("2d6"), 8);
    expect(m.ok && formatFormula(m.value)).toBe("16d6");
    const plus = multiplyDice(parsed("1d12 + 2"), 3);
    expect(plus.ok && formatFormula(plus.value)).toBe("3d12 + 2");
    const kept = multiplyDice(parsed("4d6kh3"), 2);
    expect(kept.ok && formatFormula(kept.value)).toBe("8d6kh6");
  });

  it("CNT-15: the multiplier is at least 1, so a modifier of 0 or less leaves the dice as they are", () => {
    const zero = multiplyDice(parsed("2d6"), 0);
    expect(zero.ok && formatFormula(zero.value)).toBe("2d6");
    const negative = multiplyDice(parsed("2d6"), -3);
    expect(negative.ok && formatFormula(negative.value)).toBe("2d6");
  });

  it("multiplying past the dice limit or by a fraction is a typed error", () => {
    expect(multiplyDice(parsed("2d6"), 600)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooManyDice" },
    });
    expect(multiplyDice(parsed("2d6"), 1.5)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.InvalidMultiplier" },
    });
    expect(multiplyDice(parsed("2d6"), Number.NaN)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.InvalidMultiplier" },
    });
  });

  it("bad formulas are typed errors that quote the text", () => {
    expect(parseFormula("hello")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable", data: { formula: "hello" } },
    });
    for (const text of [
      "",
      "2d6 +",
      "2d",
      "d",
      "2d6k",
      "2d6kx1",
      "{1d6,}kh1",
      "{}",
      "2d6 3",
      "1d6++2",
      "--2",
      "(2d6)",
      "2d6!",
      "1.5d6",
    ])
      expect(parseFormula(text)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.Unparseable" } });
    expect(parseFormula("2d6kh3")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.KeepTooMany", data: { formula: "2d6kh3", keep: 3, count: 2 } },
    });
    expect(parseFormula("{1d6,1d8}kl3")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.KeepTooMany" } });
    expect(parseFormula("1d1")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooFewSides", data: { sides: 1 } },
    });
    expect(parseFormula("3d0")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TooFewSides" } });
    expect(parseFormula("0d6")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TooFewDice" } });
    expect(parseFormula("1001d6")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TooManyDice" } });
    expect(parseFormula("600d6 + 600d6")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TooManyDice" } });
    expect(parseFormula("1d100000")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.TooManySides" } });
    expect(parseFormula("99999999999999999999")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.NumberTooLarge" },
    });
    expect(parseFormula("99999999999999999999d6")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooManyDice" },
    });
    expect(parseFormula("2d6kh99999999999999999999")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.KeepTooMany" },
    });
  });

  it("a formula too large to compute exactly is refused, not computed for minutes", () => {
    expect(parseFormula("1000d1000kh500").ok).toBe(true);
    expect(formulaDistribution("1000d1000kh500")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooComplex" },
    });
    expect(chanceAtLeast("1000d1000", 5000)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooComplex" },
    });
  });

  it("hand-built formulas are checked too", () => {
    expect(formulaDistribution(makeFormula(diceTerm(2, 1)))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooFewSides" },
    });
    expect(formulaDistribution({ terms: [] })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable" },
    });
    expect(formulaDistribution(makeFormula(poolTerm([])))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable" },
    });
    // 2000 characters of text never hold more than 1000 terms; a stored formula may, and is refused at once.
    const members = Array.from({ length: 1000 }, (_, i) => constantTerm(i));
    expect(formulaDistribution(makeFormula(poolTerm(members, { highest: true, count: 1 })))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooManyTerms", data: { max: 1000 } },
    });
    expect(formulaDistribution(makeFormula(...Array.from({ length: 1001 }, () => constantTerm(1))))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooManyTerms" },
    });
    expect(chanceAtLeast(makeFormula(...Array.from({ length: 1000 }, () => constantTerm(1))), 1000)).toEqual({
      ok: true,
      value: 1,
    });
    expect(parseFormula(Array.from({ length: 1000 }, () => "1").join("+")).ok).toBe(true);
  });

  it("parse(format(f)) gives back f", () => {
    fc.assert(
      fc.property(formulaArb, (f) => {
        expect(parseFormula(formatFormula(f))).toEqual({ ok: true, value: f });
      }),
      { numRuns: 300 },
    );
  });

  it("invalid text never throws: every string gives a result", () => {
    const alphabet = fc.constantFrom(..."0123456789dDkKhHlL{},+- ()!x.".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 20 })), (text) => {
        const r = parseFormula(text);
        expect(typeof r.ok).toBe("boolean");
        if (r.ok) expect(typeof formulaDistribution(r.value).ok).toBe("boolean");
        else expect(r.error.key.startsWith("TEMPO.ERRORS.Dice.")).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("stored formulas of the wrong shape are typed errors, never exceptions", () => {
    // Strings are left out here: formulaMin/Max also read text, and "0" or "1d6" is a valid formula.
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== "string"),
        (value) => {
          const asFormula = value as Formula;
          const d = formulaDistribution(asFormula);
          const m = multiplyDice(asFormula, 2);
          expect(d.ok).toBe(false);
          expect(m.ok).toBe(false);
          expect(formulaMin(asFormula).ok).toBe(false);
          expect(formulaMax(asFormula).ok).toBe(false);
          expect(checkFormula(value).ok).toBe(false);
        },
      ),
    );
    // Any text: formulaMin/Max answer with a value or a typed error, and never throw.
    fc.assert(
      fc.property(fc.string(), (text) => {
        const min = formulaMin(text);
        expect(min.ok || min.error.key.startsWith("TEMPO.ERRORS.Dice.")).toBe(true);
        const max = formulaMax(text);
        expect(max.ok || max.error.key.startsWith("TEMPO.ERRORS.Dice.")).toBe(true);
      }),
    );
    const wrongTerm = { terms: [{ sign: 1, term: { type: "dice", count: "2", sides: 6, keep: null } }] };
    expect(formulaMin(wrongTerm as unknown as Formula)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable" },
    });
    expect(formulaMax("2d6 +")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Dice.Unparseable" } });
    expect(checkFormula(wrongTerm)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable", data: { formula: "" } },
    });
    expect(checkFormula({ terms: [{ sign: 2, term: { type: "constant", value: 1 } }] }).ok).toBe(false);
    expect(
      checkFormula({
        terms: [{ sign: 1, term: { type: "pool", members: [{ type: "pool", members: [], keep: null }], keep: null } }],
      }).ok,
    ).toBe(false);
    expect(checkFormula(JSON.parse(JSON.stringify(parsed("{1d6,1d8}kh1 + 2"))))).toEqual({
      ok: true,
      value: parsed("{1d6,1d8}kh1 + 2"),
    });
  });

  it("every formula distribution sums to 1, spans formulaMin..formulaMax, and equals brute-force enumeration", () => {
    fc.assert(
      fc.property(formulaArb, (f) => {
        const d = dist(f);
        expect(sum(d)).toBeCloseTo(1, 10);
        expect(d.min).toBe(lowest(f));
        expect(d.min + d.probs.length - 1).toBe(highest(f));
        expect(d.probs[0] ?? 0).toBeGreaterThan(0);
        expect(d.probs[d.probs.length - 1] ?? 0).toBeGreaterThan(0);
        const brute = bruteFormula(f);
        for (const [value, p] of brute) expect(d.probs[value - d.min] ?? 0).toBeCloseTo(p, 10);
        const target = lowest(f) + 1;
        const bruteChance = [...brute].filter(([v]) => v >= target).reduce((s, [, p]) => s + p, 0);
        expect(chance(f, target)).toBeCloseTo(bruteChance, 10);
      }),
      { numRuns: 200 },
    );
  });

  it("3d6 is symmetric about 10.5: P(≥ 11) = 1/2 and P(≥ 10) = 1/2 + 27/216 = 5/8", () => {
    // 27 of the 216 rolls total 10 (the permutations of 1+3+6, 1+4+5, 2+2+6, 2+3+5, 2+4+4, 3+3+4: 6+6+3+6+3+3).
    expect(probAtLeast(dist("3d6"), 11)).toBeCloseTo(1 / 2, 12);
    expect(chance("3d6", 10)).toBeCloseTo(135 / 216, 12);
  });

  it("a target between two totals asks for the next whole total: P(2d6 ≥ 7.5) = P(2d6 ≥ 8) = 15/36", () => {
    expect(probAtLeast(dist("2d6"), 7.5)).toBeCloseTo(15 / 36, 12);
    expect(chance("2d6", 7.5)).toBeCloseTo(15 / 36, 12);
    expect(chance("2d6", Number.POSITIVE_INFINITY)).toBe(0);
    expect(chance("2d6", Number.NEGATIVE_INFINITY)).toBe(1);
  });

  it("a target that is not a number is a typed error, not a chance of 0", () => {
    expect(chanceAtLeast("2d6", Number.NaN)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TargetInvalid", data: { value: "NaN" } },
    });
  });

  it("text that is not a string, a multiplier that is not whole and a target that is not a number are typed errors", () => {
    fc.assert(
      fc.property(
        fc.anything().filter((v) => typeof v !== "string"),
        notWhole,
        (text, factor) => {
          expectTypedError(parseFormula(text as string), "TEMPO.ERRORS.Dice.Unparseable");
          expectTypedError(formulaDistribution(text as string), "TEMPO.ERRORS.Dice.");
          expectTypedError(multiplyDice(parsed("2d6"), factor as number), "TEMPO.ERRORS.Dice.InvalidMultiplier");
          if (typeof factor !== "number")
            expectTypedError(chanceAtLeast("2d6", factor as number), "TEMPO.ERRORS.Dice.TargetInvalid");
        },
      ),
    );
  });
});
