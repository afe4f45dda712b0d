import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyDamage,
  DEFAULT_DAMAGE_SETTINGS,
  type DamageAttack,
  type DamageSettings,
  type DamageTarget,
} from "../../../src/engine/damage/apply-damage.ts";
import {
  DAMAGE_KIND_LABELS,
  drFamilyOf,
  DEFAULT_DAMAGE_KINDS,
  DR_FAMILIES,
} from "../../../src/engine/damage/damage-kinds.ts";
import { damageAfterDr } from "../../../src/engine/damage/damage-reduction.ts";
import { attack, dr, hits, snapshot, target } from "./builders.ts";

const perHit: DamageSettings = DEFAULT_DAMAGE_SETTINGS;
const perAttack: DamageSettings = { ...DEFAULT_DAMAGE_SETTINGS, drMode: "perAttack" };

function loss(r: ReturnType<typeof applyDamage>): number {
  if (!r.ok) throw new Error(r.error.key);
  return r.value.hpLoss;
}

describe("damage kinds", () => {
  it("DR-1: DR covers physical, bleed and non-lethal; Elemental DR fire, ice, acid; Arcane DR dissonance, blight, solar", () => {
    for (const kind of ["physical", "bleed", "nonlethal"])
      expect(drFamilyOf(kind)).toEqual({ ok: true, value: "physical" });
    for (const kind of ["fire", "ice", "acid"]) expect(drFamilyOf(kind)).toEqual({ ok: true, value: "elemental" });
    for (const kind of ["dissonance", "blight", "solar"])
      expect(drFamilyOf(kind)).toEqual({ ok: true, value: "arcane" });
  });

  it("DR-1: every default kind has a label and belongs to exactly one DR family", () => {
    const all = DR_FAMILIES.flatMap((f) => DEFAULT_DAMAGE_KINDS[f]);
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(DAMAGE_KIND_LABELS).sort()).toEqual([...all].sort());
  });

  it("DR-1: an unknown damage kind is a typed error; a world table can add kinds", () => {
    expect(drFamilyOf("psychic")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.UnknownKind", data: { kind: "psychic" } },
    });
    const table = { ...DEFAULT_DAMAGE_KINDS, elemental: [...DEFAULT_DAMAGE_KINDS.elemental, "lightning"] };
    expect(drFamilyOf("lightning", table)).toEqual({ ok: true, value: "elemental" });
  });
});

