/**
 * Tempo's item models on the runtime model: items made and updated on a world actor through the
 * model's server, which cleans, migrates and validates `system` with the registered item model as
 * Foundry's does (runtime/server.ts, runtime/fields.ts); a refused write changes nothing on the server
 * or the client. `game.i18n` is English, so a refusal is checked as the user reads it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, ITEM_TYPES, swingsPerAction, unwrap } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ItemModel } from "../support/runtime/actor.ts";

/** The weapon fields added after issue 10 (OSH-2's list and flag), at their defaults. */
const OSH2_FIELDS = Object.fromEntries(
  Object.entries(ITEM_DEFAULTS.weapon).filter(([key]) => key.startsWith("status")),
);

const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());
await world.loadSystem();
world.callHook("init");
const { ITEM_MODELS } = await import("../../src/foundry/data/item/item-models.ts");
const quartermaster = await world.addActor("Quartermaster");

type Obj = Record<string, unknown>;

/** A new item of `type` on the GM's actor (one create on the server). */
const newItem = (type: string, system: Obj): Promise<ItemModel> => ownedItem(world, quartermaster, type, type, system);

/** The item's stored `system` on the GM's client. */
const stored = (item: ItemModel): Obj => item._source.system as Obj;

/** What an item's model derives with `owner` as its actor (a data model built as the document builds it). */
function derivedWith(type: "weapon", system: Obj, owner: { readonly system: unknown } | null): unknown {
  const Model = ITEM_MODELS[type] as unknown as new (
    data: Obj,
    options: { parent: unknown },
  ) => {
    prepareDerivedData(): void;
  };
  const model = new Model(system, { parent: { actor: owner, type } });
  model.prepareDerivedData();
  return model;
}

/** packs/weapons/greataxe.json's system data as it is on main, before issue 10. */
const OLD_GREATAXE = {
  damage: "1d12",
  properties: { heavy: false, thrown: false, great: true, reach: false, versatile: false },
  apCost: 40,
};

/** Tries a refused update and returns its message; fails the test when the update is accepted. */
async function refusal(item: ItemModel, system: Obj): Promise<string> {
  try {
    await item.update({ system });
  } catch (error) {
    await world.idle();
    return (error as Error).message;
  }
  throw new Error("the update was accepted");
}

describe("item models: defaults", () => {
  it("a new item of every type stores the engine's defaults and an empty description", async () => {
    for (const type of ITEM_TYPES) {
      const item = await newItem(type, {});
      expect(stored(item), type).toEqual({ ...ITEM_DEFAULTS[type], description: "" });
    }
  });

  it("CNT-7, FEAT-VERSATILE: a new weapon derives its values from the engine, with no owner numbers", () => {
    const item = derivedWith("weapon", { damage: "1d8", properties: { versatile: true }, apCost: 20 }, null);
    expect(item).toMatchObject({
      derived: { delay: 0, twoHanded: { delay: 2, damage: "1d10" }, swingsPerAction: null, charged: null },
    });
  });
});

