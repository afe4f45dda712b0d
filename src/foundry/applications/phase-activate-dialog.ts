/**
 * PHS-7 (issue 19): the phase tracker row's Activate Item (and the same control given from the token HUD
 * or another tracker) asks which item, then goes the sheet's way (chat/item-activation.ts): one Combat
 * write for the battle action, one charge used, a card posted, undo gives the charge back. Offered: the
 * creature's items that can be activated now (engine items/battle-use.ts: a gear item with a charge left or
 * with no charges at all, an Activate Item battle power), each with its charges. Refused before asking, with
 * the engine's reason, when the action cannot be taken now; refused with a reason when no item can be
 * activated. Nothing is written when refused or cancelled.
 */
import { chargesAfterActivation, itemBattleUse, type GearStats } from "../../engine/index.ts";
import { activateItemCommand } from "../../view/sheets/turn-uses.ts";
import { refusal } from "../../view/tracker/tracker-controls.ts";
import { activateSheetItem } from "../chat/item-activation.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { showNotice } from "../notice.ts";
import { sheetItemOf } from "./sheets/sheet-documents.ts";
import { askCombatant } from "./tracker-dialogs.ts";
import { trackerInputOf } from "./tracker-input.ts";

interface Activatable {
  readonly item: Item.Implementation;
  readonly gear: GearStats | null;
}

/** The actor's items that can be activated now, in sheet order (the ruling in items/battle-use.ts). */
function activatableItems(actor: Actor.Implementation | null): Activatable[] {
  const out: Activatable[] = [];
  for (const item of actor?.items ?? []) {
    const row = sheetItemOf(item);
    if (row === null || (row.type !== "gear" && row.type !== "power")) continue;
    if (itemBattleUse(row.type, row.type === "power" ? row.stats : null) !== "activateItem") continue;
    const gear = row.type === "gear" ? row.stats : null;
    if (chargesAfterActivation(gear).ok) out.push({ item, gear });
  }
  return out;
}

/** "Healing Potion (3 of 4 charges)", or the bare name for an item without charges. */
function choiceName({ item, gear }: Activatable): string {
  if (gear === null || gear.uses.max <= 0) return item.name;
  const data = { name: item.name, left: String(gear.uses.value), max: String(gear.uses.max) };
  return game.i18n.format("TEMPO.TRACKER.Activate.Choice", data);
}

/** Activate Item for `combatantId`: asks which item and activates it; false when refused or cancelled. */
export async function activateFromTracker(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<boolean> {
  const input = trackerInputOf(combat, game.user);
  if (input === null) return false;
  const why = refusal(input, activateItemCommand(combatantId));
  if (why !== null) {
    showNotice(why);
    return false;
  }
  const combatant = combat.combatants.get(combatantId);
  const items = activatableItems(combatant?.actor ?? null);
  if (items.length === 0) {
    showNotice({ key: "TEMPO.TRACKER.Activate.NoItem", data: { name: combatant?.name ?? "" } });
    return false;
  }
  const choices = items.map((c) => ({ id: c.item.id ?? "", name: choiceName(c) }));
  const chosen = await askCombatant("TEMPO.TRACKER.Activate.Title", "TEMPO.TRACKER.Activate.Which", choices, opener);
  const picked = items.find((c) => c.item.id === chosen);
  if (picked === undefined) return false;
  return activateSheetItem({ combat, combatantId }, picked.item, picked.gear);
}