describe("damage reduction", () => {
  it("DR-1: each point of matching DR reduces damage by 1; other kinds of DR do nothing", () => {
    const t = target({ dr: dr({ physical: 100, elemental: 3, arcane: 100 }) });
    expect(loss(applyDamage(t, attack({ hits: hits("fire", 10) })))).toBe(7);
  });

  it("DR-1: damage is never reduced below 0", () => {
    const r = applyDamage(target({ dr: dr({ physical: 5 }) }), attack({ hits: hits("bleed", 2) }));
    expect(r.ok && [r.value.hpLoss, r.value.hp]).toEqual([0, 30]);
  });

  it("DR-1: a hit of several kinds meets each kind's own DR (5 slashing + 6 fire vs DR 2, Elemental DR 4 → 3 + 2)", () => {
    const t = target({ dr: dr({ physical: 2, elemental: 4 }) });
    const flaming = attack({
      hits: [
        [
          { amount: 5, kind: "slashing" },
          { amount: 6, kind: "fire" },
        ],
      ],
    });
    expect(loss(applyDamage(t, flaming))).toBe(5);
  });

  it("DR-2: eight swings of 3 against DR 2 deal 8 per hit (each swing reduced) but 22 per attack (the sum reduced once)", () => {
    const t = target({ hp: 50, maxHp: 50, dr: dr({ physical: 2 }) });
    const eight = attack({ hits: hits("physical", 3, 3, 3, 3, 3, 3, 3, 3) });
    expect(loss(applyDamage(t, eight, perHit))).toBe(8);
    expect(loss(applyDamage(t, eight, perAttack))).toBe(22);
    const steps = applyDamage(t, eight, perHit);
    expect(steps.ok && steps.value.steps).toEqual([
      { key: "TEMPO.DAMAGE.Step.ReducedPhysical", data: { amount: 16 } },
      { key: "TEMPO.DAMAGE.Step.HpLost", data: { amount: 8, hp: 42 } },
    ]);
    expect(damageAfterDr([3, 3, 3, 3, 3, 3, 3, 3], 2, "perHit")).toEqual({ ok: true, value: 8 });
    expect(damageAfterDr([3, 3, 3, 3, 3, 3, 3, 3], 2, "perAttack")).toEqual({ ok: true, value: 22 });
  });

  it("DR-1 / DR-2: DR never increases damage, more DR never increases it, and per hit never deals more than per attack (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom("physical", "fire", "solar"),
        (amounts, base, extra, kind) => {
          const a = attack({ hits: hits(kind, ...amounts) });
          const raw = amounts.reduce((s, x) => s + x, 0);
          const at = (n: number) => target({ hp: 1000, maxHp: 1000, dr: dr({ physical: n, elemental: n, arcane: n }) });
          for (const settings of [perHit, perAttack]) {
            const low = loss(applyDamage(at(base), a, settings));
            const high = loss(applyDamage(at(base + extra), a, settings));
            expect(low).toBeLessThanOrEqual(raw);
            expect(high).toBeLessThanOrEqual(low);
          }
          expect(loss(applyDamage(at(base), a, perHit))).toBeLessThanOrEqual(loss(applyDamage(at(base), a, perAttack)));
        },
      ),
    );
  });

  it("DR-1: bad DR values, negative or fractional damage and unknown kinds are typed errors; inputs untouched", () => {
    const t = target({ dr: dr({ elemental: -1 }) });
    const a = attack({ hits: hits("fire", 5) });
    const [tBefore, aBefore] = [snapshot(t), snapshot(a)];
    expect(applyDamage(t, a)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidDr", data: { value: "-1" } },
    });
    expect(applyDamage(target(), attack({ hits: hits("fire", -2) }))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidAmount", data: { amount: "-2" } },
    });
    expect(applyDamage(target(), attack({ hits: hits("fire", 2.5) })).ok).toBe(false);
    expect(applyDamage(target(), attack({ hits: hits("psychic", 4) }))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.UnknownKind", data: { kind: "psychic" } },
    });
    expect(applyDamage(target(), a, { ...perHit, drMode: "sometimes" as "perHit" }).ok).toBe(false);
    expect(applyDamage(target({ maxHp: 0 }), a)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidTarget", data: { field: "maxHp" } },
    });
    expect([t, a]).toEqual([tBefore, aBefore]);
  });
});

describe("malformed damage snapshots", () => {
  it("DR-1: hits, parts, effects or flags of the wrong shape are typed errors; inputs untouched", () => {
    const t = target();
    const before = snapshot(t);
    const bad: unknown[] = [
      { hits: "lots", multipliers: [], ignoresOvershield: false, effects: [] },
      { hits: [[null]], multipliers: [], ignoresOvershield: false, effects: [] },
      { hits: [{ amount: 3, kind: "fire" }], multipliers: [], ignoresOvershield: false, effects: [] },
      { hits: [], multipliers: "x2", ignoresOvershield: false, effects: [] },
      { hits: [], multipliers: [], ignoresOvershield: "yes", effects: [] },
      { hits: [], multipliers: [], ignoresOvershield: false, effects: [{ id: 3 }] },
    ];
    for (const a of bad) {
      const r = applyDamage(t, a as DamageAttack);
      expect(!r.ok && r.error.key).toBe("TEMPO.ERRORS.Damage.InvalidAttack");
    }
    expect(t).toEqual(before);
  });

  it("DR-3: a target with non-boolean flags or a missing DR block is a typed error", () => {
    expect(applyDamage({ ...target(), playerCharacter: "yes" } as unknown as DamageTarget, attack()).ok).toBe(false);
    expect(applyDamage({ ...target(), dr: null } as unknown as DamageTarget, attack()).ok).toBe(false);
  });
});

