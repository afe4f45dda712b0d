/**
 * An ActiveEffect's data per generation, as the runtime model plays it (issue 20, Active Effects V2).
 *
 * v13 (API EffectDurationData, https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectDurationData.html):
 * `changes` at the top level; `duration {startTime, seconds, rounds, turns, combat, startRound, startTurn}`.
 *
 * v14:
 * - `duration {value, units, expiry, expired}`: "the maximum duration of the Effect in the quantity of the
 *   unit, with null being initialized to Infinity", units years | months | days | hours | minutes | seconds
 *   | rounds | turns, `expiry` "an identifier of an event at which the Effect will expire", `expired` "is
 *   this ActiveEffect expired?" (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html).
 *   The prepared `effect.duration` adds `seconds`, "the total duration in seconds", `remaining` and
 *   `label` (https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectDuration.html).
 * - `start {combat, combatant, initiative, round, turn, time}`, "the world time when the Effect first
 *   started" and the combat, combatant, round and turn then
 *   (https://foundryvtt.com/api/interfaces/foundry.documents.types.EffectStartData.html); Star Wars FFG
 *   PR #2280 (modules/compatibility/active-effects.js) reads it at `effect.start.combat`.
 * - changes at `system.changes` (https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html;
 *   Star Wars FFG PR #2280 writes `system.changes` on 14 and `changes` on 13).
 * - core still takes v13's fields, shims them into the new ones (rounds/turns/seconds → value/units, the
 *   start fields → `start`) and keeps compatibility accessors for them (notes/research-v14.md §1: dnd5e
 *   5.3 silences those warnings; Star Wars FFG reads changes "without triggering Version 14
 *   compatibility accessors").
 *
 * Modelling choices (not claims about core): the legacy accessors and the shim log a compatibility
 * warning worded here, since v14 (deleting them with a ForcedDeletion does not warn); the shim takes the first of seconds, rounds, turns as Star Wars FFG's
 * migration does; a new effect's `start.time` is null until `_preCreate` fills it, as v13's `startTime`;
 * the prepared `seconds` is given for time units only (the model has no calendar beyond 60 s, 60 min, 24 h).
 */
import { logCompatibilityWarning } from "./compatibility.ts";
import { isObj, type Obj } from "./diff.ts";
import { worldGeneration } from "./generation.ts";
import { isForcedDeletion } from "./operators.ts";

const LEGACY_LENGTH = ["seconds", "rounds", "turns"] as const;
const LEGACY_START: Readonly<Record<string, string>> = {
  startTime: "time",
  combat: "combat",
  startRound: "round",
  startTurn: "turn",
};
const SECONDS_PER: Readonly<Record<string, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

const isV14 = (): boolean => worldGeneration.current >= 14;

function warnLegacy(field: string): void {
  logCompatibilityWarning(
    `ActiveEffect ${field} is deprecated: since v14 an effect's length is duration.value and duration.units ` +
      "and its start is the start field; its changes are system.changes.",
    { since: 14, until: 16 },
  );
}

/** The source of a new ActiveEffect before its data is merged in (server.ts). */
export function activeEffectDefaults(): Obj {
  const common = { name: "", img: null, origin: null, disabled: false, statuses: [], flags: {} };
  if (!isV14())
    return {
      ...common,
      changes: [],
      duration: { startTime: null, seconds: null, rounds: null, turns: null, combat: null },
      system: {},
    };
  return {
    ...common,
    duration: { value: null, units: "seconds", expiry: null, expired: false },
    start: { combat: null, combatant: null, initiative: null, round: null, turn: null, time: null },
    system: { changes: [] },
  };
}

/** v13's numeric change modes 0–5 (CONST.ACTIVE_EFFECT_MODES) as v14's change types; another number is `custom.<n>`. */
const CHANGE_TYPES = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

function v14Change(change: unknown): unknown {
  if (!isObj(change) || !("mode" in change)) return change;
  const { mode, ...rest } = change;
  return { ...rest, type: typeof mode === "number" ? (CHANGE_TYPES[mode] ?? `custom.${mode}`) : "custom" };
}

