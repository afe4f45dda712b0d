import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import type { GridCreature, GridSnapshot } from "../../../src/engine/movement/grid-snapshot.ts";
import { crossesWaterSurface, lineOfEffectAndSight } from "../../../src/engine/movement/line-of-effect.ts";
import {
  DEFAULT_MOVEMENT_POWERS,
  startPowerMovement,
  validateMovementPower,
} from "../../../src/engine/movement/movement-powers.ts";
import { moveAlong, movementRemaining } from "../../../src/engine/movement/movement-turn.ts";
import { canFightFromSpace, passThrough, weaponHasSpace } from "../../../src/engine/movement/shared-space.ts";

const creature = (id: string, side: string, x: number, y: number): GridCreature => ({
  id,
  side,
  square: { x, y },
  size: 1,
  threatens: true,
});

describe("movement: phase movement powers", () => {
  it("PHS-5: the six default powers exist, with Shift and Disengage not provoking", () => {
    expect(Object.keys(DEFAULT_MOVEMENT_POWERS).sort()).toEqual([
      "charge",
      "disengage",
      "hustle",
      "run",
      "shift",
      "walk",
    ]);
    expect(DEFAULT_MOVEMENT_POWERS.shift.provokes).toBe(false);
    expect(DEFAULT_MOVEMENT_POWERS.disengage).toMatchObject({ squares: 2, provokes: false });
    expect(DEFAULT_MOVEMENT_POWERS.walk.provokes).toBe(true);
  });

  it("PHS-5: a GM-edited Walk of 4 squares moves 4 squares and no more, counting diagonals as one square", () => {
    const walk = { ...DEFAULT_MOVEMENT_POWERS.walk, squares: 4 };
    const turn = unwrap(startPowerMovement(walk, { x: 0, y: 0 }));
    const moved = unwrap(
      moveAlong(
        turn,
        [1, 2, 3, 4].map((i) => ({ to: { x: i, y: i }, mode: "walk" as const })),
      ),
    );
    expect(movementRemaining(moved)).toEqual({ walk: 0 });
    expect(moveAlong(moved, [{ to: { x: 5, y: 4 }, mode: "walk" }])).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("PHS-5: a Charge keeps one direction", () => {
    const turn = unwrap(startPowerMovement(DEFAULT_MOVEMENT_POWERS.charge, { x: 0, y: 0 }));
    const bent = moveAlong(turn, [
      { to: { x: 1, y: 0 }, mode: "walk" },
      { to: { x: 2, y: 1 }, mode: "walk" },
    ]);
    expect(bent).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Movement.NotStraight" } });
  });

  it("PHS-5: a negative or fractional distance is a typed error", () => {
    expect(validateMovementPower({ ...DEFAULT_MOVEMENT_POWERS.run, squares: -1 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.InvalidDistance", data: { power: "run", squares: "-1" } },
    });
    expect(startPowerMovement({ ...DEFAULT_MOVEMENT_POWERS.run, squares: 2.5 }, { x: 0, y: 0 }).ok).toBe(false);
  });
});

describe("movement: line of effect and line of sight", () => {
  const clear = { touch: false, coverPercent: 0, concealmentPercent: 0, crossesWaterSurface: false };

  it("SEG-18: 50% cover still lets the spell through; 51% blocks line of effect", () => {
    expect(unwrap(lineOfEffectAndSight({ ...clear, coverPercent: 50 }))).toEqual({
      lineOfEffect: true,
      lineOfSight: true,
      reason: null,
    });
    expect(unwrap(lineOfEffectAndSight({ ...clear, coverPercent: 51 }))).toMatchObject({
      lineOfEffect: false,
      reason: "TEMPO.MOVEMENT.CoverBlocks",
    });
  });

  it("SEG-18: 75% concealment blocks line of sight, 74% does not", () => {
    expect(unwrap(lineOfEffectAndSight({ ...clear, concealmentPercent: 75 }))).toMatchObject({
      lineOfSight: false,
      reason: "TEMPO.MOVEMENT.ConcealmentBlocks",
    });
    expect(unwrap(lineOfEffectAndSight({ ...clear, concealmentPercent: 74 })).lineOfSight).toBe(true);
  });

  it("SEG-18: the surface between air and water blocks line of effect; touch spells need neither line", () => {
    expect(unwrap(lineOfEffectAndSight({ ...clear, crossesWaterSurface: true }))).toMatchObject({
      lineOfEffect: false,
      reason: "TEMPO.MOVEMENT.WaterSurfaceBlocks",
    });
    expect(
      unwrap(
        lineOfEffectAndSight({ touch: true, coverPercent: 100, concealmentPercent: 100, crossesWaterSurface: true }),
      ).reason,
    ).toBeNull();
    expect(lineOfEffectAndSight({ ...clear, coverPercent: 120 }).ok).toBe(false);
  });

  it("SEG-18: the line crosses the water's surface when one end is in the water, or both are with dry land between; never when neither is", () => {
    // Caster, the squares between, target.
    expect(crossesWaterSurface([true, true, false, false])).toBe(true);
    expect(crossesWaterSurface([false, false, true])).toBe(true);
    expect(crossesWaterSurface([true, true, true])).toBe(false);
    expect(crossesWaterSurface([true, false, true])).toBe(true);
    // Across a pond from shore to shore: the line runs above the water.
    expect(crossesWaterSurface([false, true, true, false])).toBe(false);
    expect(crossesWaterSurface([true])).toBe(false);
  });
});

describe("movement: sharing space", () => {
  const map: GridSnapshot = {
    creatures: [
      creature("fighter", "pc", 0, 0),
      creature("wizard", "pc", 1, 0),
      creature("orc", "foe", 3, 0),
      creature("thief", "pc", 5, 5),
      creature("rogue", "pc", 5, 5),
    ],
    obstacles: [],
  };

  it("SEG-19: two creatures squeezed into one square cannot fight from it", () => {
    expect(unwrap(canFightFromSpace(map, "thief"))).toBe(false);
    expect(unwrap(canFightFromSpace(map, "fighter"))).toBe(true);
  });

  it("SEG-19: allies move through each other, breaking both creatures' concentration; an enemy's square blocks", () => {
    const r = unwrap(
      passThrough(
        map,
        "fighter",
        [0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })),
      ),
    );
    expect(r).toEqual({ blockedAt: 3, alliesPassed: ["wizard"], concentrationBroken: ["fighter", "wizard"] });
    expect(
      unwrap(
        passThrough(map, "fighter", [
          { x: 0, y: 0 },
          { x: 0, y: 1 },
        ]),
      ).concentrationBroken,
    ).toEqual([]);
  });

  it("SEG-19: a weapon needing more than 4 ft of space needs an open adjacent square", () => {
    const walled: GridSnapshot = {
      creatures: [creature("hero", "pc", 0, 0), creature("a", "foe", 1, 0), creature("b", "foe", -1, 0)],
      obstacles: [
        { x: -1, y: -1 },
        { x: 0, y: -1 },
        { x: 1, y: -1 },
        { x: -1, y: 1 },
        { x: 0, y: 1 },
      ],
    };
    expect(unwrap(weaponHasSpace(walled, "hero", 6))).toBe(true); // (1, 1) is still open
    const boxed: GridSnapshot = { ...walled, obstacles: [...walled.obstacles, { x: 1, y: 1 }] };
    expect(unwrap(weaponHasSpace(boxed, "hero", 6))).toBe(false);
    expect(unwrap(weaponHasSpace(boxed, "hero", 2))).toBe(true); // a halberd used spear-like (2 ft) still works
  });
});
