import { describe, expect, it } from "vitest";
import {
  checkItemSource,
  ITEM_DEFAULTS,
  ITEM_TYPES,
  migrateItemSource,
  validateItemStats,
} from "../../../src/engine/items/index.ts";

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

  it("migration: a weapon stored before issue 10 gains Light, constantDamage, speed and group, keeping what it held", () => {
    expect(migrateItemSource("weapon", structuredClone(OLD_GREATAXE))).toEqual({
      damage: "1d12",
      properties: { heavy: false, thrown: false, great: true, reach: false, versatile: false, light: false },
      apCost: 40,
      constantDamage: false,
      speed: 0,
      group: "",
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
    expect(migrateItemSource("spell", { slotLevel: 3 })).toEqual({ slotLevel: 3 });
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
