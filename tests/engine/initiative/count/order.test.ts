import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  compareCountOrder,
  countTiesToRoll,
  startingCount,
  trackedCount,
  type CountOrderEntry,
} from "../../../../src/engine/initiative/count/order.ts";

const entries = fc.uniqueArray(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    count: fc.integer({ min: 0, max: 3 }),
    contest: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  }),
  { selector: (e) => e.id, maxLength: 12 },
);

/** The rule read literally: x rolls when another creature on its count has kept totals beginning with all of x's. */
function mustRoll(all: readonly CountOrderEntry[], x: CountOrderEntry): boolean {
  return all.some((y) => y.id !== x.id && y.count === x.count && x.contest.every((t, i) => y.contest[i] === t));
}

describe("count order (CNT-2, CNT-4, CNT-5)", () => {
  it("CNT-2: the starting count is the d20 minus the bonus", () => {
    expect(startingCount(15, 2)).toBe(13);
    expect(startingCount(3, 5)).toBe(-2);
  });

  it("CNT-4: from round 1 on, results below 0 are tracked as 0", () => {
    expect([trackedCount(-2), trackedCount(0), trackedCount(7)]).toEqual([0, 0, 7]);
  });

  it("CNT-5: the order is total, antisymmetric and transitive, even while contests are outstanding", () => {
    fc.assert(
      fc.property(entries, (list) => {
        for (const a of list) {
          expect(compareCountOrder(a, a)).toBe(0);
          for (const b of list) {
            if (a !== b) expect(Math.sign(compareCountOrder(a, b))).toBe(-Math.sign(compareCountOrder(b, a)));
            if (a !== b) expect(compareCountOrder(a, b)).not.toBe(0);
            for (const c of list) {
              if (compareCountOrder(a, b) < 0 && compareCountOrder(b, c) < 0)
                expect(compareCountOrder(a, c)).toBeLessThan(0);
            }
          }
        }
      }),
    );
  });

  it("CNT-5: exactly the creatures not yet separated from a tie partner roll, in track order", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const expected = [...list]
          .sort(compareCountOrder)
          .filter((x) => mustRoll(list, x))
          .map((x) => x.id);
        expect(countTiesToRoll(list)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("CNT-5: a creature separated by its first total never rerolls when a third joins the tie", () => {
    const list = [
      { id: "a", count: 5, contest: [14] },
      { id: "b", count: 5, contest: [9] },
      { id: "c", count: 5, contest: [] },
    ];
    expect(countTiesToRoll(list)).toEqual(["c"]);
    // c rolls 14 too: now a and c are level and reroll; b stays put.
    expect(
      countTiesToRoll([list[0], list[1], { id: "c", count: 5, contest: [14] }].filter((e) => e !== undefined)),
    ).toEqual(["a", "c"]);
  });
});
