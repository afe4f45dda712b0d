import { describe, expect, it } from "vitest";
import { clampPoolValue, clampedPoolValues } from "../../../src/engine/index.ts";

describe("bounded resources: an overshooting write is clamped", () => {
  it("DR-3: hit points healed past the maximum end at the maximum", () => {
    expect(clampedPoolValues({ hp: { value: 7, max: 10 } }, { hp: { value: 15 } })).toEqual({ hp: 10 });
  });

  it("DR-3: hit points below 0 stay where damage put them (the rules give them no floor)", () => {
    expect(clampedPoolValues({ hp: { value: 4, max: 10 } }, { hp: { value: -12 } })).toEqual({});
  });

  it("a lowered maximum brings the value down with it", () => {
    expect(clampedPoolValues({ hp: { value: 10, max: 10 } }, { hp: { max: 6 } })).toEqual({ hp: 6 });
    expect(clampedPoolValues({ ap: { value: 80, max: 80 } }, { ap: { max: 50 } })).toEqual({ ap: 50 });
  });

  it("OSH-1 and AP-1: an overshield and AP never go below 0 nor above their maximum", () => {
    expect(clampedPoolValues({ overshield: { value: 2, max: 5 } }, { overshield: { value: -3 } })).toEqual({
      overshield: 0,
    });
    expect(clampedPoolValues({ overshield: { value: 2, max: 5 } }, { overshield: { value: 9 } })).toEqual({
      overshield: 5,
    });
    expect(clampedPoolValues({ ap: { value: 10, max: 80 } }, { ap: { value: -1 } })).toEqual({ ap: 0 });
  });

  it("a write inside the bounds, or one that touches no pool, changes nothing", () => {
    expect(clampedPoolValues({ hp: { value: 3, max: 10 } }, { hp: { value: 9 } })).toEqual({});
    expect(clampedPoolValues({ hp: { value: 3, max: 10 } }, {})).toEqual({});
  });

  it("values that are not whole numbers are left for validation to refuse", () => {
    expect(clampPoolValue(12.5, 10, null)).toBeNull();
    expect(clampPoolValue("12", 10, null)).toBeNull();
    expect(clampPoolValue(3, Number.NaN, 0)).toBeNull();
    // A negative maximum is refused by validation (AP-1); clamping to it would hide that.
    expect(clampPoolValue(3, -1, 0)).toBeNull();
  });
});
