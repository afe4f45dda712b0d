/**
 * The card buttons (`data-tempo-card-action`), run for the clicking user:
 * - `apply`, `undo` (damage): the engine's damage pipeline on the targeted tokens, and its exact undo
 *   (apply-damage.ts, which asks the active GM for creatures the user may not write);
 * - `roll` (save): the owner or the GM rolls the rules' save formula with a real Roll and the card is
 *   updated once with the roll and its total; then what the save decides is written
 *   (save-outcome-writes.ts: an effect ends, concentration is lost, a death save is tallied), by the
 *   same client that writes the card. Issue 18: the client that writes reads the total off the roll's
 *   dice, checked against the rules' save for the card's kind (engine checkedSaveRoll: formula, dice,
 *   target; an end-phase or death save only on a GM's card; a spell's save against the save its spell
 *   and target call for now, spell-saves.ts); no posted total is read;
 * - `resolve` (pending): the owner or the GM sends the card's host command through the combat's one
 *   entry point (`tempoCommand`, which relays a player's command to the GM), rolls the item declared
 *   with it when one was recorded (resolve-declared.ts), and marks it resolved. Issue 18: the command
 *   of a card a player wrote runs only when that player may give it (command-permission.ts, the
 *   socket's check), whoever clicks;
 * - `openRow`: scrolls to the tracker row of the card's entry and highlights it (card-row.ts).
 * A message's author or a GM may update it (core's permission); anyone else's change goes to the
 * active GM as a request on the system socket, which checks the sender's ownership again before writing.
 */
import { checkedSaveRoll, rulesSave, type CheckedSave, type HostCommand, type Message } from "../../engine/index.ts";
import { CARD_ACTIONS, type CardAction } from "../../view/chat/card-common.ts";
import { showNotice } from "../notice.ts";
import { askActiveGm } from "../socket/socket-channel.ts";
import { cardModelOf, type TempoCardModel } from "../data/chat/chat-card-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { commandAccessFor } from "../combat/command-permission.ts";
import { runDamageAction } from "./apply-damage.ts";
import { userOwnsCard } from "./card-viewer.ts";
import { declaredUseKeptElsewhere, rollDeclaredUse } from "./resolve-declared.ts";
import { opportunityTargetOf, rollOpportunityAttack } from "./opportunity-roll.ts";
import { recordedRollOf } from "./recorded-rolls.ts";
import { checkedSpellSave, spellSaveOfCard } from "./spell-saves.ts";
import { isSealedSaveCard, keepSealedSave, sealedSaveRolled } from "./sealed-saves.ts";
import {
  endConcentrationOnFailedSave,
  planCardFields,
  planSaveOutcome,
  writeSavePlan,
  type SavePlan,
} from "./save-outcome-writes.ts";

/** What a card change writes: a save's roll (its total is read off its dice), or a pending card marked resolved. */
export type CardChange = { readonly kind: "saveRolled"; readonly roll: object } | { readonly kind: "resolved" };

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
  const unrolled = (input.total === null || input.total === undefined) && !sealedSaveRolled(input);
  if (change.kind === "saveRolled") return unrolled ? null : { key: "TEMPO.CHAT.Save.AlreadyRolled" };
  return input.resolved === true ? { key: "TEMPO.CHAT.Pending.AlreadyResolved" } : null;
}

/** The save card's one update: the roll, its checked total, the rules' numbers where the card differs. */
function saveUpdate(
  message: ChatMessage.Implementation,
  roll: object,
  save: CheckedSave,
  plan: SavePlan,
): Record<string, unknown> {
  const input = cardModelOf(message)?.input as { formula?: unknown; target?: unknown } | undefined;
  const rolls = [...message.rolls.map((r) => JSON.stringify(r)), JSON.stringify(roll)];
  return {
    "system.input.total": save.total,
    ...(input?.formula === save.formula ? {} : { "system.input.formula": save.formula }),
    ...(input?.target === save.target ? {} : { "system.input.target": save.target }),
    rolls,
    ...planCardFields(plan),
  };
}

function authorIsGm(message: ChatMessage.Implementation): boolean {
  return message.author?.isGM ?? false;
}

