/**
 * STD-5, DUR-1: effect durations anchored on the originator's turns.
 *
 * An effect records who created it and when. The originator's turn in the round of creation is second 0,
 * its turn in the next round second `ROUND_SECONDS` (5 s in `standard`): an effect of 5 s ends at the
 * start of the originator's next turn, 10 s one turn later. The clock counts the originator's own
 * turnStarted/turnEnded events (the schedulers' CommonEvents) and never positions in the order, so
 * combatants joining, leaving or being reordered mid-round change nothing.
 *
 * Rulings:
 * - Turn k of the originator is its turn in the k-th round after the round of creation; an effect created
 *   before the originator's turn in that round (a reaction) still treats that turn as second 0.
 * - "end" effects end at the end of turn N; N = 0 ends at the end of the originator's current or next
 *   turn, whichever comes first after creation.
 * - `phase`: a creature has a movement turn and a battle turn each round; the battle turn is its turn for
 *   durations (turn events that carry another `phase` are ignored).
 * - While the originator is defeated or has left the combat it has no turns, so round starts and ends
 *   stand in for its turn starts and ends (an effect never outlives its time); a revived originator's own
 *   turns count again.
 * - Durations in seconds round up to whole originator turns (see `turnsForSeconds`).
 * - At most one turn start counts in a round: a creature whose turn starts twice in a round (a delay
 *   in `phase` or `segment`, several segment turns) is one round older, not two.
 *
 * Storage: the Foundry layer keeps every record of a combat in its ledger (duration-ledger.ts) in
 * `Combat.system`, not on the originators' Combatants: the ledger's change rides in the step's own
 * Combat update (no write of its own; a Combatant update would be a second one, and players may write
 * their Combatants), it outlives an originator that leaves, and it is undone with the step. A step
 * feeds its few events to every record of the combat: O(events × effects), small at a table.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { CommonEvent, RulesetId } from "../initiative/contract.ts";
import { ROUND_SECONDS, turnsForSeconds } from "./round-time.ts";
import { shown } from "../dice/checks.ts";

export type DurationUnit = "seconds" | "rounds";
export type DurationBoundary = "start" | "end";

/**
 * The events durations follow: the schedulers' CommonEvents. A phase scheduler's turn events carry the
 * phase they belong to; only "battle" turns count (see rulings).
 */
export type DurationClockEvent =
  | CommonEvent
  | {
      readonly type: "turnStarted" | "turnEnded";
      readonly round: number;
      readonly combatantId: string;
      readonly phase: string;
    };

/** The event types durations read; any other event passes them by. */
type ClockType =
  | "turnStarted"
  | "turnEnded"
  | "roundStarted"
  | "roundEnded"
  | "combatantLeft"
  | "combatantDefeated"
  | "combatantRevived";

/** The shapes of the events durations read, as the schedulers emit them. */
type ClockShape = Extract<DurationClockEvent, { readonly type: ClockType }>;

/** An event durations read, with the fields they read (`phase` null: a scheme with one kind of turn). */
type ClockEvent =
  | {
      readonly type: "turnStarted" | "turnEnded";
      readonly round: number;
      readonly combatantId: string;
      readonly phase: string | null;
    }
  | { readonly type: "roundStarted" | "roundEnded"; readonly round: number }
  | { readonly type: "combatantLeft" | "combatantDefeated" | "combatantRevived"; readonly combatantId: string };

/**
 * DUR-1: any scheduler's event (a CountEvent, a PhaseEvent, …, or a union of them): each member whose type
 * durations read must carry that event's fields (a `turnStarted` without its round does not compile);
 * members of any other type are accepted and passed by. Used as `event: E & DurationEvent<E>`.
 */
export type DurationEvent<E extends { readonly type: string }> = E extends { readonly type: ClockType }
  ? E extends ClockShape
    ? E
    : never
  : E;

export interface TimedEffect {
  readonly id: string;
  readonly originatorId: string;
  /** The round in which the effect was created: the originator's turn in it is second 0. */
  readonly createdRound: number;
  /** Ends at the start or end of the originator's `turns`-th turn after creation. */
  readonly turns: number;
  readonly boundary: DurationBoundary;
  /** Originator turns started in rounds after the creation round (at most one a round). */
  readonly startsSeen: number;
  /**
   * The last round a turn start (or, on the round clock, a round start) was counted in; the creation
   * round at first. A second start in one round (a delay, a creature with several segment turns)
   * counts once.
   */
  readonly countedRound: number;
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
  /** The current round (0 for a surprise or planning round, or before combat). */
  readonly round: number;
}

export interface EffectExpired {
  readonly type: "effectExpired";
  readonly effectId: string;
  readonly originatorId: string;
  readonly round: number;
}

const DURATION_UNITS: readonly DurationUnit[] = ["seconds", "rounds"];
const DURATION_BOUNDARIES: readonly DurationBoundary[] = ["start", "end"];

/** A malformed effect snapshot: the first field that is wrong, or null. */
function malformedField(input: TimedEffectInput): keyof TimedEffectInput | "input" | null {
  if (typeof input !== "object" || input === null) return "input";
  if (typeof input.id !== "string" || input.id === "") return "id";
  if (typeof input.originatorId !== "string" || input.originatorId === "") return "originatorId";
  if (!DURATION_UNITS.includes(input.unit)) return "unit";
  if (!DURATION_BOUNDARIES.includes(input.boundary)) return "boundary";
  if (!Object.hasOwn(ROUND_SECONDS, input.ruleset)) return "ruleset";
  if (!Number.isInteger(input.round) || input.round < 0) return "round";
  return null;
}

