import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  constantDamageTurn,
  recordConstantRoll,
  resolveApAttack,
  rotationSwingBudget,
  shareSwings,
  swingsPerAction,
  validatePacing,
  type SwingBudget,
} from "../../../src/engine/damage/action-points.ts";
import { snapshot } from "./builders.ts";

describe("AP swings", () => {
  it("AP-1: AP 80 with an AP cost of 10 swings 8 times in one Full action", () => {
    expect(swingsPerAction(80, 10)).toEqual({ ok: true, value: 8 });
  });

  it("AP-1: swings round down (AP 85, cost 10 → 8; AP 9, cost 10 → 0)", () => {
    expect(swingsPerAction(85, 10)).toEqual({ ok: true, value: 8 });
    expect(swingsPerAction(9, 10)).toEqual({ ok: true, value: 0 });
  });

  it("AP-1: an AP cost of 0 or less, or not a number, is invalid data (typed error naming the cost)", () => {
    for (const cost of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(swingsPerAction(80, cost)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Damage.InvalidApCost", data: { cost: String(cost) } },
      });
    }
    expect(swingsPerAction(-1, 10)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidAp", data: { ap: "-1" } },
    });
  });

  it("AP-1: swings never exceed AP ÷ cost, and one more swing would (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 200 }), (ap, cost) => {
        const r = swingsPerAction(ap, cost);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value * cost).toBeLessThanOrEqual(ap);
        expect((r.value + 1) * cost).toBeGreaterThan(ap);
      }),
    );
  });

  it("AP-1 (ruling): one Full action's swings are shared by its targets, the first named taking the odd ones", () => {
    expect(shareSwings(8, 1)).toEqual({ ok: true, value: [8] });
    expect(shareSwings(8, 3)).toEqual({ ok: true, value: [3, 3, 2] });
    expect(shareSwings(5, 2)).toEqual({ ok: true, value: [3, 2] });
    expect(shareSwings(1, 2)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.FewerSwingsThanTargets", data: { swings: "1", targets: 2 } },
    });
    expect(shareSwings(8, 0).ok).toBe(false);
    expect(shareSwings(2.5, 2).ok).toBe(false);
  });

  it("AP-1 (ruling): the shares never add up to more than the swings chosen, and each target gets one (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 8 }), (swings, targets) => {
        const shares = shareSwings(swings, targets);
        expect(shares.ok).toBe(swings >= targets);
        if (!shares.ok) return;
        expect(shares.value.reduce((a, b) => a + b, 0)).toBe(swings);
        expect(Math.min(...shares.value)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...shares.value) - Math.min(...shares.value)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("AP-1: fewer swings may be chosen; a hit lands and spends all of them", () => {
    const budget: SwingBudget = { swingsLeft: 8 };
    expect(resolveApAttack(budget, 5, true)).toEqual({
      ok: true,
      value: { budget: { swingsLeft: 3 }, swingsLanded: 5, swingsSpent: 5, fullActionsSpent: 1 },
    });
  });

  it("AP-1: a miss consumes the Full action and one swing; a second Full action may attack with the rest", () => {
    const missed = resolveApAttack({ swingsLeft: 8 }, 8, false);
    expect(missed).toEqual({
      ok: true,
      value: { budget: { swingsLeft: 7 }, swingsLanded: 0, swingsSpent: 1, fullActionsSpent: 1 },
    });
    if (!missed.ok) return;
    expect(resolveApAttack(missed.value.budget, 8, true).ok).toBe(false);
    const second = resolveApAttack(missed.value.budget, 7, true);
    expect(second.ok && second.value.swingsLanded).toBe(7);
  });

  it("AP-1: choosing more swings than remain, none, or a fraction is a typed error; the budget is untouched", () => {
    const budget: SwingBudget = { swingsLeft: 3 };
    const before = snapshot(budget);
    expect(resolveApAttack(budget, 4, true)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidSwings", data: { swings: "4", max: 3 } },
    });
    expect(resolveApAttack(budget, 0, true).ok).toBe(false);
    expect(resolveApAttack(budget, 1.5, true).ok).toBe(false);
    expect(resolveApAttack({ swingsLeft: 0 }, 1, true)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.NoSwingsLeft" },
    });
    expect(budget).toEqual(before);
  });

  it("AP-1: AP is a rate: any sequence of attacks in a rotation lands at most floor(AP ÷ cost) swings (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.record({ swings: fc.integer({ min: 1, max: 10 }), hit: fc.boolean() }), { maxLength: 6 }),
        (ap, cost, attacks) => {
          const start = rotationSwingBudget(ap, cost);
          if (!start.ok) throw new Error("valid");
          let budget = start.value;
          let landed = 0;
          for (const a of attacks) {
            const r = resolveApAttack(budget, a.swings, a.hit);
            if (!r.ok) continue;
            budget = r.value.budget;
            landed += r.value.swingsLanded;
            expect(budget.swingsLeft).toBeGreaterThanOrEqual(0);
          }
          expect(landed).toBeLessThanOrEqual(Math.floor(ap / cost));
          // A new rotation starts with the full floor(AP ÷ cost) again, whatever was spent in this one.
          expect(start.value).toEqual({ swingsLeft: Math.floor(ap / cost) });
        },
      ),
    );
  });
});

