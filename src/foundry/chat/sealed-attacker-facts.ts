/**
 * Issue 18: the attacker's side of a sealed attack (sealed-cards.ts) as this GM's page reads it when it
 * opens the card: the attacker's conditions, whether the GM's stealth watch says the hidden creature has
 * not seen it (STL-2, STL-3, rotation) and the phase round's sources between the two (PHS-4, PHS-10,
 * PHS-11). Read from the documents only; the engine decides (trust/sealed-attack.ts).
 */
import { watchUnseen, type ExtraSources, type SealedAttackerFacts } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { actorConditions } from "../conditions/actor-conditions.ts";
import { phaseAttackSourcesIn } from "../conditions/attack-facts.ts";
import { keptStealth } from "../conditions/stealth-store.ts";
import { isActor } from "../document-kinds.ts";

const NO_SOURCES: ExtraSources = { advantage: 0, disadvantage: 0 };

/** The first combat of `ruleset` holding both creatures, with their combatants' ids (null: none). */
function sharedCombat(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  ruleset: string,
): { combat: Combat.Implementation; attackerId: string; targetId: string } | null {
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    if (tempoModelOf(combat)?.host.id !== ruleset) continue;
    const a = combat.combatants.contents.find((c) => c.actor?.uuid === attacker.uuid)?.id;
    const t = combat.combatants.contents.find((c) => c.actor?.uuid === target.uuid)?.id;
    if (a && t) return { combat, attackerId: a, targetId: t };
  }
  return null;
}

/**
 * STL-3 on the GM's side: whether `target` had not seen `attacker`, as this GM's watch says; null outside a
 * rotation combat holding both, or on a page that is no GM's (then the `hidden` status decides).
 */
export function unseenByWatch(attacker: Actor.Implementation, target: Actor.Implementation): boolean | null {
  const found = game.user.isGM ? sharedCombat(attacker, target, "rotation") : null;
  if (found === null) return null;
  return watchUnseen(keptStealth(found.combat.id ?? "").watch, found.attackerId, found.targetId);
}

/** The attacker's side of a sealed attack on `target` by the actor `attackerUuid` names. */
export function sealedAttackerFacts(attackerUuid: unknown, target: Actor.Implementation): SealedAttackerFacts {
  const found =
    typeof attackerUuid === "string" && attackerUuid !== "" ? fromUuidSync(attackerUuid as `Actor.${string}`) : null;
  if (!isActor(found)) return { conditions: new Set(), unseen: null, phaseExtra: NO_SOURCES };
  const phase = sharedCombat(found, target, "phase");
  const sources = phase === null ? null : phaseAttackSourcesIn(phase.combat, phase.attackerId, phase.targetId);
  return {
    conditions: actorConditions(found),
    unseen: unseenByWatch(found, target),
    phaseExtra: sources?.ok === true ? sources.value : NO_SOURCES,
  };
}