/** Checks the save's roll, plans what it decides, writes the card, then the plan: a refusal writes nothing. */
async function commitChange(
  message: ChatMessage.Implementation,
  model: TempoCardModel,
  change: CardChange,
): Promise<Refusal> {
  if (change.kind === "resolved") {
    const resolved: Record<string, unknown> = { "system.input.resolved": true };
    await message.update(resolved);
    return null;
  }
  const kind = (model.input as { kind?: unknown }).kind;
  const roll = recordedRollOf(change.roll);
  const save =
    kind === "spell" ? checkedSpellSave(model, roll) : checkedSaveRoll({ kind, authorIsGM: authorIsGm(message) }, roll);
  if (!save.ok) return save.error;
  const planned = planSaveOutcome(model, save.value);
  if (!planned.ok) return planned.error;
  // Issue 18: a hidden creature's roll and total stay in the GM's browser (sealed-saves.ts).
  const sealed = isSealedSaveCard(model.input);
  if (sealed && !game.user.isGM) return { key: "TEMPO.ERRORS.Access.NotGm" };
  const id = message.id ?? "";
  const update = sealed
    ? keepSealedSave(id, save.value, change.roll)
    : saveUpdate(message, change.roll, save.value, planned.value);
  await message.update(update);
  const written = await writeSavePlan(planned.value);
  await endConcentrationOnFailedSave(model, save.value); // SEG-10 "fails a save"
  return written;
}

/** Writes a checked change: here when this user may update the message, else through the active GM. */
async function writeChange(message: ChatMessage.Implementation, change: CardChange): Promise<Refusal> {
  const model = cardModelOf(message);
  if (model === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: change.kind } };
  const refused = checkChange(model, change, game.user);
  if (refused !== null) return refused;
  // Issue 18: a hidden creature's save is written by a GM's client only (its roll goes to the GM alone).
  const here = game.user.isGM || change.kind !== "saveRolled" || !isSealedSaveCard(model.input);
  if (here && message.canUserModify(game.user, "update")) return commitChange(message, model, change);
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
    (change?.kind === "saveRolled" && typeof change.roll === "object" && change.roll !== null);
  if (!valid) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: String(change?.kind) } };
  const refused = checkChange(model, change, user);
  if (refused !== null) return refused;
  return commitChange(message, model, change);
}

async function rollSave(message: ChatMessage.Implementation, model: TempoCardModel): Promise<Refusal> {
  const refused = checkChange(model, { kind: "saveRolled", roll: {} }, game.user);
  if (refused !== null) return refused;
  const kind = (model.input as { kind?: unknown }).kind;
  const save = kind === "spell" ? spellSaveOfCard(model) : rulesSave(kind);
  if (save === null) return { key: "TEMPO.ERRORS.Trust.SaveKind", data: { kind: "?" } };
  const roll = new Roll(save.formula);
  await roll.evaluate();
  return writeChange(message, { kind: "saveRolled", roll: roll.toJSON() });
}

async function resolvePending(message: ChatMessage.Implementation, model: TempoCardModel): Promise<Refusal> {
  const refused = checkChange(model, { kind: "resolved" }, game.user) ?? declaredUseKeptElsewhere(model);
  if (refused !== null) return refused;
  const command = model.command as HostCommand | null;
  if (command !== null && model.combatId !== null) {
    const combat = game.combats.get(model.combatId);
    if (!(combat instanceof TempoCombat)) return { key: "TEMPO.ERRORS.Host.NotTempo" };
    // Issue 18: a card a player wrote gives no more than that player could (the socket's check).
    const author = message.author;
    if (author === null || author === undefined) return { key: "TEMPO.ERRORS.Trust.NoAuthor" };
    const access = commandAccessFor(combat, command, author);
    if (!access.ok) return access.error;
    const sent = await combat.tempoCommand(command);
    // A refused command was shown to the user by giveCommand; the card stays unresolved.
    if (!sent.ok) return null;
  }
  // Issue 11: an item declared from the sheet or a macro rolls now (resolve-declared.ts); refused, the card stays.
  // PHS-6, ROT-10: an opportunity attack card rolls the attacker's weapon on the mover (opportunity-roll.ts).
  // Only the active GM's client posts opportunity cards (canvas/opportunity-attacks.ts): a player-written
  // card naming a mover would be a free attack out of turn with no Reaction spent (review of issue 21).
  const mover = authorIsGm(message) ? opportunityTargetOf(model) : null;
  const rolled = mover === null ? await rollDeclaredUse(model) : await rollOpportunityAttack(model, mover);
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
