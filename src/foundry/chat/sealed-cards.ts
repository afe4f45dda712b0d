/**
 * Issue 18 (items 3 and 4): the attack and damage cards about a creature hidden from players carry none of
 * its facts. A whispered card still reaches every client (foundryvtt #14429, cited in hidden-targets.ts),
 * so such a card is "sealed" before it is posted: in place of the target's uuid it holds `targetRef`, the
 * id of the token hiding it, or of its hidden combatant when it has no token on the drawn scene
 * (hidden-creature-ref.ts; the reference its name already goes by, `hiddenNameRef`), no DR (a damage
 * card's `dr` is zero) and no defence (an attack card's resolution keeps the attacker's side and the dice
 * only). In rotation and phase its dice are the same whatever the creature (two d20s; 2d6 and one die of
 * each step size) and it holds no STL-3, ATK-ROT-5 or tier facts (engine trust/sealed-attack.ts). The GM's
 * page unseals it from the live documents when it draws or applies the card: the target's uuid from the
 * token or combatant, its defence, conditions and tier from its actor, the stealth watch and the phase
 * round from the combat (sealed-attacker-facts.ts), and the engine picks the rules' dice. Apply reads the target's DR from
 * its actor in any case (apply-damage.ts). Save cards: sealed-saves.ts.
 * A player's attack on such a creature is judged on the GM's side only (`afterAttack`, sealed-verdicts.ts).
 */
import { NO_DR, sealedResolution, unsealedResolution, type SealedTargetFacts } from "../../engine/index.ts";
import type { AttackCardInput } from "../../view/chat/attack-card.ts";
import type { DamageCardInput } from "../../view/chat/damage-card.ts";
import { attackCritical, attackHit, type CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { referencedActor } from "./hidden-creature-ref.ts";
import { sealedAttackerFacts } from "./sealed-attacker-facts.ts";

/** What a sealed card records of its target: the reference naming it (hidden-creature-ref.ts). */
interface Sealed {
  readonly targetRef?: unknown;
}

/** A damage card's input, sealed (no uuid, no DR) when it is about a hidden creature (`ref` names it). */
export function sealDamageInput(
  input: DamageCardInput,
  ref: string | undefined,
  sealedAttackId: string | null = null,
): DamageCardInput & Sealed {
  if (ref === undefined) return input;
  const { targetUuid: _, ...rest } = input;
  const follows = sealedAttackId === null ? {} : { sealedAttackId };
  return { ...rest, dr: NO_DR, targetRef: ref, ...follows };
}

/**
 * After an attack card: whether the flow rolls damage, the critical it claims, and the sealed attack the
 * damage card follows. A player's attack on a hidden creature is not judged on the player's client (its
 * card holds no defence): damage is rolled whatever the dice, naming the attack, and the GM's side decides
 * hit and critical (sealed-verdicts.ts). Anyone else's attack by its card's verdict.
 */
export function afterAttack(
  input: AttackCardInput,
  postedId: string | null | undefined,
  ref: string | undefined,
): { hit: boolean; critical: { attackMessageId: string } | null; sealedAttackId: string | null } {
  if (ref !== undefined && !game.user.isGM) return { hit: true, critical: null, sealedAttackId: postedId ?? null };
  // A GM's own attack on a hidden creature: its dice read as the creature calls for (engine sealed-attack.ts).
  const judged = ref === undefined ? input : unsealedAttackOrNull(sealAttackInput(input, ref));
  if (judged === null) return { hit: false, critical: null, sealedAttackId: null };
  const critical = attackCritical(judged) && postedId ? { attackMessageId: postedId } : null;
  return { hit: attackHit(judged) === true, critical, sealedAttackId: null };
}

/** An attack card's input, sealed (no uuid, no defence) when it is about a hidden creature (`ref` names it). */
export function sealAttackInput(input: AttackCardInput, ref: string | undefined): AttackCardInput & Sealed {
  if (ref === undefined) return input;
  const { targetUuid: _, ...rest } = input;
  return { ...rest, resolution: sealedResolution(input.resolution), targetRef: ref };
}

/** The creature a sealed card names, by its token or combatant (null: none here, or not sealed). */
function creatureAt(input: unknown): Actor.Implementation | null {
  return referencedActor(typeof input === "object" && input !== null ? (input as Sealed).targetRef : undefined);
}

/** The creature a sealed save card names (`ref`), on any client that holds its token or combatant (null: none). */
export function sealedTargetActor(ref: unknown): Actor.Implementation | null {
  return referencedActor(ref);
}

/** Whether the card input is sealed. */
export function isSealed(input: unknown): boolean {
  return typeof input === "object" && input !== null && typeof (input as Sealed).targetRef === "string";
}

/**
 * The uuid of the creature a card names: its `targetUuid`, else (a sealed card) the actor of the token or
 * combatant it references, on a GM's page only (undefined: none).
 */
export function cardTargetUuid(input: { readonly targetUuid?: unknown }): unknown {
  if (!isSealed(input) || !game.user.isGM) return input.targetUuid;
  return creatureAt(input)?.uuid ?? undefined;
}

function targetSnapshotOf(input: unknown): CreatureSnapshot | null {
  const actor = creatureAt(input);
  return actor === null ? null : creatureSnapshotOf(actor);
}

/** A sealed damage card as the GM's page draws it: the target's DR from its actor (else the card as it is). */
export function unsealedDamage<T extends DamageCardInput>(input: T): T {
  if (!isSealed(input) || !game.user.isGM) return input;
  const target = targetSnapshotOf(input);
  return target === null ? input : { ...input, dr: target.stats.dr };
}

/** The hidden creature's side, from its actor now. */
function targetFacts(t: CreatureSnapshot): SealedTargetFacts {
  const { ac, dodge, armor, def } = t.stats.defenses;
  const { descendingAc, isPlayer, conditions } = t;
  return { ac, descendingAc, dodge, armor, def, isPlayer, tier: t.stats.tier, conditions };
}

/** A sealed attack card as the GM's page draws and reads it: the target's defence from its actor. */
export function unsealedAttack<T extends AttackCardInput>(input: T): T {
  return unsealedAttackOrNull(input) ?? input;
}

/**
 * The same, null when it cannot be unsealed here (no GM's page, its creature is gone, or the engine refuses
 * its dice); a card not sealed as it is. The rules decide what the creature makes of it (engine
 * trust/sealed-attack.ts): its defence, and in rotation and phase the dice its conditions and tier call for.
 */
export function unsealedAttackOrNull<T extends AttackCardInput>(input: T): T | null {
  if (!isSealed(input)) return input;
  const actor = game.user.isGM ? creatureAt(input) : null;
  const target = actor === null ? null : creatureSnapshotOf(actor);
  if (actor === null || target === null) return null;
  const facts = sealedAttackerFacts(input.attackerUuid, actor);
  const resolution = unsealedResolution(input.resolution, targetFacts(target), facts);
  return resolution.ok ? { ...input, resolution: resolution.value } : null;
}
