/**
 * The conditions on a creature's token, read from its actor: v13 keeps the status ids of the actor's
 * active effects in `actor.statuses`, a Set (dnd5e and Draw Steel test `actor.statuses.has(id)`). Read
 * defensively: actors may come from any system model or none, and a missing or odd `statuses` reads
 * as no condition.
 */
import { conditionsIn, type ConditionId } from "../../engine/index.ts";

const NONE: ReadonlySet<ConditionId> = new Set();

export function actorConditions(actor: unknown): ReadonlySet<ConditionId> {
  if (typeof actor !== "object" || actor === null) return NONE;
  const statuses: unknown = (actor as { statuses?: unknown }).statuses;
  if (statuses instanceof Set || Array.isArray(statuses)) return conditionsIn(statuses as Iterable<unknown>);
  return NONE;
}

/** The conditions on a combatant's token (none when it has no actor). */
export function combatantConditions(combatant: { readonly actor: unknown } | undefined): ReadonlySet<ConditionId> {
  return combatant === undefined ? NONE : actorConditions(combatant.actor);
}
