/**
 * STD-5, DUR-1: effect durations anchored on the originator's turns.
 *
 * An effect records who created it and when. The originator's turn at creation is second 0, its next
 * turn second `ROUND_SECONDS` (5 s in `standard`): an effect of 5 s ends at the start of the originator's
 * next turn, 10 s one turn later. Because the clock counts the originator's own turnStarted/turnEnded
 * events (fed from the schedulers' CommonEvents) and never positions in the order, combatants joining,
 * leaving or being reordered mid-round change nothing.
 *
 * Rulings:
 * - "end" effects end at the end of the originator's N-th turn after creation; N = 0 means the turn in
 *   which it was created. Created outside the originator's turn (a reaction), "end" counts from its next turn.
 * - While the originator is defeated or has left the combat it has no turns, so round starts and ends
 *   stand in for its turn starts and ends (an effect never outlives its time); a revived originator's own
 *   turns count again.
 * - Durations in seconds round up to whole originator turns (see `turnsForSeconds`).
 *
 * Storage: a turn event only concerns effects whose originator it names, plus effects on the round
 * clock. Keeping each list on its originator's `Combatant.system` (the effects it created) lets the
 * adapter advance only that combatant's list on a turn event, so a turn step stays O(its effects).
 */
import { err, ok, type Result } from "../core/result.ts";
import type { CommonEvent, RulesetId } from "../initiative/contract.ts";
import { turnsForSeconds } from "./round-time.ts";

export type DurationUnit = "seconds" | "rounds";
export type DurationBoundary = "start" | "end";

/** Where the clock is when an effect is created. */
export interface TurnClock {
  readonly round: number;
  /** Whose turn is running, or null (between turns, before combat). */
  readonly activeCombatantId: string | null;
}

export interface TimedEffect {
  readonly id: string;
  readonly originatorId: string;
  readonly createdRound: number;
  readonly createdDuringOwnTurn: boolean;
  /** Ends at the start or end of the originator's `turns`-th turn after creation. */
  readonly turns: number;
  readonly boundary: DurationBoundary;
  /** Originator turns started since creation. */
  readonly startsSeen: number;
  /** The originator is defeated or gone: round starts and ends stand in for its turns. */
  readonly onRoundClock: boolean;
}

export interface TimedEffectInput {
  readonly id: string;
  readonly originatorId: string;
  readonly value: number;
  readonly unit: DurationUnit;
  readonly boundary: DurationBoundary;
  readonly ruleset: RulesetId;
  readonly clock: TurnClock;
}

export interface EffectExpired {
  readonly type: "effectExpired";
  readonly effectId: string;
  readonly originatorId: string;
  readonly round: number;
}

/**
 * Errors: `Conditions.InvalidDuration` for a negative or non-finite duration, whole rounds that are not
 * whole, or a duration that would end at a turn start already past (0 with "start").
 */
export function createTimedEffect(input: TimedEffectInput): Result<TimedEffect> {
  const { value, unit } = input;
  const bad = !Number.isFinite(value) || value < 0 || (unit === "rounds" && !Number.isInteger(value));
  const turns = bad ? 0 : unit === "seconds" ? turnsForSeconds(input.ruleset, value) : value;
  if (bad || (input.boundary === "start" && turns < 1)) {
    return err("TEMPO.ERRORS.Conditions.InvalidDuration", { value: String(value), unit });
  }
  return ok({
    id: input.id,
    originatorId: input.originatorId,
    createdRound: input.clock.round,
    createdDuringOwnTurn: input.clock.activeCombatantId === input.originatorId,
    turns,
    boundary: input.boundary,
    startsSeen: 0,
    onRoundClock: false,
  });
}

/** The event that closes an "end" effect: the end of the originator's N-th turn (see rulings). */
function endTarget(effect: TimedEffect): number {
  return effect.createdDuringOwnTurn ? effect.turns : Math.max(1, effect.turns);
}

/** Advances one effect by one event: the effect as it now stands and whether this event ends it. */
export function advanceTimedEffect(effect: TimedEffect, event: CommonEvent): { readonly effect: TimedEffect; readonly expired: boolean } {
  const own = "combatantId" in event && event.combatantId === effect.originatorId;
  switch (event.type) {
    case "combatantLeft":
    case "combatantDefeated":
      return { effect: own && !effect.onRoundClock ? { ...effect, onRoundClock: true } : effect, expired: false };
    case "combatantRevived":
      return { effect: own && effect.onRoundClock ? { ...effect, onRoundClock: false } : effect, expired: false };
    case "turnStarted":
    case "roundStarted": {
      const counts = event.type === "turnStarted" ? own && !effect.onRoundClock : effect.onRoundClock;
      if (!counts) return { effect, expired: false };
      const next = { ...effect, startsSeen: effect.startsSeen + 1 };
      return { effect: next, expired: next.boundary === "start" && next.startsSeen >= next.turns };
    }
    case "turnEnded":
    case "roundEnded": {
      const counts = event.type === "turnEnded" ? own && !effect.onRoundClock : effect.onRoundClock;
      return { effect, expired: counts && effect.boundary === "end" && effect.startsSeen >= endTarget(effect) };
    }
    default:
      return { effect, expired: false };
  }
}

/** The round an event belongs to, for the expiry event (null for events that carry none). */
function eventRound(event: CommonEvent): number | null {
  return "round" in event ? event.round : null;
}

/**
 * DUR-1: feeds one scheduler event to every effect. Expired effects are removed (so each expires exactly
 * once) and reported in order; unchanged effects are shared, and an event that changes nothing returns
 * the same array.
 */
export function advanceTimedEffects(
  effects: readonly TimedEffect[],
  event: CommonEvent,
): { readonly effects: readonly TimedEffect[]; readonly expired: readonly EffectExpired[] } {
  let changed = false;
  const kept: TimedEffect[] = [];
  const expired: EffectExpired[] = [];
  for (const effect of effects) {
    const r = advanceTimedEffect(effect, event);
    if (r.expired) {
      changed = true;
      expired.push({ type: "effectExpired", effectId: effect.id, originatorId: effect.originatorId, round: eventRound(event) ?? effect.createdRound });
      continue;
    }
    if (r.effect !== effect) changed = true;
    kept.push(r.effect);
  }
  return { effects: changed ? kept : effects, expired };
}
