import { describe, expect, it } from "vitest";
import {
  effectiveProperties,
  swingsPerAction,
  unwrap,
  weaponAttackDelay,
  weaponDamageDice,
} from "../../../src/engine/index.ts";
import {
  ITEM_DEFAULTS,
  validateWeaponStats,
  weaponDerived,
  type WeaponStats,
} from "../../../src/engine/items/index.ts";

const NONE = ITEM_DEFAULTS.weapon.properties;

function weapon(changes: Partial<WeaponStats> = {}): WeaponStats {
  return { ...ITEM_DEFAULTS.weapon, ...changes };
}

/** The fields and keys of every problem, in order. */
function problems(source: Record<string, unknown>): [string, string][] {
  return validateWeaponStats(source).map((p) => [p.field, p.message.key]);
}

const maul = weapon({ damage: "2d6", properties: { ...NONE, great: true }, apCost: 40 });
const longsword = weapon({ damage: "1d8", properties: { ...NONE, versatile: true }, apCost: 20 });

describe("weapon stats: validation", () => {
  it("accepts the defaults and a sound Maul", () => {
    expect(validateWeaponStats({ ...ITEM_DEFAULTS.weapon })).toEqual([]);
    expect(validateWeaponStats({ ...maul })).toEqual([]);
  });

  it("AP-1: an AP cost of 0 or less is refused with the engine's message; null (no AP cost) is fine", () => {
    expect(problems({ ...maul, apCost: 0 })).toEqual([["apCost", "TEMPO.ERRORS.Damage.InvalidApCost"]]);
    expect(problems({ ...maul, apCost: -10 })).toEqual([["apCost", "TEMPO.ERRORS.Damage.InvalidApCost"]]);
    expect(problems({ ...maul, apCost: 2.5 })).toEqual([["apCost", "TEMPO.ERRORS.Item.NotWhole"]]);
    expect(problems({ ...maul, apCost: "10" })).toEqual([["apCost", "TEMPO.ERRORS.Damage.InvalidApCost"]]);
    expect(problems({ ...maul, apCost: null })).toEqual([]);
  });

  it("AP-2: a constant-damage weapon with an AP cost is refused", () => {
    expect(problems({ ...maul, constantDamage: true })).toEqual([["apCost", "TEMPO.ERRORS.Damage.ConstantHasApCost"]]);
    expect(problems({ ...maul, constantDamage: true, apCost: null })).toEqual([]);
  });

  it("CNT-15: a die off the ladder is refused, naming the die; flat bonuses on a ladder die are fine", () => {
    const [problem] = validateWeaponStats({ ...maul, damage: "3d6" });
    expect(problem).toEqual({
      field: "damage",
      message: { key: "TEMPO.ERRORS.Damage.NotOnLadder", data: { field: "damage", die: "3d6" } },
    });
    expect(problems({ ...maul, damage: "2d6+2" })).toEqual([]);
  });

  it("a damage formula that does not parse, or is not one die plus numbers, is refused", () => {
    expect(problems({ ...maul, damage: "2d" })).toEqual([["damage", "TEMPO.ERRORS.Dice.Unparseable"]]);
    expect(problems({ ...maul, damage: "1d0" })).toEqual([["damage", "TEMPO.ERRORS.Dice.TooFewSides"]]);
    expect(problems({ ...maul, damage: "1d6+1d4" })).toEqual([["damage", "TEMPO.ERRORS.Damage.BadFormula"]]);
    expect(problems({ ...maul, damage: 8 })).toEqual([["damage", "TEMPO.ERRORS.Item.NotText"]]);
  });

  it("SEG-4: a negative or fractional weapon speed is refused with the segment rules' message", () => {
    expect(problems({ ...maul, speed: -1 })).toEqual([["speed", "TEMPO.ERRORS.Segment.InvalidWeaponSpeed"]]);
    expect(problems({ ...maul, speed: 1.5 })).toEqual([["speed", "TEMPO.ERRORS.Segment.InvalidWeaponSpeed"]]);
  });

  it("properties: each flag must be true or false, and only the known ones may appear", () => {
    expect(problems({ ...maul, properties: { ...NONE, heavy: "yes" } })).toEqual([
      ["properties.heavy", "TEMPO.ERRORS.Item.NotFlag"],
    ]);
    expect(problems({ ...maul, properties: { ...NONE, finesse: true } })).toEqual([
      ["properties.finesse", "TEMPO.ERRORS.Weapon.UnknownProperty"],
    ]);
  });

  it("reports every problem at once, each with its field", () => {
    expect(problems({ ...maul, damage: "1d3", apCost: 0, speed: -2, group: null }).map(([field]) => field)).toEqual([
      "damage",
      "apCost",
      "speed",
      "group",
    ]);
  });
});

