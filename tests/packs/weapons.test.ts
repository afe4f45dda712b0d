import { describe, expect, it } from "vitest";
import {
  GREAT_WEAPONS,
  WEAPON_PROPERTIES,
  parseDamageDice,
  weaponDamageDice,
  type WeaponProperty,
} from "../../src/engine/damage/index.ts";
import { checkItemSource, ITEM_DEFAULTS, migrateItemSource } from "../../src/engine/items/index.ts";
import { packSources } from "./pack-sources.ts";

interface WeaponSystem {
  readonly [field: string]: unknown;
  readonly damage: string;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly apCost: unknown;
}

interface Weapon {
  readonly file: string;
  readonly name: string;
  readonly system: WeaponSystem;
}

const weapons: Weapon[] = packSources("packs/weapons").map(({ file, doc }) => ({
  file,
  name: String(doc.name),
  system: doc.system as WeaponSystem,
}));

function byName(name: string): Weapon {
  const weapon = weapons.find((w) => w.name === name);
  if (weapon === undefined) throw new Error(`no ${name} in packs/weapons`);
  return weapon;
}

function propertiesOf(weapon: Weapon): WeaponProperty[] {
  return WEAPON_PROPERTIES.filter((p) => weapon.system.properties[p] === true);
}

describe("weapons pack: data the engine accepts", () => {
  it.each(weapons)("$file: passes the weapon model's check (the one the build runs)", ({ system }) => {
    expect(checkItemSource("weapon", system)).toEqual([]);
  });

  it.each(weapons)(
    "$file: is stored in the current shape: every field written, migration changes nothing",
    ({ system }) => {
      expect(Object.keys(system).sort()).toEqual([...Object.keys(ITEM_DEFAULTS.weapon), "description"].sort());
      expect(migrateItemSource("weapon", structuredClone(system))).toEqual(system);
    },
  );

  it.each(weapons)("$file: damage dice parse", ({ system }) => {
    expect(parseDamageDice(system.damage).ok).toBe(true);
  });

  it.each(weapons)("$file: has exactly the known properties, each true or false", ({ system }) => {
    expect(Object.keys(system.properties).sort()).toEqual([...WEAPON_PROPERTIES].sort());
    for (const value of Object.values(system.properties)) expect(typeof value).toBe("boolean");
  });

  it.each(weapons)("AP-1: $file: AP cost is null or a whole number above 0", ({ system }) => {
    if (system.apCost !== null) {
      expect(Number.isInteger(system.apCost)).toBe(true);
      expect(system.apCost).toBeGreaterThan(0);
    }
  });

  it.each(weapons)("$file: the engine computes its damage dice one-handed", (weapon) => {
    const dice = weaponDamageDice(
      { die: weapon.system.damage, properties: propertiesOf(weapon) },
      { twoHanded: false, chargeDelay: 0, primaryModifier: 1 },
    );
    expect(dice).toEqual({ ok: true, value: weapon.system.damage });
  });
});

describe("weapons pack: rules content", () => {
  it("CNT-16: Greataxe 1d12, Greatsword 2d6, Maul 2d6 and Greatbow 1d12 have the Great property", () => {
    const expected: Record<string, string> = { Greataxe: "1d12", Greatsword: "2d6", Maul: "2d6", Greatbow: "1d12" };
    for (const [name, die] of Object.entries(expected)) {
      const weapon = byName(name);
      expect(weapon.system.damage).toBe(die);
      expect(weapon.system.properties.great).toBe(true);
    }
  });

  it("CNT-16: the pack's Great weapons are the engine's table", () => {
    const great = weapons
      .filter((w) => w.system.properties.great === true)
      .map((w) => [w.name.toLowerCase(), w.system.damage]);
    expect(great.sort()).toEqual(GREAT_WEAPONS.map((g) => [g.id, g.die]).sort());
  });

  it("FEAT-VERSATILE: a Longsword (1d8) held in two hands rolls 1d10", () => {
    const longsword = byName("Longsword");
    const dice = weaponDamageDice(
      { die: longsword.system.damage, properties: propertiesOf(longsword) },
      { twoHanded: true, chargeDelay: 0, primaryModifier: 1 },
    );
    expect(dice).toEqual({ ok: true, value: "1d10" });
  });
});
