/**
 * PHS-7 (issue 19): Activate Item of a gear item or an Activate Item battle power from the sheet, in a phase
 * combat (the engine's ruling: items/battle-use.ts). The charge is checked first: a gear item with every
 * charge used is refused with the engine's reason and nothing is written. Otherwise the battle action is
 * spent (the combat's one Combat write), the item keeps one charge fewer (an Item write, not a Combat one)
 * and a card says who activated what and the charges left (view/chat/activation-card.ts). The card carries
 * what undo needs (`flags.tempo.activation`): an undo of that step gives the charge back, a redo takes it
 * again (activation-undo.ts). Issue 18: a hidden creature's card (its combatant hidden, or hidden for cards as
 * chat/hidden-creature-ref.ts tells it) goes to the GMs only, speaks as its combat, and names the creature by
 * its combatant's or token's id (activation-undo.ts, named-lines.ts): a whispered message still reaches
 * every client (foundryvtt #14429, cited in hidden-targets.ts), so no name, actor or token is written in it.
 * The GM's page reads the name, as does the page of an owner who posted it (its author sees its own card).
 */
import { chargesAfterActivation, type GearStats } from "../../engine/index.ts";
import { activateItemCommand } from "../../view/sheets/turn-uses.ts";
import { activationAudience } from "../../view/chat/activation-card.ts";
import { sendSheetCommand, type ActorCombat } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { showNotice } from "../notice.ts";
import { activationMessageData, type ActivationFlag } from "./activation-undo.ts";
import { hiddenCardRefOf } from "./hidden-creature-ref.ts";
import { aliasSpeaker } from "./alias-speaker.ts";

interface ActivatedItem {
  readonly id: string | null;
  readonly name: string;
  update(data: object): Promise<unknown>;
}

/** How the card names the activating creature (`id`) and whether it is hidden from players. */
function activatorOf(combatant: Combatant.Implementation | undefined, combatantId: string) {
  const actor = combatant?.actor ?? null;
  const ref = actor === null ? null : hiddenCardRefOf(actor);
  return ref !== null ? { id: ref, hidden: true } : { id: combatantId, hidden: combatant?.hidden === true };
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
  const activator = activatorOf(combatant, combatantId);
  const flag: ActivationFlag = {
    id: activator.id,
    item: item.name,
    charges: left === null || gear === null ? null : { left, max: gear.uses.max },
    undone: false,
    combatId: combat.id ?? "",
    combatantId,
    round: model?.state == null ? 0 : model.host.round(model.state),
    itemId: item.id ?? "",
  };
  const gmOnly = activationAudience(activator.hidden).gmOnly; // issue 18 (view/chat/activation-card.ts)
  const whisper = gmOnly ? ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? "") : [];
  const alias = combat.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary");
  const speaker = gmOnly ? aliasSpeaker(alias) : ChatMessage.getSpeaker({ actor: combatant?.actor ?? undefined });
  await ChatMessage.create({ ...activationMessageData(flag), speaker, whisper } as ChatMessage.CreateData);
  return true;
}