describe("item models: bad values are refused with a localized message and nothing is saved", () => {
  it("AP-1: an AP cost of 0 is refused and the weapon keeps its AP cost and derived values", async () => {
    const item = await newItem("weapon", { damage: "2d6", properties: { great: true }, apCost: 40 });
    const before = structuredClone(item._source);
    const system = item.system;
    expect(await refusal(item, { apCost: 0 })).toBe("A weapon's AP cost must be more than 0, not 0.");
    expect(item._source).toEqual(before);
    expect(item.system).toBe(system);
  });

  it("CNT-15: a die off the ladder is refused, saying so", async () => {
    const item = await newItem("weapon", {});
    expect(await refusal(item, { damage: "3d6" })).toMatch(/^The die 3d6 is not on the damage die ladder/);
    expect(stored(item).damage).toBe("1d6");
  });

  it("AP-2: an AP cost on a constant-damage weapon is refused in one update of both fields", async () => {
    const item = await newItem("weapon", {});
    expect(await refusal(item, { constantDamage: true, apCost: 10 })).toBe("A constant-damage weapon has no AP cost.");
    expect(stored(item)).toMatchObject({ constantDamage: false, apCost: null });
  });

  it("a value of the wrong type is refused by the field before the rules look at it", async () => {
    const item = await newItem("weapon", {});
    expect(await refusal(item, { speed: "fast" })).toMatch(/speed: must be a finite number/);
    expect(stored(item).speed).toBe(0);
  });

  it("CNT-8, SEG-5: a spell slot of 11 or a casting time of 0 is refused", async () => {
    const item = await newItem("spell", { slotLevel: 3, castingTime: 3 });
    expect(await refusal(item, { slotLevel: 11 })).toBe("11 is not a spell slot level (cantrip 0 to 10th).");
    expect(await refusal(item, { castingTime: 0 })).toBe(
      "A spell's casting time must be 1 to 10 segments; other actions have none.",
    );
    expect(stored(item)).toMatchObject({ slotLevel: 3, castingTime: 3 });
  });

  it("DR-1: a negative DR on armor is refused", async () => {
    const item = await newItem("armor", { dr: { physical: 2 } });
    expect(await refusal(item, { dr: { elemental: -1 } })).toBe("DR must be a whole number of 0 or more, not -1.");
    expect(stored(item).dr).toEqual({ physical: 2, elemental: 0, arcane: 0 });
  });

  it("PHS-5: a negative movement distance is refused; gear cannot hold more charges than its maximum", async () => {
    const power = await newItem("power", {});
    expect(await refusal(power, { squares: -2 })).toBe(
      "squares: the distance must be a whole number, 0 or more (got -2).",
    );
    const gear = await newItem("gear", { uses: { value: 2, max: 3 } });
    expect(await refusal(gear, { uses: { value: 4 } })).toBe("Charges left (4) cannot be more than the maximum (3).");
    expect(stored(gear).uses).toEqual({ value: 2, max: 3 });
  });

  it("a feat key that is not one of the rules' feats is refused", async () => {
    const feat = await newItem("feat", { feat: "chargedAttack" });
    expect(await refusal(feat, { feat: "powerAttack" })).toMatch(/feat: is not a valid choice/);
    expect(feat.system).toMatchObject({ derived: { rule: "FEAT-CHARGED" } });
  });

  it("DR-1: an unknown damage kind is refused on a weapon and a spell with the localized message; the kind stays", async () => {
    const weapon = await newItem("weapon", { damageKind: "fire" });
    expect(await refusal(weapon, { damageKind: "psychic" })).toBe(
      '"psychic" is not a known damage type, so no DR can be matched to it.',
    );
    expect(stored(weapon).damageKind).toBe("fire");
    const spell = await newItem("spell", { damage: "8d6", damageKind: "ice" });
    expect(await refusal(spell, { damageKind: "lightning" })).toBe(
      '"lightning" is not a known damage type, so no DR can be matched to it.',
    );
    expect(stored(spell).damageKind).toBe("ice");
  });

  it("creating an item with a bad value fails outright", async () => {
    await expect(newItem("weapon", { apCost: -5 })).rejects.toThrow("A weapon's AP cost must be more than 0, not -5.");
    expect(quartermaster.items.contents.filter((item) => stored(item).apCost === -5)).toEqual([]);
  });
});

describe("item models: migration", () => {
  it("CNT-16: a Greataxe stored before issue 10 loads in the new shape and keeps what it held", async () => {
    const item = await newItem("weapon", structuredClone(OLD_GREATAXE));
    expect(stored(item)).toEqual({
      ...OLD_GREATAXE,
      properties: { ...OLD_GREATAXE.properties, light: false },
      constantDamage: false,
      speed: 0,
      group: "",
      damageKind: "physical",
      ...OSH2_FIELDS,
      routineAttacks: null,
      description: "",
    });
    expect(item.system).toMatchObject({ derived: { delay: 3, canCleave: true, canCharge: true } });
  });

  it("DR-1: a spell stored before spells had a damage kind loads with the default kind (dissonance, the old ruling)", async () => {
    const item = await newItem("spell", { slotLevel: 3, castingTime: 3, damage: "8d6" });
    expect(stored(item)).toMatchObject({ damage: "8d6", damageKind: "dissonance" });
    expect(item.system).toMatchObject({ stats: { damageKind: "dissonance" } });
  });
});

describe("item models: derived values read the owner defensively", () => {
  it("AP-1, FEAT-CHARGED: an owned Maul swings floor(AP ÷ cost) times and charges with the owner's modifier", () => {
    const owner = { system: { ap: { value: 80, max: 90 }, derived: { primaryModifier: 8 } } };
    const maul = derivedWith("weapon", { damage: "2d6", properties: { great: true }, apCost: 40 }, owner);
    expect(maul).toMatchObject({
      derived: { swingsPerAction: unwrap(swingsPerAction(90, 40)), charged: { delay: 8, damage: "16d6" } },
    });
  });

  it("an owner without those numbers (or with nonsense) gives no swings and no charge, and still loads", () => {
    for (const system of [{}, { ap: "lots", derived: null }, { ap: { max: 2.5 } }]) {
      const item = derivedWith("weapon", { apCost: 10, properties: { heavy: true } }, { system });
      expect(item).toMatchObject({ derived: { swingsPerAction: null, charged: null, delay: 2 } });
    }
  });
});