describe("massive damage", () => {
  it("DR-3: a player character at full hit points hit for more than it has is left at 0 and unconscious, not dead", () => {
    const pc = target({ hp: 30, maxHp: 30, playerCharacter: true, deathThreshold: -10 });
    const r = applyDamage(pc, attack({ hits: hits("physical", 45) }));
    expect(r.ok && [r.value.hp, r.value.unconscious, r.value.dead]).toEqual([0, true, false]);
    expect(r.ok && r.value.steps.map((s) => s.key)).toContain("TEMPO.DAMAGE.Step.FullHealthProtection");
  });

  it("DR-3: the protection covers every swing of one AP attack taken together", () => {
    const pc = target({ hp: 30, maxHp: 30, playerCharacter: true, deathThreshold: -10 });
    const r = applyDamage(pc, attack({ hits: hits("physical", 10, 10, 10, 10, 10, 10, 10, 10) }));
    expect(r.ok && [r.value.hp, r.value.dead]).toEqual([0, false]);
  });

  it("DR-3: it does not protect a player character below full hit points, nor an NPC", () => {
    const hurt = applyDamage(
      target({ hp: 29, maxHp: 30, playerCharacter: true, deathThreshold: -10 }),
      attack({ hits: hits("physical", 45) }),
    );
    expect(hurt.ok && [hurt.value.hp, hurt.value.dead]).toEqual([-16, true]);
    const npc = applyDamage(target({ hp: 30, maxHp: 30, deathThreshold: 0 }), attack({ hits: hits("physical", 45) }));
    expect(npc.ok && [npc.value.hp, npc.value.dead]).toEqual([-15, true]);
  });

  it("DR-3: damage that lands exactly on 0 leaves the player character at 0 and unconscious, even where 0 would kill", () => {
    const r = applyDamage(
      target({ hp: 30, maxHp: 30, playerCharacter: true, deathThreshold: 0 }),
      attack({ hits: hits("physical", 30) }),
    );
    expect(r.ok && [r.value.hp, r.value.unconscious, r.value.dead]).toEqual([0, true, false]);
  });

  it("DR-3: a player character at full hit points is never killed by one attack, whatever the damage (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 8 }),
        fc.integer({ min: -60, max: 0 }),
        (maxHp, amounts, threshold) => {
          const pc = target({ hp: maxHp, maxHp, playerCharacter: true, deathThreshold: threshold });
          const r = applyDamage(pc, attack({ hits: hits("physical", ...amounts) }));
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.value.dead).toBe(false);
          expect(r.value.hp).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("damage input fuzzing", () => {
  it("DR-1, OSH-1: whatever the snapshots hold, applyDamage answers with a Result (a typed error when malformed) and never throws (property)", () => {
    const arbPart = fc.oneof(
      fc.record({
        amount: fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double()),
        kind: fc.constantFrom("fire", "physical", "psychic"),
      }),
      fc.anything(),
    );
    const arbAttack = fc.oneof(
      fc.record({
        hits: fc.oneof(fc.array(fc.array(arbPart, { maxLength: 3 }), { maxLength: 3 }), fc.anything()),
        multipliers: fc.oneof(fc.array(fc.double(), { maxLength: 2 }), fc.anything()),
        ignoresOvershield: fc.oneof(fc.boolean(), fc.anything()),
        effects: fc.oneof(fc.constant([]), fc.anything()),
      }),
      fc.anything(),
    );
    const arbTarget = fc.oneof(
      fc.record({
        hp: fc.oneof(fc.integer({ min: -5, max: 30 }), fc.anything()),
        maxHp: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.anything()),
        playerCharacter: fc.oneof(fc.boolean(), fc.anything()),
        dr: fc.oneof(fc.constant(dr({})), fc.anything()),
        overshield: fc.oneof(fc.constant(null), fc.anything()),
        deathThreshold: fc.oneof(fc.constant(null), fc.anything()),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(arbTarget, arbAttack, (t, a) => {
        const before = [snapshotOrSelf(t), snapshotOrSelf(a)];
        const r = applyDamage(t as DamageTarget, a as DamageAttack);
        if (!r.ok) expect(r.error.key).toMatch(/^TEMPO\.ERRORS\.(Damage|Dice)\./);
        expect([snapshotOrSelf(t), snapshotOrSelf(a)]).toEqual(before);
      }),
    );
  });
});

/** A JSON copy where JSON can hold the value, else the value itself (fc.anything() makes some JSON cannot). */
function snapshotOrSelf(value: unknown): unknown {
  try {
    return JSON.stringify(value) === undefined ? value : snapshot(value);
  } catch {
    return value;
  }
}
