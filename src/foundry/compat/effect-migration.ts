/**
 * Issue 20: ActiveEffects a v13 world stored are rewritten once, persisted, in v14's shape when the
 * world runs on v14, by the active GM (so that Tempo's timers and core read one shape, and nothing is
 * left to v14's compatibility shims, which warn). The pattern is Star Wars FFG's (StarWarsFoundryVTT/
 * StarWarsFFG PR #2280, modules/migration/active-effects-v14.js: active GM, generation ≥ 14; the documents
 * of effect-parents.ts; `changes` to `system.changes` with the numeric mode as a string type; the
 * duration fields to `duration {value, units}` and `start`).
 *
 * What it reads: each effect's stored source (`_source`), and of it only data properties. v14 core has
 * already migrated a v13 effect when the page loaded it, and what is left of v13's duration keys there are
 * accessors derived from the new fields: a migration that reads them, or reads a copy made by
 * `toObject()`, finds "legacy" keys on every effect every time and reads deprecated accessors
 * (sun-dragon-cult/fvtt-system-rqg #984, fixed in PR #987 by reading `_source`'s data properties only).
 * What it writes, in one update per document holding effects:
 * - an effect stamped on v13 (`flags.tempo.v13Length`, effect-length-stamp.ts) gets its length from the
 *   stamp, written by effect-duration.ts, so a v13 `rounds 1, turns 1` ("end of your next turn") keeps its
 *   meaning as `1 round, expiry turnEnd`, which core's own conversion cannot keep (v14 has "a single unit
 *   and a single value", foundryvtt/foundryvtt #14112); the stamp is removed in the same update, so a
 *   second run finds nothing;
 * - an effect whose source still holds v13's fields as data is rewritten from them (v13 modes 0–5 are
 *   CONST.ACTIVE_EFFECT_MODES CUSTOM, MULTIPLY, ADD, DOWNGRADE, UPGRADE, OVERRIDE,
 *   https://foundryvtt.com/api/v13/variables/CONST.ACTIVE_EFFECT_MODES.html; v14's change types are the
 *   lower-case names, https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html).
 * An effect core converted that has no stamp (made on v13 before this release and never seen by its
 * `ready`) keeps core's conversion.
 */
import { SYSTEM_ID } from "../system-id.ts";
import { deletionOf } from "./deletion.ts";
import { effectDurationData } from "./effect-duration.ts";
import { stampedLength, V13_LENGTH_FLAG } from "./effect-length-stamp.ts";
import { effectParents, type EffectParent } from "./effect-parents.ts";
import { isGenerationAtLeast } from "./generation.ts";

type Source = Record<string, unknown>;

const LEGACY_DURATION = ["seconds", "rounds", "turns", "startTime", "startRound", "startTurn", "combat"];
const CHANGE_TYPES = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

const obj = (value: unknown): Source =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Source) : {};
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

function v14Change(change: unknown): Source {
  const { mode, ...rest } = obj(change);
  const type = typeof mode === "number" ? (CHANGE_TYPES[mode] ?? `custom.${String(mode)}`) : "custom";
  return { ...rest, type };
}

/** Whether `key` is stored on `source` as data (not an accessor core derives from v14's fields). */
function isData(source: Source, key: string): boolean {
  const found = Object.getOwnPropertyDescriptor(source, key);
  return found !== undefined && "value" in found;
}

/** The v14 update (with `_id`) of an effect source with v13 data or a v13 stamp, or null when it has neither. */
export function v14EffectUpdate(source: Source): Source | null {
  const duration = obj(source.duration);
  const legacy = LEGACY_DURATION.filter((key) => isData(duration, key));
  const changes = isData(source, "changes") && Array.isArray(source.changes) ? (source.changes as unknown[]) : null;
  const stamped = isData(obj(obj(source.flags)[SYSTEM_ID]), V13_LENGTH_FLAG);
  if (legacy.length === 0 && changes === null && !stamped) return null;
  const update: Source = { _id: source._id };
  const stamp = stampedLength(source);
  if (legacy.length > 0 || stamp !== null) {
    const length = stamp ?? {
      seconds: num(duration.seconds),
      rounds: num(duration.rounds),
      turns: num(duration.turns),
    };
    update.duration = Object.assign(
      obj(obj(effectDurationData(length)).duration),
      ...legacy.map((key) => deletionOf(key)),
    );
  }
  if (legacy.length > 0) {
    const start = {
      time: num(duration.startTime),
      combat: typeof duration.combat === "string" ? duration.combat : null,
    };
    update.start = { ...start, round: num(duration.startRound), turn: num(duration.startTurn) };
  }
  if (changes !== null) {
    update.system = { changes: changes.map(v14Change) };
    Object.assign(update, deletionOf("changes"));
  }
  if (stamped) update.flags = { [SYSTEM_ID]: deletionOf(V13_LENGTH_FLAG) };
  return update;
}

/** Rewrites a document's effects (one write) and its items' effects; the number of effects rewritten. */
async function migrateParent(parent: EffectParent): Promise<number> {
  const updates: Source[] = [];
  for (const effect of parent.effects ?? []) {
    const update = v14EffectUpdate(obj(effect._source));
    if (update !== null) updates.push(update);
  }
  if (updates.length > 0) await parent.updateEmbeddedDocuments("ActiveEffect", updates);
  let count = updates.length;
  for (const item of parent.items ?? []) count += await migrateParent(item);
  return count;
}

/**
 * On v14, the active GM rewrites every v13-shaped effect of the world; the number rewritten (0 on v13,
 * on another client, or when there is none left: running it again writes nothing).
 */
export async function migrateEffectsToV14(): Promise<number> {
  if (!isGenerationAtLeast(14) || game.users.activeGM?.isSelf !== true) return 0;
  let count = 0;
  for (const parent of effectParents()) count += await migrateParent(parent);
  return count;
}
