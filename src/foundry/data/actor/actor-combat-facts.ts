/**
 * What a combatant's actor tells the rulesets when the combatant joins: its side and the initiative
 * numbers of the combat's ruleset (CNT-1, STD-1, ROT-1, PHS-2, SEG-17), read from the actor model by
 * the engine's `actorInitiativeFacts`. A combatant's own facts, where set, still win (combatant-model.ts).
 */
import {
  RULESET_IDS,
  actorInitiativeFacts,
  type ActorInitiativeFacts,
  type HostSide,
  type RulesetId,
} from "../../../engine/index.ts";
import { tempoActorModelOf } from "./actor-model.ts";
import { actorStatsOf } from "./actor-stats-of.ts";

export interface ActorCombatFacts {
  /** null: the actor leaves it to ownership and token disposition. */
  readonly side: HostSide | null;
  /** null outside a Tempo combat (no ruleset to read them for). */
  readonly initiative: ActorInitiativeFacts | null;
}

/** The ruleset of a Tempo combat: its subtype is the ruleset's id. */
export function rulesetOfCombat(combat: Combat.Implementation | null): RulesetId | null {
  return RULESET_IDS.find((id) => id === combat?.type) ?? null;
}

/** The actor's facts, or null when the combatant has no Tempo actor. */
export function actorCombatFacts(combatant: Combatant.Implementation): ActorCombatFacts | null {
  const system = tempoActorModelOf(combatant.actor);
  if (system === null) return null;
  const stats = actorStatsOf(system);
  const ruleset = rulesetOfCombat(combatant.parent);
  return { side: stats.side, initiative: ruleset === null ? null : actorInitiativeFacts(stats, ruleset) };
}
