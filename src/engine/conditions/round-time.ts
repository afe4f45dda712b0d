/**
 * TIME-1: how much world time a round takes in each ruleset, and how far world time moves when combat
 * advances, so effects measured in seconds expire on the right turn.
 *
 * Round lengths: `count` 6 s (ruling), `standard` 5 s (STD-4), `phase` 6 s (ruling), `segment` 60 s of
 * 10 segments of 6 s (SEG-1), `rotation` 6 s (ROT-3).
 * Ruling: a turn inside a round adds no time of its own (all turns of a round share its seconds, like
 * Foundry core's default `turnTime` of 0); the round's seconds pass when the next round starts.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { shown } from "../dice/checks.ts";

/** TIME-1, STD-4, SEG-1, ROT-3: seconds per round in each ruleset (count and phase: ruling). */
export const ROUND_SECONDS: Readonly<Record<RulesetId, number>> = {
  count: 6,
  standard: 5,
  phase: 6,
  segment: 60,
  rotation: 6,
};

/** SEG-1: a segment is 6 seconds, 10 to a round. */
export const SEGMENT_SECONDS = 6;

export interface TimeAdvance {
  /** Rounds advanced (negative when stepping back). */
  readonly rounds: number;
  /** Turns advanced inside a round: checked, but they add no time (ruling above). */
  readonly turns?: number;
  /** `segment` only: segments advanced inside a round. */
  readonly segments?: number;
}

/**
 * TIME-1: the world-time delta in seconds for advancing combat. Errors: `Conditions.InvalidAdvance` for
 * a count that is not a whole number, or segments outside the segment ruleset.
 */
export function worldTimeDelta(ruleset: RulesetId, advance: TimeAdvance): Result<number> {
  const turns = advance.turns ?? 0;
  const segments = advance.segments ?? 0;
  const known = Object.hasOwn(ROUND_SECONDS, ruleset);
  if (
    !known ||
    ![advance.rounds, turns, segments].every(Number.isInteger) ||
    (segments !== 0 && ruleset !== "segment")
  ) {
    return err("TEMPO.ERRORS.Conditions.InvalidAdvance", { ruleset });
  }
  return ok(advance.rounds * ROUND_SECONDS[ruleset] + segments * SEGMENT_SECONDS);
}

/**
 * STD-5, TIME-1: how many of the originator's turns an effect of `seconds` lasts. Ruling: rounded up, so an
 * effect never ends before its time (12 s in `standard` ends at the turn at 15 s). Errors:
 * `Conditions.InvalidDuration` for an unknown ruleset or a negative or non-finite number of seconds.
 */
export function turnsForSeconds(ruleset: RulesetId, seconds: number): Result<number> {
  if (!Object.hasOwn(ROUND_SECONDS, ruleset) || !Number.isFinite(seconds) || seconds < 0) {
    return err("TEMPO.ERRORS.Conditions.InvalidDuration", { value: shown(seconds), unit: "seconds" });
  }
  return ok(Math.ceil(seconds / ROUND_SECONDS[ruleset]));
}
