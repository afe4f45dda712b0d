/**
 * Issue 22 item 2: Tempo's cards and Dice So Nice. Not run against the module: written from its public
 * code (Dice So Nice 5.1.6 on the GitHub mirror Trahloc/foundryvtt-dice-so-nice, module/main.js and
 * module/Dice3D.js; its 6.x `module/main.js` for the `diceSoNiceMessagePreProcess` hook and
 * `renderChatMessageHTML`). What it reads, and what Tempo decides (src/view/integrations/dice-display.ts):
 * - every Tempo roll is a real `Roll` in the card message's `rolls` (post-card.ts), which the module animates
 *   on `createChatMessage`; each die term's `options.rollOrder` (`DiceTerm#options`, which the module reads
 *   as `diceTerm.options.rollOrder` in `renderRolls`) orders a card's throws: `orderRolls` sets it;
 * - the `speaker` names the rolling actor and its token (`showForRoll`'s `speaker`: its actor decides the
 *   "hide NPC rolls" setting), the author is the user who rolled (whose dice appearance is used);
 * - a companion card (its rolls already thrown on another card, `flags.tempo.rollsShownOn`) and a card this
 *   user may not read are vetoed from the module's pre-process hook; the pre-6.0 hook is listened to as well,
 *   and setting an already-false value there changes nothing, so 6.x raises no deprecation warning.
 * Nothing here runs when the module is absent: its hooks are never called.
 */
import { throwsDice, rollOrders, type RolledCard } from "../../view/integrations/dice-display.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** Dice So Nice's mutable decision, as its hooks pass it. */
interface Interception {
  willTrigger3DRoll: boolean;
}

const isInterception = (value: unknown): value is Interception =>
  typeof value === "object" && value !== null && typeof (value as Interception).willTrigger3DRoll === "boolean";

/** The message a companion card's rolls were thrown on (its `flags.tempo.rollsShownOn`), or null. */
export function rollsShownOn(message: ChatMessage.Implementation): string | null {
  const flags: unknown = message.flags;
  const ours: unknown =
    typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[SYSTEM_ID] : null;
  const id: unknown = typeof ours === "object" && ours !== null ? (ours as Record<string, unknown>).rollsShownOn : null;
  return typeof id === "string" && id !== "" ? id : null;
}

/** Whether this client throws the message's dice: false to veto, null to leave the module's choice. */
export function throwsDiceFor(message: ChatMessage.Implementation): boolean | null {
  return throwsDice({
    tempoCard: cardModelOf(message) !== null,
    contentVisible: message.isContentVisible,
    isAuthor: message.author?.id === game.user.id,
    rollsShownOn: rollsShownOn(message),
  });
}

function veto(messageId: unknown, interception: unknown): void {
  if (typeof messageId !== "string" || !isInterception(interception) || !interception.willTrigger3DRoll) return;
  const message = game.messages.get(messageId);
  if (message !== undefined && throwsDiceFor(message) === false) interception.willTrigger3DRoll = false;
}

/** Sets each roll's dice terms' `rollOrder` (which throw it is in) for a card of `card`'s kind. */
export function orderRolls(card: RolledCard, rolls: readonly Roll[]): void {
  const orders = rollOrders(card, rolls.length);
  rolls.forEach((roll, i) => {
    for (const term of roll.dice) {
      const options = term.options as Record<string, unknown>;
      options.rollOrder = orders[i] ?? 0;
    }
  });
}

export function registerDiceSoNice(): void {
  Hooks.on("diceSoNiceMessagePreProcess" as never, veto as never);
  Hooks.on("diceSoNiceMessageProcessed" as never, veto as never);
}
