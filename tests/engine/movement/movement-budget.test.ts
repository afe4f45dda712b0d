import { describe, expect, it } from "vitest";
import { gridStepCost, movementBudget, movementModeOf } from "../../../src/engine/movement/movement-budget.ts";
import { swimWaterRefusal } from "../../../src/engine/movement/swim-water.ts";

const speeds = { walk: 30, swim: 45 };

describe("movement budget from measured segments", () => {
  it("STD-8: walk 30 then swim 15 more fits; every foot counts against both speeds", () => {
    const r = movementBudget(
      speeds,
      [],
      [
        { mode: "walk", feet: 30 },
        { mode: "swim", feet: 15 },
      ],
      false,
    );
    expect(r).toEqual({ ok: true, value: { movedFeet: 45, remaining: { walk: 0, swim: 0 }, ended: false } });
  });

  it("STD-8: swim 30 first, then no walking", () => {
    const r = movementBudget(speeds, [{ mode: "swim", feet: 30 }], [{ mode: "walk", feet: 5 }], false);
    expect(r.ok ? null : r.error.key).toBe("TEMPO.ERRORS.Movement.TooFar");
  });

  it("PHS-6: once Slowed nothing is left and no further movement fits", () => {
    const r = movementBudget(speeds, [{ mode: "walk", feet: 10 }], [{ mode: "walk", feet: 5 }], true);
    expect(r.ok ? null : r.error.key).toBe("TEMPO.ERRORS.Movement.Ended");
    const left = movementBudget(speeds, [{ mode: "walk", feet: 10 }], [], true);
    expect(left.ok && left.value.remaining).toEqual({ walk: 0, swim: 0 });
  });

  it("STD-8: a mode the creature lacks is refused; crawling counts as walking", () => {
    const r = movementBudget(speeds, [], [{ mode: "fly", feet: 5 }], false);
    expect(r.ok ? null : r.error.key).toBe("TEMPO.ERRORS.Movement.NoSpeed");
    expect(movementModeOf("crawl")).toBe("walk");
  });

  it("STD-7, PHS-6: a standard diagonal step costs 7 ft, 14 in difficult terrain; a non-adjacent step keeps the fallback", () => {
    expect(gridStepCost({ x: 0, y: 0 }, { x: 1, y: 1 }, "seven", 0, false, 5)).toBe(7);
    expect(gridStepCost({ x: 0, y: 0 }, { x: 1, y: 1 }, "seven", 0, true, 5)).toBe(14);
    expect(gridStepCost({ x: 0, y: 0 }, { x: 3, y: 0 }, "seven", 0, false, 12)).toBe(12);
  });
});

describe("STD-8: swimming needs water", () => {
  it("STD-8: a swim stretch must enter only water squares; walking never needs water; a scene with no water marked is not checked", () => {
    const walk = { mode: "walk", inWater: [false, false] };
    expect(swimWaterRefusal([walk, { mode: "swim", inWater: [true, true, true] }])).toBeNull();
    expect(swimWaterRefusal([walk, { mode: "swim", inWater: [true, false] }])).toEqual({
      key: "TEMPO.ERRORS.Movement.SwimNeedsWater",
      data: { square: 4 },
    });
    expect(swimWaterRefusal([{ mode: "swim", inWater: [false] }])).not.toBeNull();
    expect(swimWaterRefusal(null)).toBeNull();
  });
});
