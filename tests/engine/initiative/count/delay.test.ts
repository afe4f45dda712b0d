import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  chargedAttackDelay,
  countResolution,
  spellDelay,
  staggeredAttackCounts,
  weaponAttackDelay,
} from "../../../../src/engine/initiative/count/delay.ts";
import { countInitiativeBonus } from "../../../../src/engine/initiative/count/order.ts";
import { chargeSteps } from "../../../../src/engine/damage/index.ts";

describe("count delays", () => {
  it("CNT-1: the initiative bonus is the higher of the INT and DEX modifiers", () => {
    expect(countInitiativeBonus(3, 1)).toBe(3);
    expect(countInitiativeBonus(-1, 2)).toBe(2);
    expect(countInitiativeBonus(-2, -1)).toBe(-1);
  });

  it("CNT-7: Heavy 2, Thrown 2, Great 3, any other weapon 0", () => {
    expect(weaponAttackDelay(["heavy"])).toBe(2);
    expect(weaponAttackDelay(["thrown"])).toBe(2);
    expect(weaponAttackDelay(["great"])).toBe(3);
    expect(weaponAttackDelay(["versatile", "reach"])).toBe(0);
    expect(weaponAttackDelay([])).toBe(0);
  });

  it("CNT-7: a weapon with several delaying properties uses the largest", () => {
    expect(weaponAttackDelay(["heavy", "great"])).toBe(3);
    expect(weaponAttackDelay(["thrown", "heavy", "reach"])).toBe(2);
  });

  it("CNT-7: two Heavy attacks from count 4 resolve at 6 and 8", () => {
    expect(staggeredAttackCounts(4, weaponAttackDelay(["heavy"]), 2)).toEqual([6, 8]);
    expect(staggeredAttackCounts(4, 0, 3)).toEqual([4, 4, 4]);
  });

  it("CNT-8: a spell waits its slot level: cantrip 0, 1st 1 … 9th 9, 10th 10", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((level) => spellDelay(level))).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({ ok: true, value })),
    );
  });

  it("CNT-8: a level that is not a slot level is a typed error", () => {
    for (const level of [-1, 11, 2.5, Number.NaN]) {
      expect(spellDelay(level)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Count.InvalidSlotLevel", data: { level: String(level) } },
      });
    }
  });

  it("CNT-9: a resolution past 19 carries into the next round (18 + 5 → count 3 next round)", () => {
    expect(countResolution(2, 18, 5)).toEqual({ round: 3, count: 3 });
    expect(countResolution(2, 18, 2)).toEqual({ round: 3, count: 0 });
    expect(countResolution(2, 18, 1)).toEqual({ round: 2, count: 19 });
    expect(countResolution(0, 15, 10)).toEqual({ round: 1, count: 5 });
  });

  it("CNT-9: the resolution is always count + delay counts later on the running track", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.integer({ min: 0, max: 19 }), fc.nat(60), (round, count, delay) => {
        const at = countResolution(round, count, delay);
        expect(at.count).toBeGreaterThanOrEqual(0);
        expect(at.count).toBeLessThan(20);
        expect(at.round * 20 + at.count).toBe(round * 20 + count + delay);
      }),
    );
  });

  it("FEAT-CHARGED: the delay is the primary weapon ability modifier, with a Heavy, Great or Thrown weapon", () => {
    expect(chargedAttackDelay(["great"], 8)).toEqual({ ok: true, value: 8 });
    expect(chargedAttackDelay(["thrown"], 3)).toEqual({ ok: true, value: 3 });
    expect(chargedAttackDelay(["reach"], 4)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.ChargedNeedsWeapon" },
    });
    // Ruling: no positive modifier, no charge: it resolves at once.
    expect(chargedAttackDelay(["heavy"], -1)).toEqual({ ok: true, value: 0 });
  });

  it("FEAT-CHARGED: each full 2 counts of delay raise the damage die one level (8 counts: 4 levels)", () => {
    // The track shows damage's own count (one rule, one function).
    expect([0, 1, 2, 3, 8, 9].map((delay) => chargeSteps(delay))).toEqual(
      [0, 0, 1, 1, 4, 4].map((value) => ({ ok: true, value })),
    );
  });
});
