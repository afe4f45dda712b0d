import { describe, expect, it } from "vitest";
import { DEFAULT_MOVEMENT_POWERS, ROTATION_TASK_COST } from "../../../src/engine/index.ts";
import {
  armorDerived,
  FEAT_KEYS,
  featAppliesTo,
  featDerived,
  gearDerived,
  ITEM_DEFAULTS,
  movementPowerOf,
  powerDerived,
  validateArmorStats,
  validateFeatStats,
  validateGearStats,
  validatePowerStats,
} from "../../../src/engine/items/index.ts";

const keys = (list: readonly { field: string; message: { key: string } }[]) =>
  list.map((p) => [p.field, p.message.key]);

describe("armor", () => {
  it("DR-1: a negative DR is refused per family with the DR rules' message", () => {
    const armor = { ...ITEM_DEFAULTS.armor, dr: { physical: 2, elemental: -1, arcane: 0.5 } };
    expect(keys(validateArmorStats(armor))).toEqual([
      ["dr.elemental", "TEMPO.ERRORS.Damage.InvalidDr"],
      ["dr.arcane", "TEMPO.ERRORS.Damage.InvalidDr"],
    ]);
    expect(validateArmorStats({ ...ITEM_DEFAULTS.armor, acBonus: -2, armor: 3 })).toEqual([]);
  });

  it("refuses an unknown category and a negative Armor value", () => {
    expect(keys(validateArmorStats({ ...ITEM_DEFAULTS.armor, category: "plate", armor: -1 }))).toEqual([
      ["category", "TEMPO.ERRORS.Item.NotAChoice"],
      ["armor", "TEMPO.ERRORS.Item.NotWhole"],
    ]);
  });

  it("ACT-ROT: putting on light armor costs a Full action, medium 2, heavy the whole turn (the rotation task table)", () => {
    expect(armorDerived({ ...ITEM_DEFAULTS.armor, category: "light" }).donCost).toBe(ROTATION_TASK_COST.lightArmor);
    expect(armorDerived({ ...ITEM_DEFAULTS.armor, category: "medium" }).donCost).toBe("twoFull");
    expect(armorDerived({ ...ITEM_DEFAULTS.armor, category: "heavy" }).donCost).toBe("wholeTurn");
    expect(armorDerived({ ...ITEM_DEFAULTS.armor, category: "shield" }).donCost).toBeNull();
  });
});

describe("feats", () => {
  it("FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE: each feat key names its rule; another key is refused", () => {
    expect(FEAT_KEYS.map((feat) => featDerived({ feat }).rule)).toEqual([
      "FEAT-CLEAVE",
      "FEAT-CHARGED",
      "FEAT-VERSATILE",
    ]);
    expect(keys(validateFeatStats({ feat: "powerAttack" }))).toEqual([["feat", "TEMPO.ERRORS.Item.NotAChoice"]]);
  });

  it("FEAT-CLEAVE: needs a Heavy or Great weapon, or a Versatile one held in two hands", () => {
    expect(featAppliesTo("cleave", ["great"])).toBe(true);
    expect(featAppliesTo("cleave", ["thrown"])).toBe(false);
    expect(featAppliesTo("cleave", ["versatile"])).toBe(false);
    expect(featAppliesTo("cleave", ["versatile"], true)).toBe(true);
  });

  it("FEAT-CHARGED: needs a Heavy, Great or Thrown weapon", () => {
    expect(featAppliesTo("chargedAttack", ["thrown"])).toBe(true);
    expect(featAppliesTo("chargedAttack", ["reach", "light"])).toBe(false);
  });

  it("FEAT-VERSATILE: needs a Versatile weapon", () => {
    expect(featAppliesTo("versatileMaster", ["versatile"])).toBe(true);
    expect(featAppliesTo("versatileMaster", ["heavy"])).toBe(false);
  });
});

describe("powers", () => {
  it("PHS-5: a negative or fractional distance is refused with the movement rules' message", () => {
    for (const squares of [-1, 1.5]) {
      expect(keys(validatePowerStats({ ...ITEM_DEFAULTS.power, squares }))).toEqual([
        ["squares", "TEMPO.ERRORS.Movement.InvalidDistance"],
      ]);
    }
    expect(keys(validatePowerStats({ ...ITEM_DEFAULTS.power, kind: "reaction", action: "flee" }))).toEqual([
      ["kind", "TEMPO.ERRORS.Item.NotAChoice"],
      ["action", "TEMPO.ERRORS.Item.NotAChoice"],
    ]);
  });

  it("PHS-5: the default Charge as an item is the movement rules' Charge; a movement power spends the movement power", () => {
    const charge = { ...ITEM_DEFAULTS.power, squares: 8, provokes: true, straightLine: true };
    expect(movementPowerOf("charge", charge)).toEqual(DEFAULT_MOVEMENT_POWERS.charge);
    expect(powerDerived(charge)).toEqual({ spends: "movementPower", feet: 40 });
  });

  it("PHS-7: a battle power spends the battle action", () => {
    expect(powerDerived({ ...ITEM_DEFAULTS.power, kind: "battle", action: "defend" })).toEqual({
      spends: "battleAction",
      feet: 0,
    });
  });
});

describe("gear", () => {
  it("refuses more charges left than the maximum, and negative amounts", () => {
    expect(keys(validateGearStats({ ...ITEM_DEFAULTS.gear, uses: { value: 3, max: 2 } }))).toEqual([
      ["uses.value", "TEMPO.ERRORS.Item.UsesAboveMax"],
    ]);
    expect(keys(validateGearStats({ quantity: -1, weight: -0.5, uses: { value: -1, max: 1.5 } }))).toEqual([
      ["quantity", "TEMPO.ERRORS.Item.NotWhole"],
      ["weight", "TEMPO.ERRORS.Item.NotAmount"],
      ["uses.value", "TEMPO.ERRORS.Item.NotWhole"],
      ["uses.max", "TEMPO.ERRORS.Item.NotWhole"],
    ]);
  });

  it("ACT-ROT: using an item is the rotation task table's cost; gear with no charges left is spent", () => {
    expect(gearDerived(ITEM_DEFAULTS.gear)).toEqual({ useCost: ROTATION_TASK_COST.useItem, spent: false });
    expect(gearDerived({ ...ITEM_DEFAULTS.gear, uses: { value: 0, max: 3 } }).spent).toBe(true);
  });
});
