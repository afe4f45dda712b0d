/**
 * SEG-16: the weapons one attack routine rolls (engine `routineWeapons`, rulings there): every natural weapon
 * the creature carries and every weapon whose stat block routine states its attacks (`flags.tempo.routineAttacks`:
 * a bow's two arrows, a sword beside a claw), each as often as stated, when the routine's weapon is one of
 * them; else that weapon alone. Read by a declared attack's Resolve (resolve-declared.ts) and a free or
 * immediate attack, which "use a primary attack routine" (segment-free-attack.ts).
 */
import { routineWeapons } from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The item flag a stat block's routine states a weapon's attacks in (engine ruling, SEG-16). */
export const ROUTINE_ATTACKS_FLAG = "routineAttacks";

function routineAttacksOf(item: Item.Implementation): number | null {
  const flags = (item as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  const value = typeof flags === "object" && flags !== null ? Reflect.get(flags, ROUTINE_ATTACKS_FLAG) : undefined;
  return typeof value === "number" ? value : null;
}

/** The weapons of the routine `item` strikes with, in the order the creature carries them (repeated as stated). */
export function routineItems(item: Item.Implementation): Item.Implementation[] {
  const weapons = (item.actor?.items.contents ?? []).flatMap((i) => {
    const row = sheetItemOf(i);
    return row?.type === "weapon" ? [{ item: i, group: row.stats.group, routineAttacks: routineAttacksOf(i) }] : [];
  });
  const declared = weapons.find((w) => w.item.id === item.id);
  return declared === undefined ? [item] : routineWeapons(declared, weapons).map((w) => w.item);
}
