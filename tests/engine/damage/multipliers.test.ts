import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDamage, DEFAULT_DAMAGE_SETTINGS } from "../../../src/engine/damage/apply-damage.ts";
import { applyMultipliers, damageMultiplier } from "../../../src/engine/damage/multipliers.ts";
import { attack, dr, hits, target } from "./builders.ts";

describe("damage multipliers", () => {
  it("SEG-15: a multiplier applies to the total with every modifier: 1d8 showing 5, +2 magic, +1 Strength, doubled is 16", () => {
    expect(applyMultipliers(5 + 2 + 1, [2])).toEqual({ ok: true, value: 16 });
  });

  it("SEG-15: multipliers do not stack: a backstab ×3 with a set-for-charge ×2 is ×3, not ×6", () => {
    expect(applyMultipliers(10, [2, 3])).toEqual({ ok: true, value: 30 });
    expect(damageMultiplier([3, 2])).toEqual({ ok: true, value: 3 });
  });

  it("SEG-15: no multiplier is ×1; a halving alone rounds down", () => {
    expect(applyMultipliers(7, [])).toEqual({ ok: true, value: 7 });
    expect(applyMultipliers(7, [0.5])).toEqual({ ok: true, value: 3 });
  });

  it("SEG-15: negative or non-numeric multipliers are typed errors", () => {
    expect(applyMultipliers(7, [-1])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidMultiplier", data: { multiplier: "-1" } },
    });
    expect(damageMultiplier([Number.NaN]).ok).toBe(false);
    expect(applyMultipliers(-3, [2]).ok).toBe(false);
  });

  it("SEG-15: the result is always the total times the single highest multiplier (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
        (total, ms) => {
          const expected = total * (ms.length === 0 ? 1 : Math.max(...ms));
          expect(applyMultipliers(total, ms)).toEqual({ ok: true, value: expected });
        },
      ),
    );
  });

  it("SEG-15 with DR-2 per attack: the multiplier scales the attack's summed total once: two hits of 3 halved deal 3, not 1 + 1", () => {
    const r = applyDamage(target(), attack({ hits: hits("physical", 3, 3), multipliers: [0.5] }), {
      ...DEFAULT_DAMAGE_SETTINGS,
      drMode: "perAttack",
    });
    expect(r.ok && r.value.hpLoss).toBe(3);
  });

  it("SEG-15: in the pipeline the multiplier scales the attacker's total before the target's DR", () => {
    const r = applyDamage(
      target({ hp: 40, maxHp: 40, dr: dr({ physical: 2 }) }),
      attack({ hits: hits("physical", 8), multipliers: [2, 3] }),
    );
    expect(r.ok && r.value.hpLoss).toBe(22);
  });
});
