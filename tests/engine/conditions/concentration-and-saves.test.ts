import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import {
  applyConcentrationTrigger,
  concentrationBroken,
  concentrationMoveTrigger,
  damageEndsConcentration,
  finishCasting,
  startConcentration,
  type Concentration,
  type ConcentrationTrigger,
} from "../../../src/engine/conditions/concentration.ts";
import {
  endPhaseSaveChance,
  endPhaseSaveRequest,
  resolveEndPhaseSave,
} from "../../../src/engine/conditions/end-phase-save.ts";
import { ROUND_SECONDS, worldTimeDelta } from "../../../src/engine/conditions/round-time.ts";

const casting: Concentration = { effectId: "fireball", mode: "casting" };
const holding: Concentration = { effectId: "web", mode: "maintaining" };

describe("conditions: concentration", () => {
  it("SEG-10: damage, a failed save or being impeded ends concentration; a made save does not", () => {
    expect(concentrationBroken("damage")).toEqual({ ok: true, value: true });
    expect(concentrationBroken("failedSave")).toEqual({ ok: true, value: true });
    expect(concentrationBroken("impeded")).toEqual({ ok: true, value: true });
    expect(unwrap(applyConcentrationTrigger(holding, "savedSuccessfully"))).toEqual({ state: holding, lost: null });
  });

  it("SEG-10: an interrupted casting fails and is lost as if cast; a maintained effect ends", () => {
    expect(unwrap(applyConcentrationTrigger(casting, "damage"))).toEqual({
      state: null,
      lost: { effectId: "fireball", outcome: "castingFailed", reason: "TEMPO.CONDITIONS.Concentration.Damage" },
    });
    expect(unwrap(applyConcentrationTrigger(holding, "failedSave")).lost).toMatchObject({
      effectId: "web",
      outcome: "effectEnded",
    });
    expect(unwrap(applyConcentrationTrigger(null, "damage"))).toEqual({ state: null, lost: null });
  });

  it("SEG-10: starting another concentration ends the first", () => {
    const r = unwrap(startConcentration(holding, casting));
    expect(r.state).toEqual(casting);
    expect(r.lost).toEqual({
      effectId: "web",
      outcome: "effectEnded",
      reason: "TEMPO.CONDITIONS.Concentration.NewConcentration",
    });
    expect(finishCasting(casting, true)).toEqual({ effectId: "fireball", mode: "maintaining" });
    expect(finishCasting(casting, false)).toBeNull();
  });

  it("SEG-10: walking up to half the movement rate keeps a maintained concentration, farther impedes it", () => {
    expect(concentrationMoveTrigger(60, 120, false)).toEqual({ ok: true, value: "movedSlowly" });
    expect(concentrationMoveTrigger(70, 120, false)).toEqual({ ok: true, value: "impeded" });
    expect(concentrationMoveTrigger(120, 120, true)).toEqual({ ok: true, value: "movedSlowly" });
  });

  it("SEG-10: a negative or non-finite distance or movement rate is a typed error", () => {
    for (const [feet, rate] of [
      [-5, 120],
      [10, Number.NaN],
      [Number.POSITIVE_INFINITY, 120],
      [10, -1],
    ] as const) {
      expect(concentrationMoveTrigger(feet, rate, false)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Conditions.InvalidDistance", data: { feet: String(feet), rate: String(rate) } },
      });
    }
  });

  it("SEG-16: a free attack breaks the attacker's concentration", () => {
    expect(unwrap(applyConcentrationTrigger(casting, "freeAttack")).lost?.outcome).toBe("castingFailed");
  });

  it("SEG-19: allies jostling through each other break concentration", () => {
    expect(unwrap(applyConcentrationTrigger(holding, "jostled")).state).toBeNull();
  });

  it("SEG-10: an unknown trigger or a malformed concentration is a typed error, never a throw", () => {
    expect(concentrationBroken("sneeze" as ConcentrationTrigger)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.UnknownTrigger", data: { trigger: "sneeze" } },
    });
    expect(applyConcentrationTrigger(holding, "toString" as ConcentrationTrigger)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.UnknownTrigger", data: { trigger: "toString" } },
    });
    expect(applyConcentrationTrigger({ effectId: "", mode: "casting" }, "damage")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidConcentration" },
    });
    expect(startConcentration(null, { effectId: "web", mode: "dozing" as "casting" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidConcentration" },
    });
  });
});

