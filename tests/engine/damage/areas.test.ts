import { describe, expect, it } from "vitest";
import {
  areaRectangles,
  areaSquares,
  cleaveAreaSpec,
  creaturesInArea,
  facingToward,
  spellAreaSpec,
  type AreaBody,
  type AreaSpec,
} from "../../../src/engine/damage/areas.ts";

const at = (x: number, y: number, size = 1): AreaBody => ({ square: { x, y }, size });

function covered(spec: AreaSpec, user: AreaBody, aim: AreaBody): string[] {
  const r = areaSquares(spec, user, aim);
  if (!r.ok) throw new Error(r.error.key);
  return r.value.map((s) => `${s.x},${s.y}`);
}

describe("areas on the grid", () => {
  it("FEAT-CLEAVE: a cleave aimed east from (5,5) covers the 3 squares in front; with Reach the 5 beyond too", () => {
    expect(covered(cleaveAreaSpec(["heavy"]), at(5, 5), at(6, 5))).toEqual(["6,4", "6,5", "6,6"]);
    expect(covered(cleaveAreaSpec(["heavy", "reach"]), at(5, 5), at(7, 6))).toHaveLength(8);
  });

  it("the facing toward a creature is the nearest of the eight; none toward the user's own space", () => {
    expect(facingToward(at(0, 0), at(3, -3))).toEqual({ ok: true, value: "ne" });
    expect(facingToward(at(0, 0), at(-4, 1))).toEqual({ ok: true, value: "w" });
    expect(facingToward(at(0, 0, 2), at(0, 0, 2))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Area.NoDirection" },
    });
  });

  it("a 5 ft burst on a Medium creature is the 3×3 block; 10 ft is 5×5 without its corners", () => {
    const burst = (feet: number) => covered({ kind: "burst", feet }, at(0, 0), at(5, 5));
    expect(burst(5)).toHaveLength(9);
    expect(burst(10)).toHaveLength(21);
    expect(burst(10)).not.toContain("3,3");
  });

  it("a line runs straight from the body; a cube is centred on the aimed creature", () => {
    expect(covered({ kind: "line", feet: 15 }, at(2, 2), at(2, 9))).toEqual(["2,3", "2,4", "2,5"]);
    expect(covered({ kind: "cube", feet: 10 }, at(0, 0), at(4, 4))).toEqual(["4,4", "5,4", "4,5", "5,5"]);
  });

  it("a spell's shape and size give its area; a single-target spell has none; a bad size is refused", () => {
    expect(spellAreaSpec({ shape: "sphere", size: 20 })).toEqual({ kind: "burst", feet: 20 });
    expect(spellAreaSpec({ shape: "none", size: 20 })).toBeNull();
    expect(areaSquares({ kind: "cone", feet: 7 }, at(0, 0), at(1, 0))).toMatchObject({ ok: false });
  });

  it("the creatures with a square in the area are offered, the user left out; rows merge into runs", () => {
    const squares = [
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 4, y: 0 },
      { x: 1, y: 1 },
    ];
    const creatures = [
      { id: "me", square: { x: 1, y: 1 }, size: 1 },
      { id: "ogre", square: { x: 3, y: -1 }, size: 2 },
      { id: "far", square: { x: 9, y: 9 }, size: 1 },
    ];
    expect(creaturesInArea(squares, creatures, "me")).toEqual(["ogre"]);
    expect(areaRectangles(squares)).toEqual([
      { x: 1, y: 0, width: 2, height: 1 },
      { x: 4, y: 0, width: 1, height: 1 },
      { x: 1, y: 1, width: 1, height: 1 },
    ]);
  });
});
