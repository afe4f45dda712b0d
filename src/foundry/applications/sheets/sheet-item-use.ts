/**
 * The actor sheet's item and count buttons (issues 10/11), kept apart from the sheet class so they can be
 * driven through the doubles:
 * - an item row's Attack/Cast (`useItem`, item-rows.ts) runs the attack flow exactly as the hotbar macro
 *   does (attack-flow.ts `useItemDocument`): rolled at once on the user's targets in standard, phase and
 *   rotation; declared on the track, with the item recorded for its pending card, in count and segment;
 * - Declare… and React… (CNT-6, CNT-12) open the tracker's count forms (count-dialogs.ts) for the
 *   actor's combatant and give the answer through the combat's one entry point.
 */
import type { HostCommand } from "../../../engine/index.ts";
import { useItemDocument } from "../../chat/attack-flow.ts";
import { showNotice } from "../../notice.ts";
import type { TempoCombat } from "../../documents/combat.ts";
import { askCountDeclaration, askCountReaction } from "../count-dialogs.ts";
import { actorCombatOf } from "./sheet-commands.ts";

interface SheetActor {
  readonly id: string | null;
  readonly name: string;
  readonly items: { get(id: string): Item.Implementation | undefined };
}

/** Attack with (or cast) the actor's item `itemId`; false with a notice when refused (nothing written). */
export async function useSheetItem(actor: SheetActor, itemId: string): Promise<boolean> {
  const item = actor.items.get(itemId);
  if (item === undefined) {
    showNotice({ key: "TEMPO.SHEET.MacroNoItem", data: { uuid: itemId } });
    return false;
  }
  return useItemDocument(item);
}

type Ask = (combat: TempoCombat, combatantId: string) => Promise<HostCommand | null>;

async function askAndGive(actor: SheetActor, ask: Ask): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null) {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const command = await ask(found.combat, found.combatantId);
  if (command === null) return false;
  return (await found.combat.tempoCommand(command)).ok;
}

/** CNT-6: the sheet's Declare… for the actor's combatant. */
export function sheetCountDeclare(actor: SheetActor): Promise<boolean> {
  return askAndGive(actor, askCountDeclaration);
}

/** CNT-12: the sheet's React… for the actor's combatant. */
export function sheetCountReact(actor: SheetActor): Promise<boolean> {
  return askAndGive(actor, askCountReaction);
}
