/**
 * PHS-12: the save an ActiveEffect calls for at the end phase, read from its flag
 * (`flags.tempo.endPhaseSave`, ITEM_USE_RULINGS.endPhaseSaveFlag): "ends", "sustains" or none.
 */
import { ITEM_USE_RULINGS, type EndPhaseSaveKind } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export function endPhaseSaveKindOf(effect: unknown): EndPhaseSaveKind | null {
  const flags: unknown = typeof effect === "object" && effect !== null ? Reflect.get(effect, "flags") : undefined;
  const own: unknown = typeof flags === "object" && flags !== null ? Reflect.get(flags, SYSTEM_ID) : undefined;
  const value: unknown =
    typeof own === "object" && own !== null ? Reflect.get(own, ITEM_USE_RULINGS.endPhaseSaveFlag) : undefined;
  return value === "ends" || value === "sustains" ? value : null;
}
