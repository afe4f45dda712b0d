import { describe, expect, it } from "vitest";
import { placeFormation, type Formation, type FormationInput } from "../../../src/engine/encounters/formation.ts";
import type { WallSegment } from "../../../src/engine/encounters/wall-geometry.ts";

const tokens = (count: number, size = 1): { id: string; size: number }[] =>
  Array.from({ length: count }, (_, i) => ({ id: `t${i + 1}`, size }));
const wall = (ax: number, ay: number, bx: number, by: number): WallSegment => ({
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});

function place(input: FormationInput): Formation {
  const result = placeFormation(input);
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("formation placement", () => {
  it("puts the first token on the picked square and the next ones on the squares around it", () => {
    const { placed, unplaced } = place({ width: 10, height: 10, anchor: { x: 4, y: 4 }, tokens: tokens(6) });
    expect(unplaced).toEqual([]);
    expect(placed.map((p) => p.square)).toEqual([
      { x: 4, y: 4 },
      { x: 4, y: 3 },
      { x: 3, y: 4 },
      { x: 5, y: 4 },
      { x: 4, y: 5 },
      { x: 3, y: 3 },
    ]);
  });

  it("keeps a Large token on the scene when the picked square is in a corner", () => {
    const { placed } = place({ width: 10, height: 8, anchor: { x: 9, y: 7 }, tokens: [{ id: "ogre", size: 2 }] });
    expect(placed).toEqual([{ id: "ogre", square: { x: 8, y: 6 } }]);
  });

  it("reports a token bigger than the scene as too large and still places the others", () => {
    const { placed, unplaced } = place({
      width: 3,
      height: 5,
      anchor: { x: 1, y: 1 },
      tokens: [{ id: "dragon", size: 4 }, ...tokens(2)],
    });
    expect(unplaced).toEqual([{ id: "dragon", reason: "TEMPO.FORMATION.TooLarge" }]);
    expect(placed.map((p) => p.id)).toEqual(["t1", "t2"]);
  });

  it("goes around tokens already on the scene", () => {
    const { placed } = place({
      width: 10,
      height: 10,
      anchor: { x: 4, y: 4 },
      tokens: tokens(2),
      taken: [{ square: { x: 4, y: 4 }, size: 2 }],
    });
    expect(placed.map((p) => p.square)).toEqual([
      { x: 4, y: 3 },
      { x: 3, y: 4 },
    ]);
  });

  it("never crosses a wall across the scene: the far side stays empty and the rest are reported", () => {
    const { placed, unplaced } = place({
      width: 10,
      height: 10,
      anchor: { x: 4, y: 5 },
      tokens: tokens(60),
      walls: [wall(5, 0, 5, 10)],
    });
    expect(placed).toHaveLength(50);
    expect(placed.every((p) => p.square.x < 5)).toBe(true);
    expect(unplaced).toHaveLength(10);
    expect(unplaced.every((miss) => miss.reason === "TEMPO.FORMATION.NoRoom")).toBe(true);
  });

  it("goes through a door in the wall, counting the squares beyond it by the walk through the door", () => {
    const { placed, unplaced } = place({
      width: 10,
      height: 10,
      anchor: { x: 4, y: 5 },
      tokens: tokens(60),
      walls: [wall(5, 0, 5, 4), wall(5, 5, 5, 10)],
    });
    expect(unplaced).toEqual([]);
    const order = placed.map((p) => `${p.square.x},${p.square.y}`);
    // The doorway square {5, 4} is 2 steps away; {5, 5}, right beside the picked square, is 3 (through the door).
    expect(order.find((square) => Number(square.split(",")[0]) >= 5)).toBe("5,4");
    expect(order.indexOf("5,5")).toBeGreaterThan(order.indexOf("5,4"));
    expect(order.indexOf("5,5")).toBeGreaterThan(order.indexOf("3,4"));
  });

  it("does not stand a Large token astride a wall", () => {
    const { placed } = place({
      width: 10,
      height: 10,
      anchor: { x: 5, y: 5 },
      tokens: [{ id: "ogre", size: 2 }],
      walls: [wall(5, 3, 5, 5)],
    });
    // A short wall that blocks no square from the picked one: its best space without the wall, {4, 4},
    // would stand astride it.
    expect(placed).toEqual([{ id: "ogre", square: { x: 5, y: 4 } }]);
  });

  it("fills a walled room, including the squares along its walls, and nothing outside it", () => {
    const room = [wall(3, 3, 6, 3), wall(6, 3, 6, 6), wall(6, 6, 3, 6), wall(3, 6, 3, 3)];
    const { placed, unplaced } = place({
      width: 10,
      height: 10,
      anchor: { x: 4, y: 4 },
      tokens: tokens(12),
      walls: room,
    });
    expect(placed).toHaveLength(9);
    expect(placed.every((p) => p.square.x >= 3 && p.square.x < 6 && p.square.y >= 3 && p.square.y < 6)).toBe(true);
    expect(unplaced.map((miss) => miss.id)).toEqual(["t10", "t11", "t12"]);
  });

  it("keeps to the near side of a diagonal wall and off the squares it cuts", () => {
    const { placed } = place({
      width: 6,
      height: 6,
      anchor: { x: 0, y: 0 },
      tokens: tokens(5),
      walls: [wall(0, 3, 3, 0)],
    });
    expect(placed.map((p) => p.square)).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ]);
  });

  it("gives the same places for the same input and leaves the input unchanged", () => {
    const input = deepFreeze({
      width: 12,
      height: 9,
      anchor: { x: 6, y: 4 },
      tokens: [{ id: "a", size: 2 }, ...tokens(8), { id: "b", size: 3 }],
      taken: [{ square: { x: 7, y: 4 }, size: 1 }],
      walls: [wall(2, 0, 2, 6), wall(8.5, 1, 10, 7.25)],
    });
    expect(place(input)).toEqual(place(input));
  });

  it("refuses bad input with a clear error and places nothing", () => {
    const base = { width: 10, height: 10, anchor: { x: 1, y: 1 }, tokens: tokens(2) };
    const cases: [FormationInput, string][] = [
      [{ ...base, width: 0 }, "TEMPO.ERRORS.Formation.InvalidScene"],
      [{ ...base, height: 2.5 }, "TEMPO.ERRORS.Formation.InvalidScene"],
      [{ ...base, width: 501 }, "TEMPO.ERRORS.Formation.InvalidScene"],
      [{ ...base, anchor: { x: 10, y: 1 } }, "TEMPO.ERRORS.Formation.AnchorOutside"],
      [{ ...base, anchor: { x: 1.5, y: 1 } }, "TEMPO.ERRORS.Formation.AnchorOutside"],
      [
        {
          ...base,
          tokens: [
            { id: "a", size: 1 },
            { id: "a", size: 1 },
          ],
        },
        "TEMPO.ERRORS.Formation.InvalidToken",
      ],
      [{ ...base, tokens: [{ id: "a", size: 0 }] }, "TEMPO.ERRORS.Formation.InvalidToken"],
      [{ ...base, tokens: [{ id: "", size: 1 }] }, "TEMPO.ERRORS.Formation.InvalidToken"],
      [{ ...base, taken: [{ square: { x: 1, y: Number.NaN }, size: 1 }] }, "TEMPO.ERRORS.Formation.InvalidTaken"],
      [{ ...base, walls: [wall(0, 0, Number.POSITIVE_INFINITY, 1)] }, "TEMPO.ERRORS.Formation.InvalidWall"],
    ];
    for (const [input, key] of cases) {
      const result = placeFormation(input);
      expect(result.ok ? "placed" : result.error.key, JSON.stringify(input)).toBe(key);
    }
  });
});
