/**
 * The actor sheet's item and count buttons (issues 10/11), kept apart from the sheet class so they can be
 * driven through the doubles:
 * - an item row's Attack/Cast (`useItem`, item-rows.ts) opens the attack dialog for a weapon (issue 19,
 *   attack-with-dialog.ts), then runs the attack flow (attack-flow.ts `useItemDocument`): rolled at once on
 *   the user's targets in standard, phase and
 *   rotation; declared on the track, with the item recorded for its pending card, in count and segment;
 *   a phase movement power's Move with… chooses it for the creature's movement slot (PHS-5); a gear item's
 *   or an Activate Item battle power's Activate… spends the battle turn's action (PHS-7, engine
 *   items/battle-use.ts), as the tracker row's Activate Item does, using one of a gear item's charges and
 *   posting a card (chat/item-activation.ts);
 * - Declare… and React… (CNT-6, CNT-12) open the tracker's count forms (count-dialogs.ts) for the
 *   actor's combatant and give the answer through the combat's one entry point.
 */
import { itemBattleUse, type HostCommand } from "../../../engine/index.ts";
import { activateSheetItem } from "../../chat/item-activation.ts";
import { attackWithDialog } from "../../chat/attack-with-dialog.ts";
import { showNotice } from "../../notice.ts";
import type { TempoCombat } from "../../documents/combat.ts";
import { askCountReaction } from "../count-dialogs.ts";
import { declareOnCount } from "../../chat/count-declare-use.ts";
import { actorCombatOf } from "./sheet-commands.ts";
import { sheetItemOf } from "./sheet-documents.ts";
import { chooseMovementPower } from "../../canvas/move-choices.ts";
import { tempoModelOf } from "../../combat/tempo-model.ts";

interface SheetActor {
  readonly id: string | null;
  readonly name: string;
  readonly items: { get(id: string): Item.Implementation | undefined };
}

/**
 * Attack with (or cast) the actor's item `itemId`; false with a notice when refused (nothing written).
 * `sheet`: the sheet asking (issue 20: its dialogs open in its detached window on v14).
 */
export async function useSheetItem(actor: SheetActor, itemId: string, sheet: object | null = null): Promise<boolean> {
  const item = actor.items.get(itemId);
  if (item === undefined) {
    showNotice({ key: "TEMPO.SHEET.MacroNoItem", data: { uuid: itemId } });
    return false;
  }
  // PHS-5: a movement power is chosen for the creature's movement slot (canvas/move-choices.ts).
  const stats = (item.system as { stats?: { kind?: unknown } } | undefined)?.stats;
  if (item.type === "power" && stats?.kind === "movement") {
    const found = actorCombatOf(actor);
    if (found === null) {
      showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
      return false;
    }
    return chooseMovementPower(found.combat, found.combatantId, itemId);
  }
  // PHS-7: a gear item or an Activate Item battle power, used in a phase combat, is its battle action.
  const row = sheetItemOf(item);
  if (row !== null && (row.type === "gear" || row.type === "power")) {
    const found = actorCombatOf(actor);
    const activates = itemBattleUse(row.type, row.type === "power" ? row.stats : null) === "activateItem";
    if (found === null || tempoModelOf(found.combat)?.host.id !== "phase" || !activates) {
      showNotice({ key: "TEMPO.SHEET.NotActivated", data: { name: item.name } });
      return false;
    }
    // PHS-7: its charge used (refused when none is left) and a card posted (item-activation.ts).
    return activateSheetItem(found, item, row.type === "gear" ? row.stats : null);
  }
  // Issue 19: a weapon asks how to attack first (attack-with-dialog.ts); a spell is cast as before.
  return attackWithDialog(item, {}, sheet);
}

type Ask = (combat: TempoCombat, combatantId: string, opener: object | null) => Promise<HostCommand | null>;

async function askAndGive(actor: SheetActor, ask: Ask, sheet: object | null): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null) {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const command = await ask(found.combat, found.combatantId, sheet);
  if (command === null) return false;
  return (await found.combat.tempoCommand(command)).ok;
}

/** CNT-6: the sheet's Declare… for the actor's combatant (issue 19: with one of its items, or by hand). */
export function sheetCountDeclare(actor: SheetActor, sheet: object | null = null): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null) {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return Promise.resolve(false);
  }
  return declareOnCount(found.combat, found.combatantId, sheet);
}

/** CNT-12: the sheet's React… for the actor's combatant. */
export function sheetCountReact(actor: SheetActor, sheet: object | null = null): Promise<boolean> {
  return askAndGive(actor, askCountReaction, sheet);
}