describe("weapon stats: derived values come from the rule functions", () => {
  it("CNT-7: the delay is the engine's weapon delay for its properties (Heavy 2, Thrown 2, Great 3, else 0)", () => {
    const cases: [Partial<typeof NONE>, number][] = [
      [{}, 0],
      [{ heavy: true }, 2],
      [{ thrown: true }, 2],
      [{ great: true }, 3],
      [{ heavy: true, great: true, thrown: true }, 3],
      [{ light: true, reach: true }, 0],
    ];
    for (const [flags, delay] of cases) {
      const derived = weaponDerived(weapon({ properties: { ...NONE, ...flags } }));
      expect(derived.delay).toBe(delay);
      expect(derived.delay).toBe(weaponAttackDelay(derived.properties));
    }
  });

  it("CNT-16: a Great weapon waits 3 counts, can cleave and can be charged", () => {
    const derived = weaponDerived(maul);
    expect(derived).toMatchObject({ delay: 3, canCleave: true, canCharge: true, ladderLevel: 6, twoHanded: null });
  });

  it("AP-1: swings per Full action are floor(AP ÷ cost) with the owner's AP; none without an AP cost or an owner", () => {
    expect(weaponDerived(weapon({ apCost: 10 }), { ap: 80, primaryModifier: null }).swingsPerAction).toBe(8);
    expect(weaponDerived(maul, { ap: 90, primaryModifier: null }).swingsPerAction).toBe(
      unwrap(swingsPerAction(90, 40)),
    );
    expect(weaponDerived(maul).swingsPerAction).toBeNull();
    expect(weaponDerived(weapon({ apCost: null }), { ap: 80, primaryModifier: null }).swingsPerAction).toBeNull();
  });

  it("FEAT-CHARGED, CNT-15: a Maul charged by a +8 wielder waits 8 counts and rolls 16d6 (level 10 multiplies)", () => {
    const derived = weaponDerived(maul, { ap: null, primaryModifier: 8 });
    expect(derived.charged).toEqual({ delay: 8, damage: "16d6" });
    const engine = weaponDamageDice(
      { die: "2d6", properties: ["great"] },
      { twoHanded: false, chargeDelay: 8, primaryModifier: 8 },
    );
    expect(derived.charged?.damage).toBe(unwrap(engine));
  });

  it("FEAT-CHARGED: each full 2 counts step the die once (a +3 Warhammer 1d8 charges to 1d10 in 3 counts)", () => {
    const warhammer = weapon({ damage: "1d8", properties: { ...NONE, heavy: true } });
    expect(weaponDerived(warhammer, { ap: null, primaryModifier: 3 }).charged).toEqual({ delay: 3, damage: "1d10" });
  });

  it("FEAT-CHARGED: a weapon that is not Heavy, Great or Thrown cannot charge", () => {
    const derived = weaponDerived(longsword, { ap: null, primaryModifier: 4 });
    expect(derived.canCharge).toBe(false);
    expect(derived.charged).toBeNull();
  });

  it("FEAT-VERSATILE: a Longsword in two hands rolls 1d10 and counts as Heavy (delay 2, can cleave)", () => {
    const derived = weaponDerived(longsword);
    expect(derived.twoHanded).toEqual({ delay: 2, damage: "1d10" });
    expect(derived.delay).toBe(0);
    expect(derived.canCleave).toBe(true);
    const held = unwrap(effectiveProperties({ die: "1d8", properties: ["versatile"] }, true));
    expect(derived.twoHanded?.delay).toBe(weaponAttackDelay(held));
  });

  it("FEAT-CLEAVE: a one-handed weapon that is not Heavy or Great cannot cleave", () => {
    expect(weaponDerived(weapon({ properties: { ...NONE, thrown: true } })).canCleave).toBe(false);
  });
});
