/**
 * Weapon property names are checked the same way at every entry point that takes them (one validator,
 * parseWeaponProperties): any case, each property once, unknown names refused with the name.
 */
import { describe, expect, it } from "vitest";
import { unwrap, type Result } from "../../../src/engine/core/result.ts";
import { resolveCleave } from "../../../src/engine/damage/cleave.ts";
import { effectiveProperties, weaponDamageDice } from "../../../src/engine/damage/weapon-features.ts";
import { parseWeaponProperties, WEAPON_PROPERTIES } from "../../../src/engine/damage/weapon-properties.ts";
import { countScheduler, createCountState, type CountState } from "../../../src/engine/initiative/count/index.ts";

/** A count track in round 1 with the fighter's turn under way (fighter on 4, orc on 10). */
function fighterActing(): CountState {
  const created = unwrap(
    createCountState([
      { id: "fighter", bonus: 0, isPlayer: true, defeated: false },
      { id: "orc", bonus: 0, isPlayer: false, defeated: false },
    ]),
  );
  const started = unwrap(countScheduler.apply(created, { type: "start" }));
  const totals = [4, 10];
  const results = started.requests.map((r, i) => ({ requestId: r.id, total: totals[i] ?? 1 }));
  return unwrap(countScheduler.apply(started.state, { type: "rolls", results })).state;
}

/** Every engine entry point that takes weapon property names, each given a list that can succeed. */
const ENTRY_POINTS: readonly { readonly name: string; readonly take: (names: readonly string[]) => Result<unknown> }[] =
  [
    { name: "parseWeaponProperties", take: (names) => parseWeaponProperties(names) },
    {
      name: "CNT-7: a count declaration's weapon attacks",
      take: (names) =>
        countScheduler.apply(fighterActing(), {
          type: "declare",
          combatantId: "fighter",
          action: { kind: "attack", properties: names, targets: ["orc", "orc"] },
        }),
    },
    {
      name: "FEAT-CHARGED: a count declaration's charged attack",
      take: (names) =>
        countScheduler.apply(fighterActing(), {
          type: "declare",
          combatantId: "fighter",
          action: { kind: "charged", properties: names, modifier: 4, target: "orc" },
        }),
    },
    {
      name: "FEAT-VERSATILE: the properties in effect for a grip",
      take: (names) => effectiveProperties({ die: "1d8", properties: names }, true),
    },
    {
      name: "CNT-15, FEAT-CHARGED: a weapon attack's damage dice",
      take: (names) =>
        weaponDamageDice({ die: "2d6", properties: names }, { twoHanded: true, chargeDelay: 4, primaryModifier: 4 }),
    },
    {
      name: "FEAT-CLEAVE: a cleave",
      take: (names) =>
        resolveCleave({ die: "2d6", properties: names }, false, { total: 15, natural: 12, damage: 7 }, [
          { id: "orc", defense: 13 },
          { id: "goblin", defense: 16 },
        ]),
    },
  ];

describe("weapon property names, one check at every entry point", () => {
  it("CNT-7, FEAT-CLEAVE: the names are checked once, in any case, and come back in lower case in the order given", () => {
    expect(parseWeaponProperties(["Heavy", "REACH", "versatile"])).toEqual({
      ok: true,
      value: ["heavy", "reach", "versatile"],
    });
    expect(parseWeaponProperties([])).toEqual({ ok: true, value: [] });
    expect(unwrap(parseWeaponProperties(WEAPON_PROPERTIES.map((p) => p.toUpperCase())))).toEqual(WEAPON_PROPERTIES);
  });

  it("CNT-7, FEAT-CLEAVE: anything but a list of names is refused", () => {
    expect(parseWeaponProperties("heavy")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Weapon.InvalidProperties", data: { value: "heavy" } },
    });
    expect(parseWeaponProperties(["heavy", 3])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Weapon.UnknownProperty", data: { property: "3" } },
    });
  });

  it.each(ENTRY_POINTS)("$name: an unknown property is refused, naming it", ({ take }) => {
    expect(take(["heavy", "finesse"])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Weapon.UnknownProperty", data: { property: "finesse" } },
    });
  });

  it.each(ENTRY_POINTS)("$name: a property named twice, in any case, is refused", ({ take }) => {
    expect(take(["heavy", "great", "Heavy"])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Weapon.DuplicateProperty", data: { property: "Heavy" } },
    });
    expect(take(["great", "great"])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Weapon.DuplicateProperty", data: { property: "great" } },
    });
  });

  it.each(ENTRY_POINTS)("$name: mixed case means the same as lower case", ({ take }) => {
    const lower = take(["heavy", "versatile"]);
    expect(lower.ok).toBe(true);
    expect(take(["Heavy", "VERSATILE"])).toEqual(lower);
  });
});
