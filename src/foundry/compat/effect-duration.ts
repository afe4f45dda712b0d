/**
 * An ActiveEffect's duration and start, read and written in the running generation's shape (issue 20,
 * Active Effects V2). Tempo's timers (DUR-1, STD-5, TIME-1: combat/effect-timing.ts, effect-tracking.ts)
 * read an effect only through here, in v13's terms, which are the engine's (seconds, or combat rounds
 * and turns; engine/conditions/effect-duration.ts); the engine's rules do not change.
 *
 * v13 keeps both in `duration`: `seconds`, `rounds`, `turns`, `startTime` ("the world time when the active
 * effect first started") and `combat` ("the _id of the CombatEncounter in which the effect first started")
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectDurationData.html).
 *
 * v14 keeps the length in `duration {value, units}`, units years | months | days | hours | minutes |
 * seconds | rounds | turns, value null meaning no end
 * (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html), and the
 * start in `start {combat, combatant, initiative, round, turn, time}`
 * (https://foundryvtt.com/api/interfaces/foundry.documents.types.EffectStartData.html). v13's fields are
 * compatibility accessors there, which warn; Star Wars FFG, which runs on both, reads `value`/`units`
 * and `effect.start.combat` on 14 and the v13 fields on 13 (StarWarsFoundryVTT/StarWarsFFG PR #2280,
 * modules/compatibility/active-effects.js). v14's prepared `duration.seconds` is "the total duration in
 * seconds" (https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectDuration.html), not
 * the stored length, so it is not read here.
 *
 * v14's `expiry` is "an identifier of an event at which the Effect will expire: expiration occurs when
 * both the end of the duration and the expiry event are reached"; core's events include `turnStart` and
 * `turnEnd` (`CONST.ACTIVE_EFFECT_EXPIRY_EVENTS`, https://foundryvtt.com/api/v14/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html),
 * and dnd5e gives round effects `expiry: "turnStart"` by default (foundryvtt/dnd5e PR #6837).
 *
 * Choices made here (not claims about core), so that each length ends on the same turn on both:
 * - v14 has one unit where v13 may give rounds and turns together ("end of your next turn" is v13's
 *   `rounds 1, turns 1`, foundryvtt/foundryvtt-premium-content #1420). The engine reads `rounds R +
 *   turns T` (T > 0) as ending at the end of the originator's turn R + T − 1 rounds on. `R` rounds with
 *   the expiry `turnEnd` is read as `rounds R + turns 1`, and written for it; any other pair is written
 *   as `R + T` turns, which the engine reads the same. Any other expiry leaves rounds at the start of
 *   the turn, as v13's rounds are.
 * - minutes, hours and days are read as 60, 3,600 and 86,400 seconds (a world calendar with other
 *   lengths is not asked); months and years are left untimed (longer than any fight).
 */
import { isGenerationAtLeast } from "./generation.ts";

/** An effect's length in v13's terms (null: not given). */
export interface EffectLength {
  readonly seconds: number | null;
  readonly rounds: number | null;
  readonly turns: number | null;
}

/** When and in which combat an effect started (null: not recorded). */
export interface EffectStart {
  readonly time: number | null;
  readonly combat: string | null;
}

const SECONDS_PER: Readonly<Record<string, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
const UNTIMED: EffectLength = { seconds: null, rounds: null, turns: null };
const TURN_END = "turnEnd";

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
const numberOr = (value: unknown): number | null => (typeof value === "number" ? value : null);
const stringOr = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** The effect's length, in either generation's shape. */
export function effectLength(effect: object): EffectLength {
  const duration = field(effect, "duration");
  if (!isGenerationAtLeast(14)) {
    return {
      seconds: numberOr(field(duration, "seconds")),
      rounds: numberOr(field(duration, "rounds")),
      turns: numberOr(field(duration, "turns")),
    };
  }
  const value = numberOr(field(duration, "value"));
  const units = field(duration, "units");
  if (value === null) return UNTIMED;
  if (units === "rounds")
    return { ...UNTIMED, rounds: value, turns: field(duration, "expiry") === TURN_END ? 1 : null };
  if (units === "turns") return { ...UNTIMED, turns: value };
  const factor = typeof units === "string" ? SECONDS_PER[units] : undefined;
  return factor === undefined ? UNTIMED : { ...UNTIMED, seconds: value * factor };
}

/** The effect's start, in either generation's shape. */
export function effectStart(effect: object): EffectStart {
  if (!isGenerationAtLeast(14)) {
    const duration = field(effect, "duration");
    return { time: numberOr(field(duration, "startTime")), combat: stringOr(field(duration, "combat")) };
  }
  const start = field(effect, "start");
  return { time: numberOr(field(start, "time")), combat: stringOr(field(start, "combat")) };
}

const given = (value: number | null | undefined): value is number => typeof value === "number" && value !== 0;

/** v14's `{value, units, expiry}` for a length in v13's terms (see the file comment for rounds and turns). */
function v14Length(length: Partial<EffectLength>): { value: number | null; units: string; expiry: string | null } {
  const none = { expiry: null };
  if (given(length.seconds)) return { ...none, value: length.seconds, units: "seconds" };
  if (given(length.rounds) && length.turns === 1) return { value: length.rounds, units: "rounds", expiry: TURN_END };
  if (given(length.turns)) return { ...none, value: (length.rounds ?? 0) + length.turns, units: "turns" };
  if (given(length.rounds)) return { ...none, value: length.rounds, units: "rounds" };
  return { ...none, value: null, units: "seconds" };
}

/**
 * The ActiveEffect data (create or update) giving an effect this length and, if given, this start, in
 * the running generation's shape.
 */
export function effectDurationData(length: Partial<EffectLength>, start: Partial<EffectStart> = {}): object {
  const startEntries = Object.entries(start).filter(([, v]) => v !== undefined);
  if (!isGenerationAtLeast(14)) {
    const legacyStart = Object.fromEntries(startEntries.map(([k, v]) => [k === "time" ? "startTime" : k, v]));
    const lengthEntries = Object.entries(length).filter(([, v]) => v !== undefined);
    return { duration: { ...Object.fromEntries(lengthEntries), ...legacyStart } };
  }
  const data: Record<string, unknown> = { duration: v14Length(length) };
  if (startEntries.length > 0) data.start = Object.fromEntries(startEntries);
  return data;
}
