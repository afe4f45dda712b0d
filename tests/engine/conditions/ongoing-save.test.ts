import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import {
  ONGOING_SAVE_FORMULA,
  ONGOING_SAVE_TARGET,
  ongoingSaveChance,
  resolveOngoingSave,
} from "../../../src/engine/conditions/ongoing-save.ts";
import { ongoingSaveEndsEffect } from "../../../src/engine/conditions/save-outcomes.ts";
import { checkedSaveRoll, rulesSave } from "../../../src/engine/trust/save-roll.ts";

describe("CNT-11: saves against ongoing effects (ruling: 1d20, 10 or more)", () => {
  it("CNT-11: 10 or more on 1d20 ends an effect a save ends; 9 leaves it on", () => {
    expect([ONGOING_SAVE_FORMULA, ONGOING_SAVE_TARGET]).toEqual(["1d20", 10]);
    expect(unwrap(resolveOngoingSave("ends", 10))).toEqual({ success: true, effectContinues: false });
    expect(unwrap(resolveOngoingSave("ends", 9))).toEqual({ success: false, effectContinues: true });
    expect(unwrap(ongoingSaveEndsEffect("ends", 20))).toBe(true);
    expect(unwrap(ongoingSaveEndsEffect("ends", 1))).toBe(false);
  });

  it("CNT-11: a success sustains an effect a save sustains; a failure lets it lapse", () => {
    expect(unwrap(ongoingSaveEndsEffect("sustains", 15))).toBe(false);
    expect(unwrap(ongoingSaveEndsEffect("sustains", 4))).toBe(true);
  });

  it("CNT-11: the chance is exactly 11/20", () => {
    expect(ongoingSaveChance()).toBeCloseTo(11 / 20, 12);
  });

  it("CNT-11: a total 1d20 cannot make, or an unknown kind, is refused", () => {
    expect(resolveOngoingSave("ends", 21)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidD20", data: { total: "21" } },
    });
    expect(resolveOngoingSave("ends", 2.5).ok).toBe(false);
    expect(resolveOngoingSave("forever" as "ends", 12)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.UnknownSaveKind" },
    });
  });

  it("CNT-11: the trust layer knows the save: only a GM's card, only a 1d20 roll", () => {
    expect(rulesSave("ongoing")).toEqual({ formula: "1d20", target: 10 });
    const roll = { formula: "1d20", dice: [{ faces: 20, results: [{ result: 13, active: true }] }] };
    expect(checkedSaveRoll({ kind: "ongoing", authorIsGM: true }, roll)).toMatchObject({
      ok: true,
      value: { total: 13, target: 10 },
    });
    expect(checkedSaveRoll({ kind: "ongoing", authorIsGM: true }, { ...roll, formula: "1d20 + 5" }).ok).toBe(false);
    expect(checkedSaveRoll({ kind: "ongoing", authorIsGM: false }, roll)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Trust.SaveNotGm" },
    });
  });
});
