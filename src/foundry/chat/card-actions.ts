/**
 * The card buttons (`data-tempo-card-action`), run for the clicking user:
 * - `apply`, `undo` (damage): the engine's damage pipeline on the targeted tokens, and its exact undo
 *   (apply-damage.ts, which asks the active GM for creatures the user may not write);
 * - `roll` (save): the owner or the GM rolls the save's formula with a real Roll and the card is
 *   updated once with the total and the roll (its outcome is the engine's, drawn from the total);
 *   then what the save decides is written (save-outcome-writes.ts: an effect ends, concentration is
 *   lost, a death save is tallied), by the same client that writes the card;
 * - `resolve` (pending): the owner or the GM sends the card's host command through the combat's one
 *   entry point (`tempoCommand`, which relays a player's command to the GM), rolls the item declared
 *   with it when one was recorded (resolve-declared.ts), and marks it resolved;
 * - `openRow`: scrolls to the tracker row of the card's entry and highlights it (card-row.ts).
 * A message's author or a GM may update it (core's permission); anyone else's change goes to the
 * active GM as a request on the system socket, which checks the sender's ownership again before writing.
 */
import type { HostCommand, Message } from "../../engine/index.ts";
import { CARD_ACTIONS, type CardAction } from "../../view/chat/card-common.ts";
import { showNotice } from "../notice.ts";
import { askActiveGm } from "../socket/socket-channel.ts";
import { cardModelOf, type TempoCardModel } from "../data/chat/chat-card-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { runDamageAction } from "./apply-damage.ts";
import { userOwnsCard } from "./card-viewer.ts";
import { rollDeclaredUse } from "./resolve-declared.ts";
import { planCardFields, planSaveOutcome, writeSavePlan, type SavePlan } from "./save-outcome-writes.ts";

/** What a card change writes: a save's total and roll, or a pending card marked resolved. */
export type CardChange =
  { readonly kind: "saveRolled"; readonly total: number; readonly roll: object } | { readonly kind: "resolved" };

export interface CardQuery {
  readonly messageId: string;
  readonly change: CardChange;
}

type Refusal = Message | null;

function nameOf(model: TempoCardModel): string {
  const name = (model.input as { name?: unknown }).name;
  return typeof name === "string" ? name : "?";
}

/** Checks a change against the card as it is now (the same check for the author and for the GM's query). */
function checkChange(model: TempoCardModel, change: CardChange, user: User.Implementation): Refusal {
  if (!userOwnsCard(model, user)) return { key: "TEMPO.CHAT.Errors.NotOwner", data: { name: nameOf(model) } };
  const input = model.input as { total?: unknown; resolved?: unknown };
  if (change.kind === "saveRolled")
    return input.total === null || input.total === undefined ? null : { key: "TEMPO.CHAT.Save.AlreadyRolled" };
  return input.resolved === true ? { key: "TEMPO.CHAT.Pending.AlreadyResolved" } : null;
}

/** The one update a change makes to the card message. */
function updateOf(message: ChatMessage.Implementation, change: CardChange, plan: SavePlan): Record<string, unknown> {
  if (change.kind === "resolved") return { "system.input.resolved": true };
  const rolls = [...message.rolls.map((r) => JSON.stringify(r)), JSON.stringify(change.roll)];
  return { "system.input.total": change.total, rolls, ...planCardFields(plan) };
}

/** Plans what a save decides, writes the card, then the plan: a refused plan writes nothing. */
async function commitChange(
  message: ChatMessage.Implementation,
  model: TempoCardModel,
  change: CardChange,
): Promise<Refusal> {
  const planned: { ok: true; value: SavePlan } | { ok: false; error: Message } =
    change.kind === "saveRolled" ? planSaveOutcome(model, change.total) : { ok: true, value: { kind: "none" } };
  if (!planned.ok) return planned.error;
  await message.update(updateOf(message, change, planned.value));
  return writeSavePlan(planned.value);
}

/** Writes a checked change: here when this user may update the message, else through the active GM. */
async function writeChange(message: ChatMessage.Implementation, change: CardChange): Promise<Refusal> {
  const model = cardModelOf(message);
  if (model === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: change.kind } };
  const refused = checkChange(model, change, game.user);
  if (refused !== null) return refused;
  if (message.canUserModify(game.user, "update")) return commitChange(message, model, change);
  const answer = await askActiveGm("card", { messageId: message.id ?? "", change });
  return answer.ok ? null : answer.error;
}

/** The GM side of a card request: the asking user must own the card's creature; the change is checked again. */
export async function answerCardQuery(data: CardQuery, user: User.Implementation): Promise<Refusal> {
  if (!game.user.isGM) return { key: "TEMPO.ERRORS.Access.NotGm" };
  const message = game.messages.get(typeof data?.messageId === "string" ? data.messageId : "");
  const model = cardModelOf(message);
  if (message === undefined || model === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: "?" } };
  const change = data.change;
  const valid =
    change?.kind === "resolved" ||
    (change?.kind === "saveRolled" && Number.isInteger(change.total) && typeof change.roll === "object");
  if (!valid) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: String(change?.kind) } };
  const refused = checkChange(model, change, user);
  if (refused !== null) return refused;
  return commitChange(message, model, change);
}

async function rollSave(message: ChatMessage.Implementation, model: TempoCardModel): Promise<Refusal> {
  const refused = checkChange(model, { kind: "saveRolled", total: 0, roll: {} }, game.user);
  if (refused !== null) return refused;
  const formula = (model.input as { formula?: unknown }).formula;
  const roll = new Roll(typeof formula === "string" ? formula : "2d6");
  await roll.evaluate();
  return writeChange(message, { kind: "saveRolled", total: roll.total ?? 0, roll: roll.toJSON() });
}

async function resolvePending(message: ChatMessage.Implementation, model: TempoCardModel): Promise<Refusal> {
  const refused = checkChange(model, { kind: "resolved" }, game.user);
  if (refused !== null) return refused;
  const command = model.command as HostCommand | null;
  if (command !== null && model.combatId !== null) {
    const combat = game.combats.get(model.combatId);
    if (!(combat instanceof TempoCombat)) return { key: "TEMPO.ERRORS.Host.NotTempo" };
    const sent = await combat.tempoCommand(command);
    // A refused command was shown to the user by giveCommand; the card stays unresolved.
    if (!sent.ok) return null;
  }
  // Issue 11: an item declared from the sheet or a macro rolls now (resolve-declared.ts); refused, the card stays.
  const rolled = await rollDeclaredUse(model);
  if (rolled === "refused") return null;
  if (rolled !== "none" && rolled !== "rolled") return rolled;
  return writeChange(message, { kind: "resolved" });
}

export function isCardAction(action: unknown): action is CardAction {
  return typeof action === "string" && (CARD_ACTIONS as readonly string[]).includes(action);
}

/**
 * Runs one button of a card message for this user; a refusal is shown as a notice and nothing is
 * written. `openRow` is the DOM's (card-row.ts) and handled by the click binding.
 */
export async function runCardAction(message: ChatMessage.Implementation, action: string): Promise<Refusal> {
  const model = cardModelOf(message);
  let refusal: Refusal;
  if (model === null || !isCardAction(action) || action === "openRow")
    refusal = { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action } };
  else if (action === "apply" || action === "undo") refusal = await runDamageAction(message, action);
  else if (action === "roll") refusal = await rollSave(message, model);
  else refusal = await resolvePending(message, model);
  if (refusal !== null) showNotice(refusal);
  return refusal;
}
