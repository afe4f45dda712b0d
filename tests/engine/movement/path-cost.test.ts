import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  gridDistanceFeet,
  DIAGONAL_RULE_BY_RULESET,
  type DiagonalRule,
  type Square,
} from "../../../src/engine/movement/grid.ts";
import { pathCost } from "../../../src/engine/movement/path-cost.ts";

const sq = (x: number, y: number): Square => ({ x, y });
const feet = (path: Square[], diagonal: DiagonalRule, isDifficult?: (s: Square) => boolean): number => {
  const r = pathCost(path, { diagonal, isDifficult });
  if (!r.ok) throw new Error(r.error.key);
  return r.value.feet;
};

describe("movement: distances and path cost", () => {
  it("MOV-1: standard diagonals cost 7 ft, straight steps 5 ft, centre to centre", () => {
    expect(DIAGONAL_RULE_BY_RULESET.standard).toBe("seven");
    expect(gridDistanceFeet(sq(0, 0), sq(3, 0), "seven")).toBe(15);
    expect(gridDistanceFeet(sq(0, 0), sq(2, 2), "seven")).toBe(14);
    // 3 squares east and 1 north: one diagonal (7) and two straight steps (10).
    expect(gridDistanceFeet(sq(0, 0), sq(3, 1), "seven")).toBe(17);
  });

  it("MOV-1: the other rulesets' diagonal rulings (5 ft; segment alternates 5/10)", () => {
    expect(DIAGONAL_RULE_BY_RULESET.count).toBe("five");
    expect(DIAGONAL_RULE_BY_RULESET.phase).toBe("five");
    expect(DIAGONAL_RULE_BY_RULESET.rotation).toBe("five");
    expect(DIAGONAL_RULE_BY_RULESET.segment).toBe("alternating");
    expect(gridDistanceFeet(sq(0, 0), sq(3, 3), "five")).toBe(15);
    // 5 + 10 + 5 for three diagonals.
    expect(gridDistanceFeet(sq(0, 0), sq(3, 3), "alternating")).toBe(20);
    expect(feet([sq(0, 0), sq(1, 1), sq(2, 2), sq(3, 3), sq(4, 4)], "alternating")).toBe(30);
  });

  it("STD-7: 6 squares in a straight line, or 3 north then 3 west, each cost the base 30 ft", () => {
    expect(
      feet(
        [0, 1, 2, 3, 4, 5, 6].map((x) => sq(x, 0)),
        "seven",
      ),
    ).toBe(30);
    expect(feet([sq(0, 0), sq(0, -1), sq(0, -2), sq(0, -3), sq(-1, -3), sq(-2, -3), sq(-3, -3)], "seven")).toBe(30);
  });

  it("STD-7: walking back along the path walked costs movement too", () => {
    // 20 ft forward then 10 ft back: 30 ft spent although the creature ends 10 ft from where it began.
    const path = [sq(0, 0), sq(1, 0), sq(2, 0), sq(3, 0), sq(4, 0), sq(3, 0), sq(2, 0)];
    expect(feet(path, "seven")).toBe(30);
  });

  it("PHS-6: difficult terrain costs two squares per square entered", () => {
    const mud = (s: Square): boolean => s.x === 2 || s.x === 3;
    // Squares 1, 2(mud), 3(mud), 4: 1 + 2 + 2 + 1 = 6 squares = 30 ft.
    expect(
      feet(
        [0, 1, 2, 3, 4].map((x) => sq(x, 0)),
        "five",
        mud,
      ),
    ).toBe(30);
  });

  it("MOV-1: a path whose squares do not touch is a typed error", () => {
    expect(pathCost([sq(0, 0), sq(2, 0)], { diagonal: "seven" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.NotAdjacent", data: { index: 1 } },
    });
    expect(pathCost([sq(0, 0), sq(0.5, 0)], { diagonal: "five" }).ok).toBe(false);
  });

  const rule = fc.constantFrom<DiagonalRule>("five", "seven", "alternating");
  const walk = fc
    .tuple(
      fc.integer({ min: -5, max: 5 }),
      fc.integer({ min: -5, max: 5 }),
      fc.array(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })), { maxLength: 25 }),
    )
    .map(([x, y, moves]) => {
      const path = [sq(x, y)];
      for (const [dx, dy] of moves) {
        if (dx === 0 && dy === 0) continue;
        const last = path[path.length - 1] ?? sq(0, 0);
        path.push(sq(last.x + dx, last.y + dy));
      }
      return path;
    });

  it("MOV-1, STD-7: a path never costs less than the straight-line distance, and never a negative amount", () => {
    fc.assert(
      fc.property(rule, walk, fc.boolean(), (diagonal, path, muddy) => {
        const r = pathCost(path, { diagonal, isDifficult: muddy ? (s) => (s.x + s.y) % 2 === 0 : undefined });
        if (!r.ok) return false;
        const first = path[0] ?? sq(0, 0);
        const last = path[path.length - 1] ?? sq(0, 0);
        return r.value.feet >= 0 && r.value.feet >= gridDistanceFeet(first, last, diagonal);
      }),
    );
  });
});
