/**
 * STD-5, DUR-1, TIME-1: a timed effect from a duration as a virtual tabletop writes it — seconds, or
 * combat rounds and turns — measured on the originator's turns.
 *
 * Rulings:
 * - Seconds, when given, win over rounds and turns (a duration in seconds is one of world time). They
 *   are the seconds still left: an effect made before the combat started has already run `elapsed`
 *   seconds of them. They become whole originator turns with the combat's round length: `standard` 5 s
 *   (STD-4), `segment` 60 s (SEG-1), `rotation` 6 s (ROT-3), `count` and `phase` the combat's own
 *   setting. A round of 0 seconds passes no time, so Tempo does not time such an effect (null).
 * - Rounds R (no turns): the effect ends at the start of the originator's R-th turn after creation, as
 *   R rounds' worth of seconds would.
 * - Turns T ≥ 1 (with rounds R ≥ 0): turns are the originator's own. The effect lasts through T of them
 *   and ends at the end of the (R + T − 1)-th after creation, the current turn counting as the first
 *   when the effect is made during it: 1 turn is "until the end of this turn", 1 round and 1 turn
 *   "until the end of its next turn". Counting other creatures' turns would make the end depend on
 *   the order, which DUR-1 rules out.
 * - No positive duration: a permanent effect, not timed (null). Seconds already run out: null too,
 *   the effect is left as it is.
 */
import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { createTimedEffect, type TimedEffect } from "./durations.ts";
import { ROUND_SECONDS } from "./round-time.ts";

/** An effect's duration as it is written on it (null or 0: not given). */
export interface EffectDurationSnapshot {
  readonly id: string;
  readonly originatorId: string;
  readonly seconds: number | null;
  readonly rounds: number | null;
  readonly turns: number | null;
  /** Seconds of world time since the effect started (0 when not known). */
  readonly elapsed: number;
}

export interface EffectClock {
  readonly ruleset: RulesetId;
  /** The combat's round length setting: what a round lasts in `count` and `phase` (TIME-1). */
  readonly untimedRoundSeconds: number;
  /** The combat's current round (0 before the first). */
  readonly round: number;
}

/** TIME-1: seconds in a round of this combat. */
export function effectRoundSeconds(clock: Pick<EffectClock, "ruleset" | "untimedRoundSeconds">): number {
  return clock.ruleset === "count" || clock.ruleset === "phase"
    ? clock.untimedRoundSeconds
    : ROUND_SECONDS[clock.ruleset];
}

const given = (value: number | null): number => (typeof value === "number" && value !== 0 ? value : 0);

/**
 * STD-5, DUR-1, TIME-1: the effect timed on its originator's turns (see the rulings above), or null
 * when Tempo does not time it. Errors: `Conditions.InvalidDuration` for a negative or non-finite value,
 * or rounds and turns that are not whole; `Conditions.InvalidEffect` for missing ids.
 */
export function timedEffectOf(effect: EffectDurationSnapshot, clock: EffectClock): Result<TimedEffect | null> {
  const base = { id: effect.id, originatorId: effect.originatorId, ruleset: clock.ruleset, round: clock.round };
  const seconds = given(effect.seconds);
  if (seconds !== 0) {
    if (!Number.isFinite(seconds) || seconds < 0) {
      return createTimedEffect({ ...base, value: seconds, unit: "seconds", boundary: "start" });
    }
    const left = seconds - (Number.isFinite(effect.elapsed) ? Math.max(0, effect.elapsed) : 0);
    const length = effectRoundSeconds(clock);
    if (left <= 0 || !(length > 0)) return ok(null);
    return createTimedEffect({ ...base, value: Math.ceil(left / length), unit: "rounds", boundary: "start" });
  }
  const rounds = given(effect.rounds);
  const turns = given(effect.turns);
  for (const [value, unit] of [
    [rounds, "rounds"],
    [turns, "turns"],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      return err("TEMPO.ERRORS.Conditions.InvalidDuration", { value: shown(value), unit });
  }
  if (turns === 0 && rounds === 0) return ok(null);
  if (turns === 0) return createTimedEffect({ ...base, value: rounds, unit: "rounds", boundary: "start" });
  return createTimedEffect({ ...base, value: rounds + turns - 1, unit: "rounds", boundary: "end" });
}
