import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, ITEM_TYPES, swingsPerAction, unwrap } from "../../src/engine/index.ts";
import {
  installItemDocumentDouble,
  ItemDouble,
  registerItemModel,
  uninstallItemDocumentDouble,
} from "../support/item-document-double.ts";

installItemDocumentDouble();
afterAll(() => uninstallItemDocumentDouble());

const { ITEM_MODELS } = await import("../../src/foundry/data/item/item-models.ts");
for (const type of ITEM_TYPES) registerItemModel(type, ITEM_MODELS[type]);

/** packs/weapons/greataxe.json's system data as it is on main, before issue 10. */
const OLD_GREATAXE = {
  damage: "1d12",
  properties: { heavy: false, thrown: false, great: true, reach: false, versatile: false },
  apCost: 40,
};

/** Tries a refused update and returns its message; fails the test when the update is accepted. */
function refusal(item: ItemDouble, system: Record<string, unknown>): string {
  try {
    item.update({ system });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the update was accepted");
}

describe("item models: defaults", () => {
  it("a new item of every type stores the engine's defaults and an empty description", () => {
    for (const type of ITEM_TYPES) {
      const item = new ItemDouble(type, {});
      expect(item._source.system, type).toEqual({ ...ITEM_DEFAULTS[type], description: "" });
    }
  });

  it("CNT-7, FEAT-VERSATILE: a new weapon derives its values from the engine, with no owner numbers", () => {
    const item = new ItemDouble("weapon", { damage: "1d8", properties: { versatile: true }, apCost: 20 });
    expect(item.system).toMatchObject({
      derived: { delay: 0, twoHanded: { delay: 2, damage: "1d10" }, swingsPerAction: null, charged: null },
    });
  });
});

describe("item models: bad values are refused with a localized message and nothing is saved", () => {
  it("AP-1: an AP cost of 0 is refused and the weapon keeps its AP cost and derived values", () => {
    const item = new ItemDouble("weapon", { damage: "2d6", properties: { great: true }, apCost: 40 });
    const before = structuredClone(item._source);
    const system = item.system;
    expect(refusal(item, { apCost: 0 })).toBe("A weapon's AP cost must be more than 0, not 0.");
    expect(item._source).toEqual(before);
    expect(item.system).toBe(system);
  });

  it("CNT-15: a die off the ladder is refused, saying so", () => {
    const item = new ItemDouble("weapon", {});
    expect(refusal(item, { damage: "3d6" })).toMatch(/^The die 3d6 is not on the damage die ladder/);
    expect(item._source.system.damage).toBe("1d6");
  });

  it("AP-2: an AP cost on a constant-damage weapon is refused in one update of both fields", () => {
    const item = new ItemDouble("weapon", {});
    expect(refusal(item, { constantDamage: true, apCost: 10 })).toBe("A constant-damage weapon has no AP cost.");
    expect(item._source.system).toMatchObject({ constantDamage: false, apCost: null });
  });

  it("a value of the wrong type is refused by the field before the rules look at it", () => {
    const item = new ItemDouble("weapon", {});
    expect(refusal(item, { speed: "fast" })).toMatch(/speed: must be a finite number/);
    expect(item._source.system.speed).toBe(0);
  });

  it("CNT-8, SEG-5: a spell slot of 11 or a casting time of 0 is refused", () => {
    const item = new ItemDouble("spell", { slotLevel: 3, castingTime: 3 });
    expect(refusal(item, { slotLevel: 11 })).toBe("11 is not a spell slot level (cantrip 0 to 10th).");
    expect(refusal(item, { castingTime: 0 })).toBe(
      "A spell's casting time must be 1 to 10 segments; other actions have none.",
    );
    expect(item._source.system).toMatchObject({ slotLevel: 3, castingTime: 3 });
  });

  it("DR-1: a negative DR on armor is refused", () => {
    const item = new ItemDouble("armor", { dr: { physical: 2 } });
    expect(refusal(item, { dr: { elemental: -1 } })).toBe("DR must be a whole number of 0 or more, not -1.");
    expect(item._source.system.dr).toEqual({ physical: 2, elemental: 0, arcane: 0 });
  });

  it("PHS-5: a negative movement distance is refused; gear cannot hold more charges than its maximum", () => {
    const power = new ItemDouble("power", {});
    expect(refusal(power, { squares: -2 })).toBe("squares: the distance must be a whole number, 0 or more (got -2).");
    const gear = new ItemDouble("gear", { uses: { value: 2, max: 3 } });
    expect(refusal(gear, { uses: { value: 4 } })).toBe("Charges left (4) cannot be more than the maximum (3).");
    expect(gear._source.system.uses).toEqual({ value: 2, max: 3 });
  });

  it("a feat key that is not one of the rules' feats is refused", () => {
    const feat = new ItemDouble("feat", { feat: "chargedAttack" });
    expect(refusal(feat, { feat: "powerAttack" })).toMatch(/feat: is not a valid choice/);
    expect(feat.system).toMatchObject({ derived: { rule: "FEAT-CHARGED" } });
  });

  it("DR-1: an unknown damage kind is refused on a weapon and a spell with the localized message; the kind stays", () => {
    const weapon = new ItemDouble("weapon", { damageKind: "fire" });
    expect(refusal(weapon, { damageKind: "psychic" })).toBe(
      '"psychic" is not a known damage type, so no DR can be matched to it.',
    );
    expect(weapon._source.system.damageKind).toBe("fire");
    const spell = new ItemDouble("spell", { damage: "8d6", damageKind: "ice" });
    expect(refusal(spell, { damageKind: "lightning" })).toBe(
      '"lightning" is not a known damage type, so no DR can be matched to it.',
    );
    expect(spell._source.system.damageKind).toBe("ice");
  });

  it("creating an item with a bad value fails outright", () => {
    expect(() => new ItemDouble("weapon", { apCost: -5 })).toThrow("A weapon's AP cost must be more than 0, not -5.");
  });
});

describe("item models: migration", () => {
  it("CNT-16: a Greataxe stored before issue 10 loads in the new shape and keeps what it held", () => {
    const item = new ItemDouble("weapon", structuredClone(OLD_GREATAXE));
    expect(item._source.system).toEqual({
      ...OLD_GREATAXE,
      properties: { ...OLD_GREATAXE.properties, light: false },
      constantDamage: false,
      speed: 0,
      group: "",
      damageKind: "physical",
      description: "",
    });
    expect(item.system).toMatchObject({ derived: { delay: 3, canCleave: true, canCharge: true } });
  });

  it("DR-1: a spell stored before spells had a damage kind loads with the default kind (dissonance, the old ruling)", () => {
    const item = new ItemDouble("spell", { slotLevel: 3, castingTime: 3, damage: "8d6" });
    expect(item._source.system).toMatchObject({ damage: "8d6", damageKind: "dissonance" });
    expect(item.system).toMatchObject({ stats: { damageKind: "dissonance" } });
  });
});

describe("item models: derived values read the owner defensively", () => {
  it("AP-1, FEAT-CHARGED: an owned Maul swings floor(AP ÷ cost) times and charges with the owner's modifier", () => {
    const owner = { system: { ap: { value: 80, max: 90 }, derived: { primaryModifier: 8 } } };
    const maul = new ItemDouble("weapon", { damage: "2d6", properties: { great: true }, apCost: 40 }, owner);
    expect(maul.system).toMatchObject({
      derived: { swingsPerAction: unwrap(swingsPerAction(90, 40)), charged: { delay: 8, damage: "16d6" } },
    });
  });

  it("an owner without those numbers (or with nonsense) gives no swings and no charge, and still loads", () => {
    for (const system of [{}, { ap: "lots", derived: null }, { ap: { max: 2.5 } }]) {
      const item = new ItemDouble("weapon", { apCost: 10, properties: { heavy: true } }, { system });
      expect(item.system).toMatchObject({ derived: { swingsPerAction: null, charged: null, delay: 2 } });
    }
  });
});
