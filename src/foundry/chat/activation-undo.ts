/**
 * PHS-7 (issue 19): the activation cards' record (item-activation.ts posts them): what a card says, and
 * what the active GM does when it writes an undo or a redo (write-step.ts). An undo of the step that took
 * Activate Item (engine `activationUndoMove`) gives the item its charge back and the card says it was
 * undone; a redo takes the charge again. Kept apart from the sheet's side so the step writer imports no
 * sheet code. Its sentences name the creature by id (named-lines.ts, read by the GMs and the creature's
 * owners by name), so neither its content nor its flags hold a hidden creature's name (issue 18).
 */
import { activationUndoMove, chargesAfterActivationMove, type AnyRulesetHost } from "../../engine/index.ts";
import { activationCardLines, type ActivationCardInput } from "../../view/chat/activation-card.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { namedLinesData } from "./named-lines.ts";

/** What an activation card keeps for undo and redo. */
export interface ActivationFlag extends ActivationCardInput {
  readonly combatId: string;
  readonly combatantId: string;
  readonly round: number;
  readonly itemId: string;
}

/**
 * The card's message data: its lines (view/chat/activation-card.ts) as named lines, its content as a
 * player reads them, and its record.
 */
export function activationMessageData(flag: ActivationFlag): { content: string; flags: Record<string, object> } {
  const { content, flags } = namedLinesData(activationCardLines(flag), true);
  return { content, flags: { [SYSTEM_ID]: { ...flags[SYSTEM_ID], activation: flag } } };
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
  // The engine says what the item holds after the move (battle-use.ts `chargesAfterActivationMove`).
  const value = chargesAfterActivationMove({ value: uses?.value, max: uses?.max }, move.move);
  if (flag.charges !== null && item !== undefined && value !== null)
    await item.update({ system: { uses: { value } } } as Item.UpdateData);
  const next: ActivationFlag = { ...flag, undone: refund };
  const { content, flags } = activationMessageData(next);
  await message.update({ content, [`flags.${SYSTEM_ID}`]: flags[SYSTEM_ID] } as never);
}
