/**
 * PHS-7 (issue 19): Activate Item of a gear item or an Activate Item battle power from the sheet, in a phase
 * combat (the engine's ruling: items/battle-use.ts). The charge is checked first: a gear item with every
 * charge used is refused with the engine's reason and nothing is written. Otherwise the battle action is
 * spent (the combat's one Combat write), the item keeps one charge fewer (an Item write, not a Combat one)
 * and a card says who activated what and the charges left (view/chat/activation-card.ts). The card carries
 * what undo needs (`flags.tempo.activation`): an undo of that step gives the charge back, a redo takes it
 * again (activation-undo.ts). A hidden creature's card goes to the GMs only (issue 18: a card names its creature).
 */
import { chargesAfterActivation, type GearStats } from "../../engine/index.ts";
import { activateItemCommand } from "../../view/sheets/turn-uses.ts";
import { activationAudience } from "../../view/chat/activation-card.ts";
import { sendSheetCommand, type ActorCombat } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { activationContent, type ActivationFlag } from "./activation-undo.ts";

interface ActivatedItem {
  readonly id: string | null;
  readonly name: string;
  update(data: object): Promise<unknown>;
}

/** Activate Item with `item` for the actor's combatant; false (the reason shown) when refused. */
export async function activateSheetItem(
  found: ActorCombat,
  item: ActivatedItem,
  gear: GearStats | null,
): Promise<boolean> {
  const charges = chargesAfterActivation(gear);
  if (!charges.ok) {
    showNotice({ key: charges.error.key, data: { ...charges.error.data, name: item.name } });
    return false;
  }
  const { combat, combatantId } = found;
  if (!(await sendSheetCommand(combat, activateItemCommand(combatantId)))) return false;
  const left = charges.value;
  if (left !== null) await item.update({ "system.uses.value": left });
  const model = tempoModelOf(combat);
  const combatant = combat.combatants.get(combatantId);
  const flag: ActivationFlag = {
    name: combatant?.name ?? "",
    item: item.name,
    charges: left === null || gear === null ? null : { left, max: gear.uses.max },
    undone: false,
    combatId: combat.id ?? "",
    combatantId,
    round: model?.state == null ? 0 : model.host.round(model.state),
    itemId: item.id ?? "",
  };
  const gmOnly = activationAudience(combatant?.hidden === true).gmOnly; // issue 18 (view/chat/activation-card.ts)
  const whisper = gmOnly ? ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? "") : [];
  const speaker = ChatMessage.getSpeaker({ actor: combatant?.actor ?? undefined });
  const data = { content: activationContent(flag), speaker, whisper, flags: { [SYSTEM_ID]: { activation: flag } } };
  await ChatMessage.create(data as ChatMessage.CreateData);
  return true;
}
