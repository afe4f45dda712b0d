/**
 * SEG-16: the weapons one attack routine rolls (engine `routineWeapons`, ruling there): every natural weapon
 * the creature carries when the routine's weapon is one (claw/claw/bite), else that weapon alone. Read by a
 * declared attack's Resolve (resolve-declared.ts) and a free or immediate attack, which "use a primary attack
 * routine" (segment-free-attack.ts).
 */
import { routineWeapons } from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";

/** The weapons of the routine `item` strikes with, in the order the creature carries them. */
export function routineItems(item: Item.Implementation): Item.Implementation[] {
  const weapons = (item.actor?.items.contents ?? []).flatMap((i) => {
    const row = sheetItemOf(i);
    return row?.type === "weapon" ? [{ item: i, group: row.stats.group }] : [];
  });
  const declared = weapons.find((w) => w.item.id === item.id);
  return declared === undefined ? [item] : routineWeapons(declared, weapons).map((w) => w.item);
}
