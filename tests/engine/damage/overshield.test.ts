import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDamage, DEFAULT_DAMAGE_SETTINGS, type DamageOutcome } from "../../../src/engine/damage/apply-damage.ts";
import { applyHealing } from "../../../src/engine/damage/apply-healing.ts";
import { gainOvershield, type Overshield } from "../../../src/engine/damage/overshield.ts";
import { attack, dr, hits, shield, snapshot, target } from "./builders.ts";

function done(r: ReturnType<typeof applyDamage>): DamageOutcome {
  if (!r.ok) throw new Error(r.error.key);
  return r.value;
}

const poison = { id: "poisoned", bypassesOvershield: false };
const fear = { id: "frightened", bypassesOvershield: true };

describe("overshield absorbs first", () => {
  it("OSH-1: the overshield takes damage before hit points", () => {
    const r = done(applyDamage(target({ overshield: shield({ hp: 10 }) }), attack({ hits: hits("physical", 6) })));
    expect([r.hp, r.overshield?.hp, r.shieldLoss, r.hpLoss]).toEqual([30, 4, 6, 0]);
  });

  it("OSH-1: hit points are damaged only once the shield is gone", () => {
    const r = done(applyDamage(target({ overshield: shield({ hp: 10 }) }), attack({ hits: hits("physical", 15) })));
    expect([r.hp, r.overshield, r.shieldBroken]).toEqual([25, null, true]);
  });

  it("OSH-1: an attack that ignores overshields goes straight to hit points and leaves the shield as it was", () => {
    const t = target({ overshield: shield({ hp: 10 }) });
    const r = done(applyDamage(t, attack({ hits: hits("physical", 6), ignoresOvershield: true })));
    expect(r.hp).toBe(24);
    expect(r.overshield).toBe(t.overshield);
  });
});

describe("status effects behind an overshield", () => {
  it("OSH-2: an attack that does not break the shield applies no damaging status effect", () => {
    const r = done(
      applyDamage(target({ overshield: shield({ hp: 10 }) }), attack({ hits: hits("physical", 4), effects: [poison] })),
    );
    expect([r.statusEffectsApply, r.effectsApplied]).toEqual([false, []]);
    expect(r.steps.map((s) => s.key)).toContain("TEMPO.DAMAGE.Step.EffectsBlocked");
  });

  it("OSH-2: effects that deal no damage or target willpower still apply through the shield", () => {
    const r = done(
      applyDamage(
        target({ overshield: shield({ hp: 10 }) }),
        attack({ hits: hits("physical", 4), effects: [poison, fear] }),
      ),
    );
    expect(r.effectsApplied).toEqual(["frightened"]);
  });

  it("OSH-2: breaking the shield, having none, or ignoring it lets every effect apply", () => {
    const both = [poison, fear];
    const broke = done(
      applyDamage(target({ overshield: shield({ hp: 3 }) }), attack({ hits: hits("physical", 4), effects: both })),
    );
    const none = done(applyDamage(target(), attack({ hits: hits("physical", 4), effects: both })));
    const ignored = done(
      applyDamage(
        target({ overshield: shield({ hp: 30 }) }),
        attack({ hits: hits("physical", 4), effects: both, ignoresOvershield: true }),
      ),
    );
    for (const r of [broke, none, ignored])
      expect([r.statusEffectsApply, r.effectsApplied]).toEqual([true, ["poisoned", "frightened"]]);
  });
});

describe("healing", () => {
  it("OSH-3: healing restores hit points but never the overshield", () => {
    const t = { hp: 12, maxHp: 30, overshield: shield({ hp: 3 }) };
    const r = applyHealing(t, 10);
    expect(r.ok && [r.value.hp, r.value.overshield]).toEqual([22, t.overshield]);
    expect(r.ok && r.value.overshield).toBe(t.overshield);
    expect(r.ok && r.value.steps.map((s) => s.key)).toEqual([
      "TEMPO.DAMAGE.Step.Healed",
      "TEMPO.DAMAGE.Step.ShieldNotHealed",
    ]);
  });

  it("OSH-3: healing stops at maximum hit points and wakes an unconscious creature", () => {
    const r = applyHealing({ hp: 0, maxHp: 30, overshield: null }, 50);
    expect(r.ok && [r.value.hp, r.value.hpGained, r.value.unconscious]).toEqual([30, 30, false]);
    expect(applyHealing({ hp: 5, maxHp: 30, overshield: null }, -3)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidAmount", data: { amount: "-3" } },
    });
  });

  it("OSH-3: only an effect that grants or restores overshields brings a broken shield back", () => {
    const hit = done(applyDamage(target({ overshield: shield({ hp: 5 }) }), attack({ hits: hits("physical", 8) })));
    expect(hit.overshield).toBeNull();
    const healed = applyHealing({ hp: hit.hp, maxHp: 30, overshield: hit.overshield }, 20);
    expect(healed.ok && healed.value.overshield).toBeNull();
    const regained = gainOvershield(hit.overshield, shield({ hp: 5 }));
    expect(regained.ok && regained.value.overshield.hp).toBe(5);
  });
});