/**
 * STD-5, DUR-1: records an effect's originator, creation round and length in originator turns. Errors:
 * `Conditions.InvalidEffect` for a malformed input (unknown ruleset, unit or boundary, a round that is not
 * a whole number ≥ 0, empty ids); `Conditions.InvalidDuration` for a negative or non-finite duration,
 * rounds that are not whole, or a duration that would end at a turn start already past (0 with "start").
 */
export function createTimedEffect(input: TimedEffectInput): Result<TimedEffect> {
  const field = malformedField(input);
  if (field !== null) return err("TEMPO.ERRORS.Conditions.InvalidEffect", { field });
  const { value, unit } = input;
  const invalid = err<TimedEffect>("TEMPO.ERRORS.Conditions.InvalidDuration", { value: shown(value), unit });
  if (unit === "rounds" && !(Number.isInteger(value) && value >= 0)) return invalid;
  const turns = unit === "seconds" ? turnsForSeconds(input.ruleset, value) : ok(value);
  if (!turns.ok) return invalid;
  if (input.boundary === "start" && turns.value < 1) return invalid;
  return ok({
    id: input.id,
    originatorId: input.originatorId,
    createdRound: input.round,
    turns: turns.value,
    boundary: input.boundary,
    startsSeen: 0,
    countedRound: input.round,
    onRoundClock: false,
  });
}

/**
 * The event as durations read it, or null for one they pass by. Checked at run time too: an event typed
 * only as `{ type: string }` (a host's) is read only when it has the fields its type calls for.
 */
function clockEvent(event: { readonly type: string }): ClockEvent | null {
  const round = "round" in event && typeof event.round === "number" ? event.round : null;
  const combatantId = "combatantId" in event && typeof event.combatantId === "string" ? event.combatantId : null;
  switch (event.type) {
    case "turnStarted":
    case "turnEnded": {
      if (round === null || combatantId === null) return null;
      const phase = "phase" in event && typeof event.phase === "string" ? event.phase : null;
      return { type: event.type, round, combatantId, phase };
    }
    case "roundStarted":
    case "roundEnded":
      return round === null ? null : { type: event.type, round };
    case "combatantLeft":
    case "combatantDefeated":
    case "combatantRevived":
      return combatantId === null ? null : { type: event.type, combatantId };
    default:
      return null;
  }
}

/** A turn event that is not a turn for durations (a phase-ruleset movement turn). */
function ignoredTurn(event: ClockEvent): boolean {
  return "phase" in event && event.phase !== null && event.phase !== "battle";
}

function advanceOnClock<T extends TimedEffect>(
  effect: T,
  event: ClockEvent,
): { readonly effect: T; readonly expired: boolean } {
  const own = "combatantId" in event && event.combatantId === effect.originatorId && !ignoredTurn(event);
  switch (event.type) {
    case "combatantLeft":
    case "combatantDefeated":
      return { effect: own && !effect.onRoundClock ? { ...effect, onRoundClock: true } : effect, expired: false };
    case "combatantRevived":
      return { effect: own && effect.onRoundClock ? { ...effect, onRoundClock: false } : effect, expired: false };
    case "turnStarted":
    case "roundStarted": {
      const counts =
        (event.type === "turnStarted" ? own && !effect.onRoundClock : effect.onRoundClock) &&
        event.round > effect.countedRound;
      if (!counts) return { effect, expired: false };
      const next = { ...effect, startsSeen: effect.startsSeen + 1, countedRound: event.round };
      return { effect: next, expired: next.boundary === "start" && next.startsSeen >= next.turns };
    }
    case "turnEnded":
    case "roundEnded": {
      const counts = event.type === "turnEnded" ? own && !effect.onRoundClock : effect.onRoundClock;
      return { effect, expired: counts && effect.boundary === "end" && effect.startsSeen >= effect.turns };
    }
  }
}

/** The round an event belongs to, for the expiry event (null for events that carry none). */
function eventRound(event: ClockEvent): number | null {
  return "round" in event ? event.round : null;
}

/**
 * DUR-1: feeds one event of any scheduler (see {@link DurationEvent}) to every effect; events durations
 * do not read change nothing. Expired effects are removed (so each expires exactly once) and reported in
 * order; unchanged effects are shared, and an event that changes nothing returns the same array. Effects
 * that carry more than a TimedEffect (a host's records) keep their other fields.
 */
export function advanceTimedEffects<E extends { readonly type: string }, T extends TimedEffect = TimedEffect>(
  effects: readonly T[],
  event: E & DurationEvent<E>,
): { readonly effects: readonly T[]; readonly expired: readonly EffectExpired[] } {
  // Issue 17: a step with no timed effect reads none of its events (a round boundary brings thousands).
  if (effects.length === 0) return { effects, expired: [] };
  const clock = clockEvent(event);
  if (clock === null) return { effects, expired: [] };
  let changed = false;
  const kept: T[] = [];
  const expired: EffectExpired[] = [];
  for (const effect of effects) {
    const r = advanceOnClock(effect, clock);
    if (r.expired) {
      changed = true;
      expired.push({
        type: "effectExpired",
        effectId: effect.id,
        originatorId: effect.originatorId,
        round: eventRound(clock) ?? effect.createdRound,
      });
      continue;
    }
    if (r.effect !== effect) changed = true;
    kept.push(r.effect);
  }
  return { effects: changed ? kept : effects, expired };
}
