import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareHighestFirst,
  contestRollsNeeded,
  rollFormula,
} from "../../../../src/engine/initiative/shared/highest-first.ts";
import {
  insertAt,
  isSortedBy,
  nextActiveIndex,
  passedSlotIndex,
  removeAt,
  sortedInsertIndex,
} from "../../../../src/engine/initiative/shared/round-order.ts";

describe("shared highest-first helpers", () => {
  it("STD-1: the roll formula spells out the modifier for the chat card", () => {
    expect(rollFormula("1d20", 3)).toBe("1d20 + 3");
    expect(rollFormula("1d20", -2)).toBe("1d20 - 2");
    expect(rollFormula("1d20", 0)).toBe("1d20");
  });

  it("STD-2: key vectors compare highest first and are level when equal on every element both have", () => {
    expect(compareHighestFirst([15, 3], [15, 1])).toBeLessThan(0);
    expect(compareHighestFirst([12], [15])).toBeGreaterThan(0);
    expect(compareHighestFirst([9], [9, 11])).toBe(0);
  });

  it("STD-2: only creatures not yet separated from another tied creature roll a tie-breaker", () => {
    const entries = [
      { id: "Cole", tieKey: "12|2", contest: [9, 11] },
      { id: "Dana", tieKey: "12|2", contest: [9, 3] },
      { id: "Eve", tieKey: "12|2", contest: [9] },
      { id: "Finn", tieKey: "12|1", contest: [] },
      { id: "Gus", tieKey: "8|0", contest: [] },
      { id: "Hal", tieKey: "8|0", contest: [] },
    ];
    expect(contestRollsNeeded(entries)).toEqual(["Eve", "Gus", "Hal"]);
  });

  it("STD-2: after enough distinct rolls nobody needs to roll", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }), (rolls) => {
        const entries = rolls.map((r, i) => ({ id: `c${i}`, tieKey: "10|0", contest: [r] }));
        expect(contestRollsNeeded(entries)).toEqual([]);
      }),
    );
  });
});

describe("shared round-order helpers", () => {
  const byNumber = (a: string, b: string): number => Number(b) - Number(a);

  it("STD-3: binary search keeps the rest of a round sorted when a creature is slotted in", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (values, value) => {
          const order = values.sort((a, b) => b - a).map(String);
          const at = sortedInsertIndex(order, 0, order.length, String(value), byNumber);
          const inserted = insertAt(order, at, String(value));
          expect(isSortedBy(inserted, byNumber)).toBe(true);
          expect(removeAt(inserted, at)).toEqual(order);
        },
      ),
    );
  });

  it("STD-3: a creature whose slot has passed goes before the first creature it sorts ahead of", () => {
    expect(passedSlotIndex(["20", "15", "9"], 2, "17", byNumber)).toBe(1);
    expect(passedSlotIndex(["20", "15", "9"], 2, "12", byNumber)).toBe(2);
  });

  it("DEF-1: the next creature able to act is found past the ones that cannot", () => {
    expect(nextActiveIndex(["a", "b", "c"], 0, (id) => id === "c")).toBe(2);
    expect(nextActiveIndex(["a", "b"], 1, (id) => id === "a")).toBe(-1);
  });
});
