import type { I18nKey } from "../core/result.ts";

/** One row of the CNT-16 table: the weapons that have the *Great* property and their damage die. */
export interface GreatWeapon {
  readonly id: string;
  readonly label: I18nKey;
  readonly die: string;
}

/** CNT-16: greataxe 1d12, Greatsword 2d6, Maul 2d6, Greatbow 1d12 (a new weapon). */
export const GREAT_WEAPONS: readonly GreatWeapon[] = [
  { id: "greataxe", label: "TEMPO.DAMAGE.Weapon.Greataxe", die: "1d12" },
  { id: "greatsword", label: "TEMPO.DAMAGE.Weapon.Greatsword", die: "2d6" },
  { id: "maul", label: "TEMPO.DAMAGE.Weapon.Maul", die: "2d6" },
  { id: "greatbow", label: "TEMPO.DAMAGE.Weapon.Greatbow", die: "1d12" },
];

/** The CNT-16 row for a weapon id, or null when the weapon is not a Great weapon. */
export function greatWeapon(id: string): GreatWeapon | null {
  return GREAT_WEAPONS.find((weapon) => weapon.id === id) ?? null;
}
