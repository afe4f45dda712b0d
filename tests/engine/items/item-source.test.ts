import { describe, expect, it } from "vitest";
import {
  checkItemSource,
  ITEM_DEFAULTS,
  ITEM_TYPES,
  migrateItemSource,
  validateItemStats,
} from "../../../src/engine/items/index.ts";
import { ITEM_USE_RULINGS } from "../../../src/engine/attack/item-use-rulings.ts";

/** packs/weapons/greataxe.json as it was before issue 10. */
const OLD_GREATAXE = {
  damage: "1d12",
  properties: { heavy: false, thrown: false, great: true, reach: false, versatile: false },
  apCost: 40,
};

describe("item sources", () => {
  it("every item type's defaults pass its own validation", () => {
    for (const type of ITEM_TYPES) expect(validateItemStats(type, { ...ITEM_DEFAULTS[type] }), type).toEqual([]);
  });

  it("migration: a weapon stored before issue 10 gains Light, constantDamage, speed, group and its damage kind, keeping what it held", () => {
    expect(migrateItemSource("weapon", structuredClone(OLD_GREATAXE))).toEqual({
      damage: "1d12",
      properties: { heavy: false, thrown: false, great: true, reach: false, versatile: false, light: false },
      apCost: 40,
      constantDamage: false,
      speed: 0,
      group: "",
      damageKind: "physical",
    });
    expect(checkItemSource("weapon", OLD_GREATAXE)).toEqual([]);
  });

  it("migration leaves fields already in the new shape alone, and other types untouched", () => {
    const current = {
      ...ITEM_DEFAULTS.weapon,
      properties: { ...ITEM_DEFAULTS.weapon.properties, light: true },
      speed: 4,
    };
    expect(migrateItemSource("weapon", structuredClone(current))).toEqual(current);
    expect(migrateItemSource("spell", { slotLevel: 3, damageKind: "fire" })).toEqual({
      slotLevel: 3,
      damageKind: "fire",
    });
    expect(migrateItemSource("armor", { acBonus: 2 })).toEqual({ acBonus: 2 });
  });

  it("DR-1: weapons and spells stored before items had a damage kind deal what they dealt until then (the rulings)", () => {
    const weapon = migrateItemSource("weapon", { damage: "1d8" });
    const spell = migrateItemSource("spell", { slotLevel: 3, damage: "8d6" });
    expect([weapon.damageKind, spell.damageKind]).toEqual(["physical", "dissonance"]);
    expect([ITEM_USE_RULINGS.weaponDamageKind, ITEM_USE_RULINGS.spellDamageKind]).toEqual(["physical", "dissonance"]);
    expect(checkItemSource("spell", { slotLevel: 3, damage: "8d6" })).toEqual([]);
  });

  it("DR-1: an unknown damage kind is refused with the localized unknown-kind message, on weapons and spells", () => {
    for (const type of ["weapon", "spell"] as const) {
      const problems = checkItemSource(type, { damageKind: "psychic" });
      expect(problems.map((p) => [p.field, p.message.key, p.message.data?.kind])).toEqual([
        ["damageKind", "TEMPO.ERRORS.Damage.UnknownKind", "psychic"],
      ]);
    }
    expect(checkItemSource("weapon", { damageKind: 3 }).map((p) => p.message.key)).toEqual([
      "TEMPO.ERRORS.Item.NotText",
    ]);
    expect(checkItemSource("spell", { damageKind: "fire" })).toEqual([]);
  });

  it("the source check fills defaults, refuses unknown fields and non-objects, and checks the description is text", () => {
    expect(checkItemSource("spell", {})).toEqual([]);
    expect(checkItemSource("armor", { ac: 3, description: 5 }).map((p) => p.field)).toEqual(["ac", "description"]);
    expect(checkItemSource("gear", "sword").map((p) => p.message.key)).toEqual(["TEMPO.ERRORS.Item.NotAnObject"]);
  });

  it("AP-1: the source check refuses what the model refuses (an AP cost of 0)", () => {
    expect(checkItemSource("weapon", { apCost: 0 }).map((p) => [p.field, p.message.key])).toEqual([
      ["apCost", "TEMPO.ERRORS.Damage.InvalidApCost"],
    ]);
  });
});
