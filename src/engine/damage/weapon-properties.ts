/**
 * Weapon property names, checked the same way wherever the engine takes them: a count-track declaration
 * (CNT-7, FEAT-CHARGED) and a weapon snapshot for damage, cleave and charges (FEAT-CLEAVE,
 * FEAT-VERSATILE) all go through `parseWeaponProperties`; past it, rules read typed `WeaponProperty` lists.
 *
 * Case rule, one for the whole engine: a name is matched whatever its case and comes back in lower case,
 * as the item data stores it ("Heavy" and "HEAVY" are "heavy"). Each property may be named once: "heavy"
 * and "Heavy" in one list are the same property twice, and refused like any other duplicate.
 */
import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";

/**
 * Weapon properties that matter to damage and the count-track feats (seeds/000), and *Light*, which the
 * issue's item list names (no rule reads it yet: it adds no delay, CNT-7, and steps nothing).
 */
export type WeaponProperty = "heavy" | "great" | "thrown" | "versatile" | "reach" | "light";

/** CNT-7, FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE: the weapon properties the rules read. */
export const WEAPON_PROPERTIES: readonly WeaponProperty[] = ["heavy", "great", "thrown", "versatile", "reach", "light"];

function propertyNamed(name: unknown): WeaponProperty | null {
  if (typeof name !== "string") return null;
  const lower = name.toLowerCase();
  return WEAPON_PROPERTIES.find((p) => p === lower) ?? null;
}

/**
 * CNT-7, FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE: a list of property names as a sheet, an item or a
 * command gives them, checked: the properties in the order given, in lower case (see the case rule above).
 * Errors: `Weapon.InvalidProperties` when it is not a list; `Weapon.UnknownProperty` naming the first entry
 * that is not a weapon property; `Weapon.DuplicateProperty` naming the first one given twice.
 */
export function parseWeaponProperties(list: unknown): Result<readonly WeaponProperty[]> {
  if (!Array.isArray(list)) return err("TEMPO.ERRORS.Weapon.InvalidProperties", { value: shown(list) });
  const properties: WeaponProperty[] = [];
  for (const name of list) {
    const property = propertyNamed(name);
    if (property === null) return err("TEMPO.ERRORS.Weapon.UnknownProperty", { property: shown(name) });
    if (properties.includes(property)) return err("TEMPO.ERRORS.Weapon.DuplicateProperty", { property: shown(name) });
    properties.push(property);
  }
  return ok(properties);
}
