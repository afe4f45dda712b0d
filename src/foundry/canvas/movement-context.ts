/**
 * What the rules need to know about a token that moves: the ruleset it moves under (its Tempo combat's,
 * else the world's), whether it is in a Tempo combat (only then is its movement budgeted), and whether
 * its movement has ended (PHS-6: Slowed).
 */
import {
  DIAGONAL_RULE_BY_RULESET,
  RULESET_IDS,
  hasConditionEffect,
  type DiagonalRule,
  type RulesetId,
} from "../../engine/index.ts";
import { actorConditions } from "../conditions/actor-conditions.ts";
import { SYSTEM_ID } from "../system-id.ts";

export interface MovingToken {
  readonly id: string | null;
  readonly actor: unknown;
  readonly actorLink: boolean;
}

interface CombatLike {
  readonly type: string;
  readonly combatants: {
    readonly contents: readonly { readonly tokenId: string | null; readonly actorId: string | null }[];
  };
}

/** The ruleset of the Tempo combat the token's creature fights in (the viewed one first), or null. */
function tokenCombatRuleset(token: MovingToken): RulesetId | null {
  const actorId = (token.actor as { id?: unknown } | null)?.id;
  const combats: readonly unknown[] = [game.combat, ...game.combats.contents];
  for (const entry of combats) {
    if (entry === null || entry === undefined) continue;
    const combat = entry as CombatLike;
    const ruleset = RULESET_IDS.find((id) => id === combat.type);
    if (ruleset === undefined) continue;
    const combatants = combat.combatants.contents;
    if (combatants.some((c) => c.tokenId === token.id || (token.actorLink && c.actorId === actorId))) return ruleset;
  }
  return null;
}

/** The ruleset the token moves under and whether its movement is budgeted (in a Tempo combat). */
export function movementRulesOf(token: MovingToken): { ruleset: RulesetId; diagonal: DiagonalRule; budgeted: boolean } {
  const fighting = tokenCombatRuleset(token);
  const ruleset = fighting ?? game.settings.get(SYSTEM_ID, "ruleset");
  return { ruleset, diagonal: DIAGONAL_RULE_BY_RULESET[ruleset], budgeted: fighting !== null };
}

/** PHS-6: the creature's movement has ended (it is Slowed). */
export function movementEnded(token: MovingToken): boolean {
  return actorMovementEnded(token.actor);
}

/** PHS-6: the actor's movement has ended (it is Slowed). */
export function actorMovementEnded(actor: unknown): boolean {
  return hasConditionEffect(actorConditions(actor), "movementEnds");
}
