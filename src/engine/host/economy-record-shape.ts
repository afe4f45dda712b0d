/**
 * The stored form of a combatant's action record (`{ now, undo, redo }`, economy-records.ts): reading it
 * back, the schema check a host runs on it, and the update from one stored form to the next.
 */
import type { Stored, StoredObject } from "../storage/stored-json.ts";
import { diffStored, type StoredUpdate } from "../storage/update-diff.ts";

export interface ActionRecord {
  readonly now: StoredObject | null;
  readonly undo: StoredObject;
  readonly redo: StoredObject;
}

export const EMPTY_ACTION_RECORD: ActionRecord = { now: null, undo: {}, redo: {} };

export const STEP_KEY = /^\d+$/;
const DELETED_STEP = /^-=\d+$/;

export const isObject = (value: unknown): value is StoredObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const stepKeys = (record: StoredObject): string[] => Object.keys(record).filter((k) => STEP_KEY.test(k));

/**
 * Only the step-numbered trackers of a stored `undo` / `redo`: the stored object itself when it holds
 * nothing else (issue 17: no copy per record read; stored values are never changed in place).
 */
function readSteps(value: unknown): StoredObject {
  if (!isObject(value)) return {};
  let clean = true;
  for (const key of Object.keys(value)) {
    if (!STEP_KEY.test(key) || !isObject(value[key])) {
      clean = false;
      break;
    }
  }
  if (clean) return value;
  const out: Record<string, Stored> = {};
  for (const key of stepKeys(value)) if (isObject(value[key])) out[key] = value[key];
  return out;
}

/** A record read back from storage; what is not well formed is left out (and healed by the next write). */
export function readActionRecord(value: unknown): ActionRecord {
  if (!isObject(value)) return EMPTY_ACTION_RECORD;
  return { now: isObject(value.now) ? value.now : null, undo: readSteps(value.undo), redo: readSteps(value.redo) };
}

/**
 * AP-2: a rotation tracker's constant-damage roll (`RotationActions.constant`: the weapon, the targets hit
 * and the rotation), whole or in part (an update changes only what differs).
 */
const isConstantPart = (value: unknown): boolean =>
  isObject(value) &&
  Object.entries(value).every(
    ([k, v]) =>
      (k === "item" && typeof v === "string") ||
      (k === "round" && typeof v === "number") ||
      (k === "hits" && Array.isArray(v) && v.every((hit) => typeof hit === "string")),
  );

/** A tracker: numbers, flags and nulls (AP-2: and a `constant` roll). */
const isFlat = (value: unknown): boolean =>
  isObject(value) &&
  Object.entries(value).every(
    ([k, v]) =>
      typeof v === "number" || typeof v === "boolean" || v === null || (k === "constant" && isConstantPart(v)),
  );

/** Step-numbered flat objects; `-=n: null` is a deletion in an update (a partial change is checked too). */
const isStepRecord = (value: unknown): boolean =>
  isObject(value) &&
  Object.entries(value).every(([k, v]) => (STEP_KEY.test(k) && isFlat(v)) || (DELETED_STEP.test(k) && v === null));

/**
 * Whether a stored record has the shape this module writes (a host's schema check, e.g. Foundry's
 * `Combatant.system.actions`): `now` null or a flat object of numbers and flags (and AP-2's constant roll), `undo` and `redo`
 * step-numbered flat objects; a partial update of that shape passes too (fields left out, `-=n` deletions).
 * Whether `now` is a tracker of the combat's ruleset is checked on reading.
 */
export function isActionRecordShape(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.every((k) => k === "now" || k === "undo" || k === "redo") &&
    (value.now === null || value.now === undefined || isFlat(value.now)) &&
    (value.undo === undefined || isStepRecord(value.undo)) &&
    (value.redo === undefined || isStepRecord(value.redo))
  );
}

/**
 * Whether two stored values are equal (`diffStored` finds no update between them), stopping at the first
 * difference and building nothing (issue 17: a step compares each record it read with what it becomes).
 */
export function sameStored(a: Stored | undefined, b: Stored | undefined): boolean {
  if (a === b) return true;
  // As `diffStored`, a list (AP-2's `hits`) is compared key by key too.
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    count++;
    if (!Object.hasOwn(b, key) || !sameStored(a[key], b[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) count--;
  return count === 0;
}

/** The update that turns the stored `before` (as stored, junk included) into `after`; null when equal. */
export function actionRecordUpdate(before: unknown, after: ActionRecord): StoredUpdate | null {
  const next = after as unknown as StoredObject;
  return isObject(before) ? diffStored(before, next) : next;
}
