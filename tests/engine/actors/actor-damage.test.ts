import { describe, expect, it } from "vitest";
import { DEFAULT_DAMAGE_SETTINGS, damageTargetOf, planActorDamage, undoHealth } from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

const slashing = { swings: [7, 4, 10], kind: "slashing" };

describe("damage from a card on a creature", () => {
  it("DR-3: a player character is protected by the full-health rule and never dies of hit points; others die at 0", () => {
    const pc = damageTargetOf(actorStats({ side: "pc" }));
    const npc = damageTargetOf(actorStats({ side: "enemy" }));
    expect(pc.ok && [pc.value.playerCharacter, pc.value.deathThreshold]).toEqual([true, null]);
    expect(npc.ok && [npc.value.playerCharacter, npc.value.deathThreshold]).toEqual([false, 0]);
  });

  it("OSH-6: a shield without hit points absorbs nothing and its stored value stays as it was", () => {
    const stats = actorStats({
      side: "enemy",
      hp: { value: 30, max: 30 },
      overshield: { value: 0, max: 0, effect: "sanctuary", condition: "until it attacks" },
    });
    const plan = planActorDamage(stats, slashing, DEFAULT_DAMAGE_SETTINGS);
    expect(plan.ok && [plan.value.after, plan.value.outcome.statusEffectsApply]).toEqual([
      { hp: 9, overshield: 0 },
      false,
    ]);
  });

  it("OSH-1, OSH-4: the stored overshield loses exactly what the shield absorbed", () => {
    const stats = actorStats({
      side: "enemy",
      hp: { value: 30, max: 30 },
      overshield: { value: 5, max: 8, effect: "ward", dr: { physical: 1, elemental: 0, arcane: 0 } },
    });
    const plan = planActorDamage(stats, slashing, DEFAULT_DAMAGE_SETTINGS);
    // 7 − 1 = 6: 5 absorbed, the shield breaks, 1 goes on; then 4 and 10 hit the creature (no DR).
    expect(plan.ok && [plan.value.before, plan.value.after]).toEqual([
      { hp: 30, overshield: 5 },
      { hp: 15, overshield: 0 },
    ]);
  });

  it("bad data is a typed error, never a plan: an unknown kind, a swing that is not a whole number", () => {
    const stats = actorStats();
    const unknown = planActorDamage(stats, { swings: [3], kind: "psychic" }, DEFAULT_DAMAGE_SETTINGS);
    expect(!unknown.ok && unknown.error.key).toBe("TEMPO.ERRORS.Damage.UnknownKind");
    const half = planActorDamage(stats, { swings: [2.5], kind: "fire" }, DEFAULT_DAMAGE_SETTINGS);
    expect(!half.ok && half.error.key).toBe("TEMPO.ERRORS.Damage.InvalidAmount");
  });
});

describe("undo of applied damage", () => {
  const applied = { before: { hp: 20, overshield: 4 }, after: { hp: 14, overshield: 0 } };

  it("restores the before value of exactly the fields that changed", () => {
    expect(undoHealth({ hp: 14, overshield: 0 }, applied)).toEqual({ ok: true, value: { hp: 20, overshield: 4 } });
    const hpOnly = { before: { hp: 20, overshield: 0 }, after: { hp: 14, overshield: 0 } };
    expect(undoHealth({ hp: 14, overshield: 3 }, hpOnly)).toEqual({ ok: true, value: { hp: 20 } });
  });

  it("is refused when a changed field moved since, saying which and to what", () => {
    expect(undoHealth({ hp: 17, overshield: 0 }, applied)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.HpChangedSince", data: { now: 17, then: 14 } },
    });
    expect(undoHealth({ hp: 14, overshield: 2 }, applied).ok).toBe(false);
  });
});
