import { describe, expect, it } from "vitest";
import { planActorHealing, planActorShield, undoCardEffect } from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const shielded = (value: number, max: number, effect: string) =>
  actorStats({ side: "pc", hp: { value: 10, max: 30 }, overshield: { value, max, effect, condition: "" } });

describe("healing and overshield grants on a creature", () => {
  it("OSH-3: healing changes hit points only, up to the maximum; the shield's stored value is untouched", () => {
    const plan = planActorHealing(shielded(3, 8, "ward"), 40);
    expect(plan.ok && [plan.value.before, plan.value.after, plan.value.shield]).toEqual([
      { hp: 10, overshield: 3 },
      { hp: 30, overshield: 3 },
      null,
    ]);
  });

  it("OSH-5: a same-effect grant not larger than what is left is kept; Undo of a grant is refused once the shield moved", () => {
    const kept = planActorShield(shielded(5, 10, "ward"), { hp: 5, effect: "ward", condition: "", dr: NO_DR });
    expect(kept.ok && [kept.value.after, kept.value.shield]).toEqual([{ hp: 10, overshield: 5 }, null]);
    const stats = shielded(2, 10, "ward");
    const grant = planActorShield(stats, { hp: 6, effect: "ward", condition: "", dr: NO_DR });
    if (!grant.ok || grant.value.shield === null) throw new Error("expected a grant");
    expect(grant.value.shield.after).toMatchObject({ value: 6, max: 6, effect: "ward" });
    const hitSince = shielded(4, 6, "ward");
    expect(undoCardEffect(hitSince, grant.value).ok).toBe(false);
    const untouched = shielded(6, 6, "ward");
    expect(undoCardEffect(untouched, grant.value)).toEqual({
      ok: true,
      value: { values: {}, shield: stats.overshield },
    });
  });
});
