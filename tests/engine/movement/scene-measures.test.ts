import { describe, expect, it } from "vitest";
import {
  flankersOf,
  gridLine,
  squaresAlong,
  watchEnter,
  watchMeasuredMove,
  NO_STEALTH,
  lineOfEffectAndSight,
  samplePoints,
  seesThrough,
  sightMeasure,
  weaponSpaceFeet,
  withinTouch,
  ITEM_DEFAULTS,
  type GridSnapshot,
  type RayBlock,
} from "../../../src/engine/index.ts";

const ray = (movement: boolean, sight: boolean, limitedSight = false): RayBlock => ({ movement, sight, limitedSight });
const creature = (id: string, side: string, x: number, y: number, threatens = true) => ({
  id,
  side,
  square: { x, y },
  size: 1,
  threatens,
});

describe("SEG-18: cover and concealment from sample rays", () => {
  it("SEG-18: 9 sample points spread over the target's space, inside its edges", () => {
    const points = samplePoints({ x: 0, y: 0, width: 100, height: 100 });
    expect(points).toHaveLength(9);
    expect(points).toContainEqual({ x: 50, y: 50 });
    expect(points.every((p) => p.x > 0 && p.x < 100 && p.y > 0 && p.y < 100)).toBe(true);
  });

  it("SEG-18: 5 of 9 rays through a movement wall is more than 50% cover and blocks the line of effect", () => {
    const rays = [
      ...Array.from({ length: 5 }, () => ray(true, false)),
      ...Array.from({ length: 4 }, () => ray(false, false)),
    ];
    const measure = sightMeasure(rays);
    expect(measure).toEqual({ ok: true, value: { coverPercent: 56, concealmentPercent: 0 } });
    if (!measure.ok) return;
    const verdict = lineOfEffectAndSight({ touch: false, ...measure.value, crossesWaterSurface: false });
    expect(verdict.ok && verdict.value.lineOfEffect).toBe(false);
  });

  it("SEG-18: 7 of 9 rays behind sight walls or a terrain wall is 78% concealment and blocks the line of sight", () => {
    const rays = [
      ...Array.from({ length: 4 }, () => ray(false, true)),
      ...Array.from({ length: 3 }, () => ray(false, false, true)),
      ray(false, false),
      ray(false, false),
    ];
    const measure = sightMeasure(rays);
    expect(measure.ok && measure.value.concealmentPercent).toBe(78);
    if (!measure.ok) return;
    const verdict = lineOfEffectAndSight({ touch: false, ...measure.value, crossesWaterSurface: false });
    expect(verdict.ok && verdict.value).toMatchObject({ lineOfEffect: true, lineOfSight: false });
  });

  it("SEG-18: no rays is refused; STL-2: one clear ray is line of sight", () => {
    expect(sightMeasure([]).ok).toBe(false);
    expect(seesThrough([ray(false, true), ray(true, false)])).toBe(true);
    expect(seesThrough([ray(false, true), ray(true, true)])).toBe(false);
  });

  it("SEG-18: the caster itself or an adjacent creature is within touch", () => {
    const snapshot: GridSnapshot = {
      creatures: [creature("m", "a", 2, 2), creature("n", "b", 3, 3), creature("f", "b", 5, 2)],
      obstacles: [],
    };
    expect(withinTouch(snapshot, "m", "m")).toEqual({ ok: true, value: true });
    expect(withinTouch(snapshot, "m", "n")).toEqual({ ok: true, value: true });
    expect(withinTouch(snapshot, "m", "f")).toEqual({ ok: true, value: false });
    expect(withinTouch(snapshot, "m", "ghost").ok).toBe(false);
  });
});

describe("ATK-ROT-5, SEG-19: flankers and weapon space", () => {
  it("ATK-ROT-5: three adjacent enemies that can fight flank; allies, the defeated and the far are not counted", () => {
    const snapshot: GridSnapshot = {
      creatures: [
        creature("t", "foe", 5, 5),
        creature("a", "pc", 4, 5),
        creature("b", "pc", 6, 6),
        creature("c", "pc", 5, 4),
        creature("dead", "pc", 4, 4, false),
        creature("ally", "foe", 6, 4),
        creature("far", "pc", 9, 9),
      ],
      obstacles: [],
    };
    expect(flankersOf(snapshot, "t")).toEqual({ ok: true, value: 3 });
    expect(flankersOf({ creatures: [creature("t", "foe", 0, 0)], obstacles: [] }, "t")).toEqual({ ok: true, value: 1 });
  });

  it("SEG-19: a Great or Heavy weapon needs 6 ft, others 4 ft", () => {
    const props = ITEM_DEFAULTS.weapon.properties;
    expect(weaponSpaceFeet({ properties: { ...props, great: true } })).toBe(6);
    expect(weaponSpaceFeet({ properties: { ...props, heavy: true } })).toBe(6);
    expect(weaponSpaceFeet({ properties: props })).toBe(4);
  });
});

describe("SEG-19: the squares a movement passes", () => {
  it("SEG-19: a grid line steps one square at a time; a path joins its waypoints' lines", () => {
    expect(gridLine({ x: 6, y: 4 }, { x: 4, y: 6 })).toEqual([
      { x: 6, y: 4 },
      { x: 5, y: 5 },
      { x: 4, y: 6 },
    ]);
    expect(gridLine({ x: 0, y: 0 }, { x: 3, y: 1 })).toHaveLength(4);
    expect(gridLine({ x: 2, y: 2 }, { x: 2, y: 2 })).toEqual([{ x: 2, y: 2 }]);
    expect(
      squaresAlong([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 2, y: 1 },
      ]),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 1 },
    ]);
    expect(squaresAlong([])).toEqual([]);
  });
});

describe("STL-4: movement measured on the scene", () => {
  it("STL-4: the farthest movement of the turn is kept, and flying once counts; STL-1: an enemy in sight refuses entry", () => {
    expect(watchEnter(NO_STEALTH, "vex", 10, 5, 1).ok).toBe(false);
    const entered = watchEnter(NO_STEALTH, "vex", 10, 5);
    if (!entered.ok) throw new Error("entry refused");
    const far = watchMeasuredMove(entered.value.watch, "vex", 20, false);
    if (!far.ok) throw new Error("move refused");
    const near = watchMeasuredMove(far.value, "vex", 5, true);
    expect(near.ok && near.value.vex?.moved).toEqual({ feet: 20, flew: true, quietFlight: false });
    expect(watchMeasuredMove(NO_STEALTH, "vex", 5, false).ok).toBe(false);
  });
});
