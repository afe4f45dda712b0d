import { describe, expect, it } from "vitest";
import { saveEndsConcentration } from "../../../src/engine/conditions/concentration.ts";
import { moveEndsConcentration } from "../../../src/engine/conditions/concentration-move.ts";

const casting = { concentrating: false, casting: true };
const maintaining = { concentrating: true, casting: false };
const nothing = { concentrating: false, casting: false };

describe("SEG-10: a failed save and a long move end concentration", () => {
  it("SEG-10: a failed save fails a casting and ends a maintained effect; a made save, nothing held or another ruleset end nothing", () => {
    expect(saveEndsConcentration("segment", casting, false)).toBe("castingFailed");
    expect(saveEndsConcentration("segment", maintaining, false)).toBe("effectEnded");
    expect(saveEndsConcentration("segment", casting, true)).toBeNull();
    expect(saveEndsConcentration("segment", nothing, false)).toBeNull();
    expect(saveEndsConcentration("count", casting, false)).toBeNull();
  });

  it("SEG-10 seed: walking up to half the movement rate keeps it, farther ends it; a native fly or swim speed allows its full rate", () => {
    const walk = (feet: number, mode = "walk", speeds: Record<string, number> = { walk: 30 }) =>
      moveEndsConcentration("segment", casting, {
        feetThisTurn: feet,
        feetBefore: 0,
        segments: [{ mode, feet }],
        speeds,
      });
    expect(walk(15)).toBeNull();
    expect(walk(20)).toBe("castingFailed");
    expect(walk(40, "fly", { walk: 30, fly: 60 })).toBeNull();
    expect(walk(40, "fly", { walk: 30 })).toBe("castingFailed"); // no native fly speed: half of walking
    expect(walk(Number.NaN)).toBeNull();
    expect(
      moveEndsConcentration("standard", casting, {
        feetThisTurn: 60,
        feetBefore: 0,
        segments: [],
        speeds: { walk: 30 },
      }),
    ).toBeNull();
  });

  it("SEG-10 ruling: a move that adds no feet to the turn's record ends nothing, even past the allowance", () => {
    const segments = [{ mode: "walk", feet: 40 }];
    const move = (feetBefore: number) =>
      moveEndsConcentration("segment", casting, { feetThisTurn: 40, feetBefore, segments, speeds: { walk: 30 } });
    expect(move(40)).toBeNull();
    expect(move(10)).toBe("castingFailed");
  });
});