describe("conditions: end-phase saves", () => {
  it("PHS-12: 7 or more on 2d6 ends an effect that a save ends, 6 does not", () => {
    expect(unwrap(resolveEndPhaseSave("ends", 7))).toEqual({ success: true, effectContinues: false });
    expect(unwrap(resolveEndPhaseSave("ends", 6))).toEqual({ success: false, effectContinues: true });
  });

  it("PHS-12: 7 or more sustains an effect that a save sustains; less lets it lapse", () => {
    expect(unwrap(resolveEndPhaseSave("sustains", 12))).toEqual({ success: true, effectContinues: true });
    expect(unwrap(resolveEndPhaseSave("sustains", 2))).toEqual({ success: false, effectContinues: false });
  });

  it("PHS-12: the chance of a save is exactly 21/36", () => {
    expect(endPhaseSaveChance()).toBeCloseTo(21 / 36, 12);
  });

  it("PHS-12: the engine asks for 2d6 and refuses a total 2d6 cannot make", () => {
    expect(endPhaseSaveRequest("save-1", "goblin")).toEqual({
      id: "save-1",
      combatantId: "goblin",
      groupId: null,
      formula: "2d6",
      reason: "TEMPO.CONDITIONS.EndPhaseSave",
    });
    expect(resolveEndPhaseSave("ends", 13)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidRoll", data: { total: "13" } },
    });
    expect(resolveEndPhaseSave("ends", 1)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidRoll" },
    });
    expect(resolveEndPhaseSave("lingers" as "ends", 8)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.UnknownSaveKind", data: { kind: "lingers" } },
    });
  });
});

describe("conditions: round length and world time", () => {
  it("TIME-1: a round is 6 s (count), 5 s (standard), 6 s (phase), 60 s (segment), 6 s (rotation)", () => {
    expect(ROUND_SECONDS).toEqual({ count: 6, standard: 5, phase: 6, segment: 60, rotation: 6 });
  });

  it("TIME-1: 12 standard rounds are a minute, 10 rotations are a minute, a segment round is a minute", () => {
    expect(unwrap(worldTimeDelta("standard", { rounds: 12 }))).toBe(60);
    expect(unwrap(worldTimeDelta("rotation", { rounds: 10 }))).toBe(60);
    expect(unwrap(worldTimeDelta("segment", { rounds: 1 }))).toBe(60);
    expect(unwrap(worldTimeDelta("segment", { rounds: 0, segments: 3 }))).toBe(18);
  });

  it("TIME-1: turns add no time of their own; stepping back a round goes back in time", () => {
    expect(unwrap(worldTimeDelta("count", { rounds: 0, turns: 4 }))).toBe(0);
    expect(unwrap(worldTimeDelta("phase", { rounds: -1 }))).toBe(-6);
    expect(worldTimeDelta("standard", { rounds: 0, segments: 1 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidAdvance", data: { ruleset: "standard" } },
    });
    expect(worldTimeDelta("standard", { rounds: 0.5 }).ok).toBe(false);
    expect(worldTimeDelta("chess" as "standard", { rounds: 1 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidAdvance", data: { ruleset: "chess" } },
    });
  });
});

describe("SEG-10: damage ends concentration outright", () => {
  it("SEG-10: damage ends a casting (lost as if cast) or a maintained effect in segment rounds; nothing without hurt, hold or outside segment", () => {
    expect(damageEndsConcentration("segment", { concentrating: false, casting: true }, true)).toBe("castingFailed");
    expect(damageEndsConcentration("segment", { concentrating: true, casting: true }, true)).toBe("castingFailed");
    expect(damageEndsConcentration("segment", { concentrating: true, casting: false }, true)).toBe("effectEnded");
    expect(damageEndsConcentration("segment", { concentrating: true, casting: false }, false)).toBeNull();
    expect(damageEndsConcentration("segment", { concentrating: false, casting: false }, true)).toBeNull();
    expect(damageEndsConcentration("rotation", { concentrating: true, casting: true }, true)).toBeNull();
  });
});
