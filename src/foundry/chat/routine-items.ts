/**
 * SEG-16: the weapons one attack routine rolls (engine `routineWeapons`, rulings there): every natural weapon
 * the creature carries and every weapon whose stat block routine states its attacks (`system.routineAttacks`,
 * "Attacks in routine" on the weapon's sheet: a bow's two arrows, a sword beside a claw), each as often as
 * stated, when the routine's weapon is one of them; else that weapon alone. Read by a declared attack's
 * Resolve (resolve-declared.ts) and a free or immediate attack, which "use a primary attack routine"
 * (segment-free-attack.ts).
 */
import { routineWeapons } from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";

/** The weapons of the routine `item` strikes with, in the order the creature carries them (repeated as stated). */
export function routineItems(item: Item.Implementation): Item.Implementation[] {
  const weapons = (item.actor?.items.contents ?? []).flatMap((i) => {
    const row = sheetItemOf(i);
    return row?.type === "weapon"
      ? [{ item: i, group: row.stats.group, routineAttacks: row.stats.routineAttacks }]
      : [];
  });
  const declared = weapons.find((w) => w.item.id === item.id);
  return declared === undefined ? [item] : routineWeapons(declared, weapons).map((w) => w.item);
}
