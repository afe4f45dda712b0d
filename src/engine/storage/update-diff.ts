/**
 * Foundry-shaped updates between two stored values (see stored-json.ts).
 *
 * An update holds only what changed: a changed or new key with its new value, nested objects
 * recursed into, and `"-=key": null` for a key that is gone. That is the shape Foundry's
 * `Document#update` accepts for an `ObjectField` and the shape it diffs before sending
 * (`foundry.utils.diffObject` compares objects by key; `mergeObject` with `-=` deletes a key, as
 * modules do to remove flags). Because the stored form has no arrays, the update never carries a
 * whole list.
 */
import { setOwn } from "./own-property.ts";
import type { StoreMemo } from "./store-memo.ts";
import { stepRecord, type Stored, type StoredObject } from "./stored-json.ts";

export type StoredUpdate = StoredObject;

/** A key of an update that deletes the key after it (`-=key`, Foundry's deletion form). */
export const DELETE_PREFIX = "-=";

/** A stored object (stored values hold no arrays: stored-json.ts). */
export function isStoredObject(value: Stored | undefined): value is StoredObject {
  return typeof value === "object" && value !== null;
}

/**
 * The update that turns `before` into `after`, or null when they are equal. `memo` (issue 18: the GM's
 * secrets are the update between the published engine and the whole one at every step): the update
 * between two objects already diffed is the one found then (stored values are never changed in place).
 */
export function diffStored(before: StoredObject, after: StoredObject, memo?: StoreMemo): StoredUpdate | null {
  if (memo === undefined) return diffOf(before, after, undefined);
  const known = memo.diffs.get(before);
  if (known !== undefined && known.after === after) return known.update as StoredUpdate | null;
  const update = diffOf(before, after, memo);
  memo.diffs.set(before, { after, update });
  return update;
}

/** Integer keys past this one first given to an empty object make V8 allocate a slot for each below it. */
const DENSE_INDEX_LIMIT = 64;

/**
 * An empty record for the keys of `source`: a step record (stored-json.ts `stepRecord`) when its first key
 * is an integer past a few dozen (integer keys list first: the undo steps of a history), a plain object else.
 */
function recordFor(source: StoredObject): Record<string, Stored> {
  for (const key in source) {
    const first = Number(key);
    return Number.isInteger(first) && first > DENSE_INDEX_LIMIT ? stepRecord() : {};
  }
  return {};
}

function diffOf(before: StoredObject, after: StoredObject, memo: StoreMemo | undefined): StoredUpdate | null {
  const update = recordFor(after);
  let changed = false;
  for (const key of Object.keys(after)) {
    const next = after[key] as Stored;
    const previous = Object.hasOwn(before, key) ? before[key] : undefined;
    if (previous === next) continue; // the same value, or the very same object (shared by both states)
    if (isStoredObject(previous) && isStoredObject(next)) {
      const inner = diffStored(previous, next, memo);
      if (inner !== null) {
        setOwn(update, key, inner);
        changed = true;
      }
    } else {
      // A new key, a changed leaf, or an object replaced by a leaf (or the other way round).
      // An object that replaces a leaf is sent whole; Foundry stores it as given.
      setOwn(update, key, next);
      changed = true;
    }
  }
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) {
      update[DELETE_PREFIX + key] = null;
      changed = true;
    }
  }
  return changed ? update : null;
}

/** `target` with `update` merged in (Foundry's merge rules above); neither input changes. */
export function applyStoredUpdate(target: StoredObject, update: StoredUpdate): StoredObject {
  const deleted = new Set(
    Object.keys(update)
      .filter((key) => key.startsWith(DELETE_PREFIX))
      .map((key) => key.slice(DELETE_PREFIX.length)),
  );
  const out = recordFor(target);
  for (const key of Object.keys(target)) if (!deleted.has(key)) setOwn(out, key, target[key] as Stored);
  for (const key of Object.keys(update)) {
    const value = update[key] as Stored;
    if (key.startsWith(DELETE_PREFIX)) continue;
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    setOwn(out, key, isStoredObject(current) && isStoredObject(value) ? applyStoredUpdate(current, value) : value);
  }
  return out;
}

/**
 * A deep copy of a stored value (issue 17: what a write hands Foundry, so nothing it passes through can
 * change the stored form the writer keeps; a plain walk, a few times faster than `structuredClone` for
 * the small update of a step).
 */
export function copyStored<T extends Stored>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return (value as readonly Stored[]).map((item) => copyStored(item)) as unknown as T;
  const out = recordFor(value as StoredObject);
  for (const key of Object.keys(value)) setOwn(out, key, copyStored((value as StoredObject)[key] as Stored));
  return out as T;
}

/** Bytes of an update as Foundry would send it (its JSON, UTF-8). */
export function updateBytes(update: unknown): number {
  const text = JSON.stringify(update ?? {});
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair: one four-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}
