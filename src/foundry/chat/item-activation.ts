/**
 * PHS-7 (issue 19): Activate Item of a gear item or an Activate Item battle power from the sheet, in a phase
 * combat (the engine's ruling: items/battle-use.ts). The charge is checked first: a gear item with every
 * charge used is refused with the engine's reason and nothing is written. Otherwise the battle action is
 * spent (the combat's one Combat write), the item keeps one charge fewer (an Item write, not a Combat one)
 * and a card says who activated what and the charges left (view/chat/activation-card.ts). The card carries
 * what undo needs (`flags.tempo.activation`): when the active GM writes an undo of that step (engine
 * `activationUndoMove`), the charge goes back to the item and the card says it was undone; a redo takes the
 * charge again. A hidden creature's card goes to the GMs only (issue 18: a card names its creature).
 */
import { activationUndoMove, chargesAfterActivation, type AnyRulesetHost, type GearStats } from "../../engine/index.ts";
import { activationCardLines, type ActivationCardInput } from "../../view/chat/activation-card.ts";
import { activateItemCommand } from "../../view/sheets/turn-uses.ts";
import { sendSheetCommand, type ActorCombat } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { localizeMessage } from "../localize.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** What an activation card keeps for undo and redo. */
interface ActivationFlag extends ActivationCardInput {
  readonly combatId: string;
  readonly combatantId: string;
  readonly round: number;
  readonly itemId: string;
}

interface ActivatedItem {
  readonly id: string | null;
  readonly name: string;
  update(data: object): Promise<unknown>;
}

function content(input: ActivationCardInput): string {
  const lines = activationCardLines(input).map((m) => `<p>${foundry.utils.escapeHTML(localizeMessage(m))}</p>`);
  return `<div class="tempo-activation-card">${lines.join("")}</div>`;
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
  const whisper = combatant?.hidden === true ? ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? "") : [];
  const speaker = ChatMessage.getSpeaker({ actor: combatant?.actor ?? undefined });
  const data = { content: content(flag), speaker, whisper, flags: { [SYSTEM_ID]: { activation: flag } } };
  await ChatMessage.create(data as ChatMessage.CreateData);
  return true;
}

function activationOf(message: ChatMessage.Implementation): ActivationFlag | null {
  const flags = (message as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  const flag = (flags as { activation?: unknown } | undefined)?.activation;
  return typeof flag === "object" && flag !== null && typeof (flag as ActivationFlag).itemId === "string"
    ? (flag as ActivationFlag)
    : null;
}

/**
 * After the active GM writes an undo or a redo (write-step.ts): the charge of an activation it takes back
 * goes back to the item (taken again on redo), and its card says so.
 */
export async function followActivationUndo(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
  events: readonly { readonly type: string }[],
): Promise<void> {
  if (host.id !== "phase") return;
  const move = activationUndoMove(before, after, events);
  if (move === null) return;
  const refund = move.move === "refund";
  const message = game.messages.contents.findLast((m) => {
    const flag = activationOf(m);
    return (
      flag !== null &&
      flag.combatId === combat.id &&
      flag.combatantId === move.combatantId &&
      flag.round === move.round &&
      flag.undone !== refund
    );
  });
  const flag = message === undefined ? null : activationOf(message);
  if (message === undefined || flag === null) return;
  const item = combat.combatants.get(move.combatantId)?.actor?.items.get(flag.itemId);
  const uses = (item?.system as { uses?: { value?: unknown; max?: unknown } } | undefined)?.uses;
  if (flag.charges !== null && item !== undefined && typeof uses?.value === "number" && typeof uses.max === "number") {
    const value = Math.min(uses.max, Math.max(0, uses.value + (refund ? 1 : -1)));
    await item.update({ system: { uses: { value } } } as Item.UpdateData);
  }
  const next: ActivationFlag = { ...flag, undone: refund };
  await message.update({ content: content(next), [`flags.${SYSTEM_ID}.activation`]: next } as never);
}
