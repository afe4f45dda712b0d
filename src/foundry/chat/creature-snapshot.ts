/** An actor as the attack, damage and save builders read it (view/chat/item-attack.ts `CreatureSnapshot`). */
import type { CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { actorConditions } from "../conditions/actor-conditions.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";

/** `actor` as a creature of the rules (null: not a Tempo actor). */
export function creatureSnapshotOf(actor: Actor.Implementation): CreatureSnapshot | null {
  const system = tempoActorModelOf(actor);
  if (system === null) return null;
  const stats = actorStatsOf(system);
  // ATK-ROT-2: the actor's side, else (as a combatant's default side) a player-owned actor is a PC.
  const isPlayer = (stats.side ?? (actor.hasPlayerOwner ? "pc" : "enemy")) === "pc";
  const { aac0, descendingAc } = system.derived;
  return { name: actor.name, stats, aac0, descendingAc: descendingAc.ac, conditions: actorConditions(actor), isPlayer };
}
