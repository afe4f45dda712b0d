/**
 * Issue 22: what the attack flow's cards name for other modules (src/foundry/integrations/): who uses the
 * item (the speaker with its token), and an attack card's flags for Automated Animations and Dice So Nice.
 */
import { attackHit, type AttackPlan } from "../../view/chat/item-attack.ts";
import { startsAnimation } from "../../view/integrations/animation-carrier.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { animationFlags, attackerToken, targetTokenUuids } from "../integrations/automated-animations.ts";

/** A target of the attack, as the attack flow gathered it. */
interface PlannedTarget {
  readonly actor: Actor.Implementation;
  /** Issue 18: a creature hidden from players (its cards are sealed, sealed-cards.ts): named in no flag. */
  readonly card: { readonly hiddenRef?: string };
}

const totalsOf = (rolls: readonly Roll[]) => rolls.map((r) => r.total ?? 0);

/**
 * Issue 22: who uses the item, as the cards name them for other modules: the speaker (the actor and its
 * token: Dice So Nice reads the speaker's actor, Automated Animations its token) and the token itself.
 */
export interface UseBy {
  readonly token: TokenDocument.Implementation | null;
  readonly speaker: ChatMessage.SpeakerData;
  /** A weapon's hit: its attack card came first (and started the item's animation). */
  readonly afterAttack: boolean;
}

export function useBy(attacker: Actor.Implementation, afterAttack = false): UseBy {
  const found = actorCombatOf(attacker);
  const combatToken = found === null ? null : (found.combat.combatants.get(found.combatantId)?.token ?? null);
  const token = attackerToken(attacker, combatToken);
  const speaker = ChatMessage.getSpeaker({ actor: attacker, token, scene: token?.parent ?? null });
  return { token, speaker, afterAttack };
}

/**
 * Issue 22: an attack card's flags for other modules: the first card of a swing names the item, its user
 * and the targets it was rolled against (a cleave's one roll: every target, each hit or not) for Automated
 * Animations; a cleave's further cards link the card whose dice were thrown.
 */
export function attackFlags(
  item: Item.Implementation,
  attacker: Actor.Implementation,
  by: UseBy,
  plans: readonly { plan: AttackPlan; target: PlannedTarget }[],
  target: PlannedTarget,
  rolls: readonly Roll[],
  cleave: { attack: Roll[] | null; messageId: string | null } | null,
): Record<string, unknown> {
  const sharedRoll = cleave !== null && cleave.messageId !== null;
  if (sharedRoll) return { rollsShownOn: cleave.messageId };
  if (!startsAnimation({ kind: "attack", afterAttack: false, sharedRoll })) return {};
  const totals = totalsOf(rolls);
  const against = cleave === null ? plans.filter((p) => p.target === target) : plans;
  // Issue 18: a hidden creature is left out (its token's uuid and whether it was hit would reach every client).
  const targets = against
    .filter((p) => p.target.card.hiddenRef === undefined)
    .map((p) => ({
      tokenUuids: targetTokenUuids(p.target.actor),
      hit: attackHit(p.plan.resolve(totals)) === true,
    }));
  return { ...animationFlags({ item, attacker, token: by.token, targets }) };
}