describe("AP bad input", () => {
  it("AP-1: a malformed swing budget (negative, fractional, not a number) is a typed error, never a NaN budget", () => {
    for (const swingsLeft of [-1, 2.5, Number.NaN]) {
      const budget: SwingBudget = { swingsLeft };
      expect(resolveApAttack(budget, 1, true)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Damage.InvalidBudget", data: { swings: String(swingsLeft) } },
      });
      expect(budget.swingsLeft).toBe(swingsLeft);
    }
  });

  it("AP-2: a rotation that is not a whole number ≥ 0 is a typed error", () => {
    expect(recordConstantRoll(null, 1.5, true)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidRotation", data: { rotation: "1.5" } },
    });
    expect(recordConstantRoll(null, -1, true).ok).toBe(false);
  });
});

describe("constant-damage weapons", () => {
  it("AP-2: a constant-damage weapon has no AP cost; an AP weapon needs a positive one", () => {
    expect(validatePacing({ apCost: null, constantDamage: true }).ok).toBe(true);
    expect(validatePacing({ apCost: 10, constantDamage: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.ConstantHasApCost" },
    });
    expect(validatePacing({ apCost: 0, constantDamage: false })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidApCost", data: { cost: "0" } },
    });
    expect(validatePacing({ apCost: 10, constantDamage: false }).ok).toBe(true);
  });

  it("AP-2: one attack roll per rotation; after a hit it damages every turn of that rotation without another roll", () => {
    const first = constantDamageTurn(null, 1);
    expect(first.needsRoll).toBe(true);
    expect(first.dealsDamage).toBe(false);
    const rolled = recordConstantRoll(first.track, 1, true);
    if (!rolled.ok) throw new Error("roll");
    const again = constantDamageTurn(rolled.value, 1);
    expect(again).toEqual({ track: rolled.value, needsRoll: false, dealsDamage: true });
    expect(recordConstantRoll(rolled.value, 1, false)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.AlreadyRolled" },
    });
  });

  it("AP-2: the next rotation asks for a new roll; a miss deals nothing that rotation", () => {
    const hitInOne = { rotation: 1, hit: true };
    const nextRotation = constantDamageTurn(hitInOne, 2);
    expect(nextRotation.needsRoll).toBe(true);
    const missed = recordConstantRoll(nextRotation.track, 2, false);
    if (!missed.ok) throw new Error("roll");
    expect(constantDamageTurn(missed.value, 2)).toEqual({ track: missed.value, needsRoll: false, dealsDamage: false });
  });
});