describe("overshield DR", () => {
  it("OSH-4: the shield uses its own DR, not the creature's: 8 physical against a 10-point shield with no DR leaves 2 even with creature DR 5", () => {
    const r = done(
      applyDamage(
        target({ dr: dr({ physical: 5 }), overshield: shield({ hp: 10 }) }),
        attack({ hits: hits("physical", 8) }),
      ),
    );
    expect([r.overshield?.hp, r.hp]).toEqual([2, 30]);
  });

  it("OSH-4: 20 fire against a 5-point shield with Elemental DR 2, creature Elemental DR 3: shield takes 18 → breaks, 13 left, hit points lose 10", () => {
    const t = target({ dr: dr({ elemental: 3 }), overshield: shield({ hp: 5, dr: dr({ elemental: 2 }) }) });
    const r = done(applyDamage(t, attack({ hits: hits("fire", 20) })));
    expect([r.shieldLoss, r.hpLoss, r.hp, r.overshield]).toEqual([5, 10, 20, null]);
    expect(r.steps).toEqual([
      { key: "TEMPO.DAMAGE.Step.ShieldReducedElemental", data: { amount: 2 } },
      { key: "TEMPO.DAMAGE.Step.ShieldAbsorbed", data: { amount: 5, left: 0 } },
      { key: "TEMPO.DAMAGE.Step.ShieldBroken" },
      { key: "TEMPO.DAMAGE.Step.ReducedElemental", data: { amount: 3 } },
      { key: "TEMPO.DAMAGE.Step.HpLost", data: { amount: 10, hp: 20 } },
    ]);
  });

  it("OSH-4: 10 fire in the same set-up breaks the shield and the 3 left over are stopped by the creature's DR", () => {
    const t = target({ dr: dr({ elemental: 3 }), overshield: shield({ hp: 5, dr: dr({ elemental: 2 }) }) });
    const r = done(applyDamage(t, attack({ hits: hits("fire", 10) })));
    expect([r.shieldBroken, r.hpLoss]).toEqual([true, 0]);
  });

  it("OSH-4 with DR-2: three swings of 6 against a 10-point shield (DR 1), creature DR 2: per hit 4 hit points, per attack 5", () => {
    // Per hit: 5 and 5 fill the shield exactly; the third swing meets only the creature's DR: 6 − 2 = 4.
    // Per attack: 18 − 1 = 17, the shield takes 10, 7 − 2 = 5.
    const t = target({ dr: dr({ physical: 2 }), overshield: shield({ hp: 10, dr: dr({ physical: 1 }) }) });
    const a = attack({ hits: hits("physical", 6, 6, 6) });
    expect(done(applyDamage(t, a)).hpLoss).toBe(4);
    expect(done(applyDamage(t, a, { ...DEFAULT_DAMAGE_SETTINGS, drMode: "perAttack" })).hpLoss).toBe(5);
  });
});

describe("gaining an overshield", () => {
  const ward = shield({ hp: 10, effect: "ward" });

  it("OSH-5: a larger shield with the same effect replaces the current one", () => {
    const r = gainOvershield(ward, shield({ hp: 15, effect: "ward" }));
    expect(r.ok && [r.value.overshield.hp, r.value.note.key]).toEqual([15, "TEMPO.DAMAGE.Overshield.ReplacedLarger"]);
  });

  it("OSH-5: a smaller or equal shield with the same effect is ignored: the current one stays, unrestored", () => {
    const worn = shield({ hp: 4, effect: "ward" });
    const r = gainOvershield(worn, shield({ hp: 4, effect: "ward" }));
    expect(r.ok && r.value.overshield).toBe(worn);
    expect(r.ok && r.value.note).toEqual({ key: "TEMPO.DAMAGE.Overshield.KeptNotLarger", data: { hp: 4 } });
  });

  it("OSH-5: a shield with a different effect replaces the current one even when smaller", () => {
    const r = gainOvershield(ward, shield({ hp: 3, effect: "stoneskin" }));
    expect(r.ok && [r.value.overshield.effect, r.value.note.key]).toEqual([
      "stoneskin",
      "TEMPO.DAMAGE.Overshield.ReplacedDifferentEffect",
    ]);
  });

  it("OSH-5: shields never stack: the result is one of the two shields, never their sum (property)", () => {
    const arb = fc.record({
      hp: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      effect: fc.constantFrom("ward", "stoneskin"),
    });
    fc.assert(
      fc.property(fc.option(arb, { nil: null }), arb, (cur, inc) => {
        const current: Overshield | null = cur === null ? null : shield(cur);
        const incoming = shield(inc);
        const r = gainOvershield(current, incoming);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.overshield === incoming || r.value.overshield === current).toBe(true);
        // OSH-5: with the same effect a live shield gives way only to a strictly larger one (no hit points = 0).
        if (current !== null && current.hp !== 0 && incoming.effect === current.effect) {
          expect(r.value.overshield === incoming).toBe((incoming.hp ?? 0) > (current.hp ?? 0));
        }
      }),
    );
  });

  it("OSH-5: bad shield data is a typed error", () => {
    expect(gainOvershield(null, shield({ hp: -2 }))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidOvershield", data: { field: "hp" } },
    });
    expect(gainOvershield(null, shield({ effect: "" })).ok).toBe(false);
  });
});

