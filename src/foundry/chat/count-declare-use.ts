/**
 * Issue 19 item 2: Declare… on a count row (the tracker, the sheet, the token HUD, a tracker module's icon)
 * declares with one of the creature's weapons or spells as the sheet's Attack does: the attack dialog
 * (attack-with-dialog.ts) asks for the attacks, a charge, the hands …, and the declaration records the item,
 * those choices and the target (declared-uses.ts), so its pending card rolls them when its count arrives.
 * An action declared by hand (CNT-6: another action with a known delay; an attack or spell of a creature
 * with no such item) is given as the form's `declare` command, as before.
 */
import { askCountDeclaration } from "../applications/count-dialogs.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { attackWithDialog } from "./attack-with-dialog.ts";

/** Asks what the creature declares and declares it; false when cancelled or refused (with its reason). */
export async function declareOnCount(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<boolean> {
  const declared = await askCountDeclaration(combat, combatantId, opener);
  if (declared === null) return false;
  if (declared.kind === "command") return (await combat.tempoCommand(declared.command)).ok;
  return attackWithDialog(declared.item, declared.target === null ? {} : { targets: [declared.target] }, opener);
}
