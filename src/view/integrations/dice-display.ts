/**
 * Issue 22 item 2, Dice So Nice: what Tempo decides about the 3D dice of its cards. The module reads
 * these from a message (Dice So Nice 5.1.6 and 6.x, module/main.js and module/Dice3D.js, read on
 * gitlab.com/riccisi/foundryvtt-dice-so-nice through its GitHub mirror Trahloc/foundryvtt-dice-so-nice):
 * - it animates a message's `rolls` when it is created, and the rolls an update adds (`preUpdateChatMessage`
 *   counts them), each die term in the throw its `options.rollOrder` names (0 when absent: one throw);
 * - `showForRoll` gets the message's author (whose dice colours are used) and its `speaker` (an NPC
 *   speaker's dice are hidden by the "hide NPC rolls" setting);
 * - a module may veto a message's animation from the `diceSoNiceMessagePreProcess` hook (6.x) or, before
 *   6.0, `diceSoNiceMessageProcessed` (`interception.willTrigger3DRoll = false`).
 * Tempo's rules for its own cards, decided here and applied by src/foundry/integrations/dice-so-nice.ts:
 */

/** What the integration knows about one message on one client. */
export interface DiceMessageFacts {
  /** The message is one of Tempo's cards. */
  readonly tempoCard: boolean;
  /** This client's user may read the card (`ChatMessage#isContentVisible`). */
  readonly contentVisible: boolean;
  /** This client's user posted it. */
  readonly isAuthor: boolean;
  /** The message whose dice already showed these rolls (a companion card), or null. */
  readonly rollsShownOn: string | null;
}

/**
 * Whether this client throws the card's dice: false to veto, null to leave Dice So Nice's own choice.
 * - A companion card (a cleave's further damage cards carry the first card's rolls, which the GM's side
 *   checks on each card) does not throw them again: the dice animate once, on the roll's own message.
 * - A card this user may not read (a GM-only or hidden creature's roll on another player's client: whispers
 *   reach every client, foundryvtt/foundryvtt #14429) throws nothing at all, whatever Dice So Nice's
 *   "hide 3D dice on secret rolls" and ghost-dice settings say: the dice would tell the result.
 * - A blind roll on its own roller's client is left to Dice So Nice, which shows that user ghost dice
 *   (no result) or nothing, as it does for core's blind rolls.
 */
export function throwsDice(facts: DiceMessageFacts): boolean | null {
  if (!facts.tempoCard) return null;
  if (facts.rollsShownOn !== null) return false;
  if (!facts.contentVisible && !facts.isAuthor) return false;
  return null;
}

/** The card kinds that carry rolls. */
export type RolledCard = "attack" | "damage" | "save" | "initiative";

/**
 * The `rollOrder` of each of a card's rolls: which throw it is in. A damage card's rolls are AP-1's
 * swings, struck one after another, so each swing is its own throw in order; an attack card's dice (one
 * attack, or the advantage pair) and an initiative summary's rolls are made at once: one throw. Dice So
 * Nice's "simultaneous rolls" setting may still throw a sequence at once.
 */
export function rollOrders(card: RolledCard, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (card === "damage" ? i : 0));
}
