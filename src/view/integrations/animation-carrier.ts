/**
 * Issue 22 item 3, Automated Animations: which Tempo card starts a weapon's or a spell's animation.
 * The module, for a system it has no handler of its own for, reads every new chat message its author
 * created (autoanimations 6.8.5 for v13 and 7.0.6 for v14, src/system-support/aa-chatmessage.js,
 * github.com/theripper93/autoanimations, the maintained continuation of otigon/automated-jb2a-animations):
 * the item from `flags[systemId].itemUuid` (else `itemId`) or a `data-item-uuid` in the content, the actor
 * from `flags[systemId].actorId` or `data-actor-id`, the token from `flags[systemId].tokenUuid` or
 * `data-token-uuid`, then it plays the item's animation from that token at the user's targets; its
 * `aa.getRequiredData` hook lets a system name the targets and which were hit (`targets`, `hitTargets`,
 * `playOnMiss`, src/system-support/getRequiredData.js and src/system-handlers/workflow-data.js).
 */

/** A card of one use of an item, as the attack flow posts it. */
export interface UseCard {
  readonly kind: "attack" | "damage";
  /** An attack card came before this damage card in the same use (a weapon's hit). */
  readonly afterAttack: boolean;
  /** A cleave's further card: the first target's card already started the use. */
  readonly sharedRoll: boolean;
}

/**
 * Whether the card names its item where Automated Animations looks (the item flag), so that the item's
 * animation plays from it. One card per swing of the weapon starts it, as the dice animate once: the attack
 * card (hit or miss: the module draws a miss as a miss), or a damage card no attack card came before (a
 * spell with no attack roll). A hit's damage card still names its attacker, token and item on the card
 * itself (its `data-*` attributes and its input) but not in the flag, or a hit would play twice; a
 * cleave's further cards do not start it again.
 */
export function startsAnimation(card: UseCard): boolean {
  if (card.sharedRoll) return false;
  return card.kind === "attack" || !card.afterAttack;
}
