import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleaveSquares,
  FACINGS,
  resolveCleave,
  weaponReachFeet,
  type CleaveRoll,
  type CleaveTarget,
  type Facing,
} from "../../../src/engine/damage/cleave.ts";
import {
  propertiesFromFlags,
  weaponDamageDice,
  type WeaponSnapshot,
  type WeaponUse,
} from "../../../src/engine/damage/weapon-features.ts";
import { parseWeaponProperties } from "../../../src/engine/damage/weapon-properties.ts";
import { unwrap } from "../../../src/engine/core/result.ts";
import { snapshot } from "./builders.ts";

const maul: WeaponSnapshot = { die: "2d6", properties: ["heavy", "great"] };
const longsword: WeaponSnapshot = { die: "1d8", properties: ["versatile"] };

function squares(size: "medium" | "large", facing: Facing, reach: number): string[] {
  const r = cleaveSquares(size, facing, reach);
  if (!r.ok) throw new Error(r.error.key);
  return r.value.map((s) => `${s.x},${s.y}`);
}

describe("cleave cone", () => {
  it("FEAT-CLEAVE: a Medium creature's 5 ft cone is the 3 squares in front of it", () => {
    expect(squares("medium", "n", 5)).toEqual(["-1,-1", "0,-1", "1,-1"]);
    expect(squares("medium", "e", 5)).toEqual(["1,-1", "1,0", "1,1"]);
  });

  it("FEAT-CLEAVE: facing a corner, the 3 squares wrap around that corner", () => {
    expect(squares("medium", "ne", 5)).toEqual(["0,-1", "1,-1", "1,0"]);
  });

  it("FEAT-CLEAVE: a Reach weapon covers the 3 squares within 5 ft and the 5 squares at 10 ft", () => {
    expect(squares("medium", "n", 10)).toEqual(["-2,-2", "-1,-2", "0,-2", "1,-2", "2,-2", "-1,-1", "0,-1", "1,-1"]);
    expect(squares("medium", "ne", 10)).toEqual(["0,-2", "1,-2", "2,-2", "0,-1", "1,-1", "2,-1", "1,0", "2,0"]);
  });

  it("FEAT-CLEAVE: a Large creature's 5 ft cone is 5 squares around the corner it faces", () => {
    expect(squares("large", "ne", 5)).toEqual(["0,-1", "1,-1", "2,-1", "2,0", "2,1"]);
    expect(squares("large", "sw", 5)).toHaveLength(5);
  });

  it("FEAT-CLEAVE: facing a side, a Large creature's cone is its 4-square front row (ruling: 5 cannot be centred on 2 squares)", () => {
    expect(squares("large", "n", 5)).toEqual(["-1,-1", "0,-1", "1,-1", "2,-1"]);
  });

  it("FEAT-CLEAVE: every facing gives a Medium creature 3 squares at 5 ft and 3 + 5 with reach, all outside its square", () => {
    for (const facing of FACINGS) {
      expect(squares("medium", facing, 5)).toHaveLength(3);
      const reach = squares("medium", facing, 10);
      expect(new Set(reach).size).toBe(8);
      expect(reach).not.toContain("0,0");
    }
  });

  it("FEAT-CLEAVE: turning a quarter turn turns the cone with it (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FACINGS), fc.constantFrom(5, 10, 15), (facing, reach) => {
        const turned = FACINGS[(FACINGS.indexOf(facing) + 2) % 8] ?? "n";
        // About a 1×1 footprint a clockwise quarter turn maps (x, y) to (−y, x) (y grows downwards).
        const expected = squares("medium", facing, reach)
          .map((s) => s.split(",").map(Number))
          .map(([x, y]) => `${-(y ?? 0) + 0},${x}`)
          .sort();
        expect([...squares("medium", turned, reach)].sort()).toEqual(expected);
      }),
    );
  });

  it("FEAT-CLEAVE: the cone is as long as the weapon's reach: a glaive (Heavy, Reach) cleaves 10 ft, a maul 5 ft", () => {
    const glaive = propertiesFromFlags({ heavy: true, thrown: false, great: false, reach: true, versatile: false });
    expect(glaive).toEqual(["heavy", "reach"]);
    expect(weaponReachFeet(glaive)).toBe(10);
    expect(weaponReachFeet(unwrap(parseWeaponProperties(maul.properties)))).toBe(5);
  });

  it("FEAT-CLEAVE: bad facing, size or reach are typed errors", () => {
    expect(cleaveSquares("medium", "up" as Facing, 5)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidFacing", data: { facing: "up" } },
    });
    expect(cleaveSquares("colossal" as "medium", "n", 5)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidSize", data: { size: "colossal" } },
    });
    expect(cleaveSquares("medium", "n", 7)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidReach", data: { reach: "7" } },
    });
  });
});