describe("overshields without hit points", () => {
  const aura = shield({ hp: null, effect: "sanctuary", condition: "until the caster moves" });

  it("OSH-6: a shield without hit points absorbs nothing but still counts: it stays and blocks damaging effects", () => {
    const t = target({ dr: dr({ physical: 1 }), overshield: aura });
    const r = done(applyDamage(t, attack({ hits: hits("physical", 6), effects: [poison] })));
    expect([r.hp, r.overshield, r.statusEffectsApply]).toEqual([25, aura, false]);
    expect(r.overshield).toBe(aura);
  });

  it("OSH-6 with OSH-5: a same-effect shield with hit points is larger than one without (ruling: no hit points compares as 0)", () => {
    const r = gainOvershield(aura, shield({ hp: 2, effect: "sanctuary" }));
    expect(r.ok && [r.value.overshield.hp, r.value.note.key]).toEqual([
      2,
      "TEMPO.DAMAGE.Overshield.ReplacedConditional",
    ]);
  });

  it("OSH-5: a same-effect shield without hit points is not larger, so the current one without hit points stays", () => {
    const again = shield({ hp: null, effect: "sanctuary", condition: "until the caster next attacks" });
    const r = gainOvershield(aura, again);
    expect(r.ok && r.value.overshield).toBe(aura);
    expect(r.ok && r.value.note).toEqual({ key: "TEMPO.DAMAGE.Overshield.KeptConditional" });
  });

  it("OSH-5 with OSH-6: a shield without hit points and a different effect replaces the current one", () => {
    const r = gainOvershield(aura, shield({ hp: null, effect: "blur" }));
    expect(r.ok && [r.value.overshield.effect, r.value.note.key]).toEqual([
      "blur",
      "TEMPO.DAMAGE.Overshield.ReplacedDifferentEffect",
    ]);
  });
});

describe("overshield laws", () => {
  const arbShield = fc.record({
    hp: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    dr: fc.record({
      physical: fc.integer({ min: 0, max: 4 }),
      elemental: fc.integer({ min: 0, max: 4 }),
      arcane: fc.integer({ min: 0, max: 4 }),
    }),
    effect: fc.constant("ward"),
    condition: fc.constant(null),
  });
  const arbHits = fc.array(
    fc.array(
      fc.record({ amount: fc.integer({ min: 0, max: 15 }), kind: fc.constantFrom("physical", "fire", "blight") }),
      { minLength: 1, maxLength: 2 },
    ),
    { maxLength: 5 },
  );

  it("OSH-1 / OSH-4: damage never raises hit points or the shield, and a shield never makes hit-point loss larger (property)", () => {
    fc.assert(
      fc.property(
        arbShield,
        arbHits,
        fc.boolean(),
        fc.constantFrom("perHit" as const, "perAttack" as const),
        (sh, hitList, ignores, drMode) => {
          const creatureDr = dr({ physical: 2, elemental: 1 });
          const base = target({ hp: 200, maxHp: 200, dr: creatureDr });
          const a = attack({ hits: hitList, ignoresOvershield: ignores });
          const settings = { ...DEFAULT_DAMAGE_SETTINGS, drMode };
          const withShield = done(applyDamage({ ...base, overshield: sh }, a, settings));
          const without = done(applyDamage(base, a, settings));
          expect(withShield.hp).toBeLessThanOrEqual(200);
          expect(withShield.hpLoss).toBeLessThanOrEqual(without.hpLoss);
          const before = sh.hp ?? 0;
          const after = withShield.overshield?.hp ?? 0;
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it("OSH-3: healing never restores or changes an overshield and never lifts hit points past the maximum (property)", () => {
    fc.assert(
      fc.property(
        fc.option(arbShield, { nil: null }),
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        (sh, hp, maxHp, amount) => {
          const r = applyHealing({ hp, maxHp, overshield: sh }, amount);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.value.overshield).toBe(sh);
          expect(r.value.hp).toBe(hp >= maxHp ? hp : Math.min(maxHp, hp + amount));
        },
      ),
    );
  });

  it("OSH-1: applying damage never changes its inputs (property)", () => {
    fc.assert(
      fc.property(arbShield, arbHits, (sh, hitList) => {
        const t = target({ overshield: sh });
        const a = attack({ hits: hitList, effects: [poison] });
        const [tBefore, aBefore] = [snapshot(t), snapshot(a)];
        applyDamage(t, a);
        expect([t, a]).toEqual([tBefore, aBefore]);
      }),
    );
  });
});