/**
 * v14: v13's fields in create or update data, moved to v14's in place: with the warning a v13 caller
 * gets (`warn`), or silently, as core migrates a source stored by v13 when it loads it (`loadedEffectSource`).
 */
export function shimLegacyEffectData(data: Obj, warn = true): void {
  if (!isV14()) return;
  if (Array.isArray(data.changes)) {
    if (warn) warnLegacy("changes");
    data.system = { ...(isObj(data.system) ? data.system : {}), changes: data.changes.map(v14Change) };
    delete data.changes;
  }
  const duration = data.duration;
  if (!isObj(duration)) return;
  const legacy = Object.keys(duration).filter(
    (k) => ((LEGACY_LENGTH as readonly string[]).includes(k) || k in LEGACY_START) && !isForcedDeletion(duration[k]),
  );
  if (legacy.length === 0) return;
  if (warn) warnLegacy(`duration.${legacy[0] ?? ""}`);
  const unit = LEGACY_LENGTH.find((k) => typeof duration[k] === "number");
  if (unit !== undefined) Object.assign(duration, { value: duration[unit], units: unit });
  const start: Obj = isObj(data.start) ? data.start : {};
  for (const [old, now] of Object.entries(LEGACY_START)) if (old in duration) start[now] = duration[old];
  if (Object.keys(start).length > 0) data.start = start;
  data.duration = Object.fromEntries(Object.entries(duration).filter(([key]) => !legacy.includes(key)));
}

/**
 * v14: an effect source stored by v13 (a world moved from v13), as core migrates it when a page loads it:
 * v13's fields moved to v14's, silently, one unit kept of rounds + turns ("The new data structure
 * requires a single unit and a single value", foundryvtt/foundryvtt #14112), and v14's missing fields at
 * their defaults. Read through `_source`, the page never sees v13's fields as data again (Rune Quest
 * Glorantha found v14's remaining legacy keys are accessors derived from the new fields,
 * sun-dragon-cult/fvtt-system-rqg #984 and PR #987); the model keeps none on the source. A source
 * already in v14's shape is left as it is. The server's stored copy is not rewritten: a load does not
 * write.
 */
export function loadedEffectSource(source: Obj): void {
  if (!isV14()) return;
  const duration = isObj(source.duration) ? source.duration : null;
  const legacy = Array.isArray(source.changes) || (duration !== null && !("value" in duration));
  if (!legacy) return;
  shimLegacyEffectData(source, false);
  const defaults = activeEffectDefaults();
  for (const key of ["duration", "start", "system"] as const) {
    const own = isObj(source[key]) ? source[key] : {};
    source[key] = { ...(defaults[key] as Obj), ...own };
  }
}

/** v14's prepared `effect.duration`: its fields, and v13's as accessors that warn. */
export function preparedDuration(source: Obj): Obj {
  const duration = isObj(source.duration) ? source.duration : {};
  const start = isObj(source.start) ? source.start : {};
  const value = typeof duration.value === "number" ? duration.value : null;
  const factor = SECONDS_PER[String(duration.units)];
  const prepared: Obj = { ...duration, seconds: value === null || factor === undefined ? null : value * factor };
  for (const key of ["rounds", "turns"])
    Object.defineProperty(prepared, key, {
      get: () => (warnLegacy(`duration.${key}`), duration.units === key ? value : null),
    });
  for (const [old, now] of Object.entries(LEGACY_START))
    Object.defineProperty(prepared, old, { get: () => (warnLegacy(`duration.${old}`), start[now] ?? null) });
  return prepared;
}

/**
 * The effect sources an unlinked token's ActorDelta stores (`token.delta.effects`, an array in the token's
 * source: dnd5e's world migration reads and rewrites `token.delta` effects per token,
 * foundryvtt/dnd5e module/migration.mjs `migrateWorld` "Migrate ActorDeltas individually"; ddb-importer
 * walks `sceneToken.delta.effects` as an array of sources). The array's own objects, to change in place.
 */
export function deltaEffectSources(token: Obj): Obj[] {
  const delta = isObj(token.delta) ? token.delta : {};
  return Array.isArray(delta.effects) ? delta.effects.filter(isObj) : [];
}
