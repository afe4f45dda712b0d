/**
 * DUR-1: what the engine reads of an ActiveEffect to time it: its length (seconds, or combat rounds
 * and turns) and the world time it started (core fills it when the effect is made), read through
 * compat/effect-duration.ts, which knows v13's and v14's shapes. `origin` is the UUID
 * of the document it came from ("Actor.x.Item.y", "Scene.s.Token.t.Actor.a…"), as dnd5e and the
 * expiry modules ("Times Up") read it to find the effect's source actor.
 *
 * The originator is the combatant whose actor is the origin or holds it; without one (no origin, or a
 * source not in this combat) the bearer is its own originator.
 */
import {
  timedEffectOf,
  trackedEffect,
  type Result,
  type RulesetId,
  type TrackedEffect,
  ok,
} from "../../engine/index.ts";
import { effectLength, effectStart } from "../compat/effect-duration.ts";

/** The fields of an ActiveEffect this module reads (its duration and start: compat/effect-duration.ts). */
export interface EffectLike {
  readonly id: string | null;
  readonly origin: string | null | undefined;
}

/** A combatant and the UUID of its actor (null: none). */
export interface CombatantActor {
  readonly id: string;
  readonly actorUuid: string | null;
}

export interface TimingContext {
  readonly ruleset: RulesetId;
  readonly untimedRoundSeconds: number;
  readonly round: number;
  readonly worldTime: number;
}

/** The combatants of a combat with their actors' UUIDs, in the combat's order. */
export function combatantActors(combat: Combat.Implementation): CombatantActor[] {
  return combat.combatants.contents.flatMap((c) =>
    c.id === null ? [] : [{ id: c.id, actorUuid: c.actor?.uuid ?? null }],
  );
}

/** The combatant whose actor made the effect (its origin is that actor or lies inside it), or null. */
export function originatorOf(origin: string | null | undefined, combatants: readonly CombatantActor[]): string | null {
  if (typeof origin !== "string" || origin === "") return null;
  const found = combatants.find(
    (c) => c.actorUuid !== null && (origin === c.actorUuid || origin.startsWith(`${c.actorUuid}.`)),
  );
  return found?.id ?? null;
}

/**
 * The record that times `effect` on the bearer's turns' originator, ok(null) when Tempo does not time it
 * (no duration, an id it cannot key), or the engine's error for a duration that is not valid.
 */
export function trackedEffectOf(
  effect: EffectLike,
  bearerId: string,
  combatants: readonly CombatantActor[],
  context: TimingContext,
): Result<TrackedEffect | null> {
  if (effect.id === null) return ok(null);
  const start = effectStart(effect).time;
  const timed = timedEffectOf(
    {
      id: effect.id,
      originatorId: originatorOf(effect.origin, combatants) ?? bearerId,
      ...effectLength(effect),
      elapsed: start === null ? 0 : context.worldTime - start,
    },
    { ruleset: context.ruleset, untimedRoundSeconds: context.untimedRoundSeconds, round: context.round },
  );
  if (!timed.ok) return timed;
  return ok(timed.value === null ? null : trackedEffect(timed.value, bearerId));
}