describe("cleave resolution", () => {
  const targets: CleaveTarget[] = [
    { id: "goblin", defense: 12 },
    { id: "orc", defense: 15 },
    { id: "ogre", defense: 16 },
  ];

  it("FEAT-CLEAVE: one d20 against every target, one damage roll applied to every target hit", () => {
    const roll: CleaveRoll = { total: 15, natural: 12, damage: 9 };
    expect(resolveCleave(maul, true, roll, targets)).toEqual({
      ok: true,
      value: [
        { id: "goblin", hit: true, damage: 9 },
        { id: "orc", hit: true, damage: 9 },
        { id: "ogre", hit: false, damage: 0 },
      ],
    });
  });

  it("FEAT-CLEAVE: a natural 20 hits everyone in the cone, a natural 1 misses everyone", () => {
    const all20 = resolveCleave(maul, true, { total: 3, natural: 20, damage: 7 }, targets);
    expect(all20.ok && all20.value.every((r) => r.hit && r.damage === 7)).toBe(true);
    const all1 = resolveCleave(maul, true, { total: 30, natural: 1, damage: 7 }, targets);
    expect(all1.ok && all1.value.every((r) => !r.hit && r.damage === 0)).toBe(true);
  });

  it("FEAT-CLEAVE with FEAT-VERSATILE: a Versatile weapon can cleave only in two hands", () => {
    const roll: CleaveRoll = { total: 15, natural: null, damage: 5 };
    expect(resolveCleave(longsword, true, roll, targets).ok).toBe(true);
    expect(resolveCleave(longsword, false, roll, targets)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.CannotCleave" },
    });
  });

  it("FEAT-CLEAVE: duplicate targets and bad rolls are typed errors and leave the input untouched", () => {
    const dup = [...targets, { id: "orc", defense: 3 }];
    const before = snapshot(dup);
    expect(resolveCleave(maul, true, { total: 15, natural: 12, damage: 9 }, dup)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.DuplicateTarget", data: { id: "orc" } },
    });
    expect(dup).toEqual(before);
    expect(resolveCleave(maul, true, { total: 15, natural: 21, damage: 9 }, targets).ok).toBe(false);
    expect(resolveCleave(maul, true, { total: 15, natural: 12, damage: -1 }, targets).ok).toBe(false);
    expect(
      resolveCleave(maul, true, { total: 15, natural: 12, damage: 9 }, [{ id: "wisp", defense: Number.NaN }]),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidDefense", data: { id: "wisp", defense: "NaN" } },
    });
  });
});

describe("cleave and weapon input fuzzing", () => {
  it("FEAT-CLEAVE, FEAT-CHARGED: whatever the weapon, grip, roll and targets hold, the answer is a Result, never a throw (property)", () => {
    const arbWeapon = fc.oneof(
      fc.constant(maul),
      fc.constant(longsword),
      fc.record({ die: fc.anything(), properties: fc.anything() }),
      fc.anything(),
    );
    const arbRoll = fc.oneof(
      fc.record({
        total: fc.double(),
        natural: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 22 })),
        damage: fc.integer({ min: -2, max: 9 }),
      }),
      fc.anything(),
    );
    const arbTargets = fc.oneof(
      fc.array(fc.oneof(fc.record({ id: fc.string(), defense: fc.double() }), fc.anything()), { maxLength: 3 }),
      fc.anything(),
    );
    const arbUse = fc.oneof(
      fc.record({
        twoHanded: fc.boolean(),
        chargeDelay: fc.integer({ min: -1, max: 9 }),
        primaryModifier: fc.integer({ min: -2, max: 9 }),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(arbWeapon, fc.boolean(), arbRoll, arbTargets, arbUse, (weapon, twoHanded, roll, list, use) => {
        const cleave = resolveCleave(weapon as WeaponSnapshot, twoHanded, roll as CleaveRoll, list as CleaveTarget[]);
        if (!cleave.ok) expect(cleave.error.key).toMatch(/^TEMPO\.ERRORS\.(Damage|Weapon)\./);
        const dice = weaponDamageDice(weapon as WeaponSnapshot, use as WeaponUse);
        if (!dice.ok) expect(dice.error.key).toMatch(/^TEMPO\.ERRORS\.(Damage|Dice|Weapon)\./);
      }),
    );
  });
});
