/**
 * The stored form of an engine state: the JSON that the Foundry layer keeps in `Combat.system`.
 *
 * Foundry diffs an update against the stored document object by object, key by key, but replaces an
 * array whole (ARCHITECTURE "Foundry layer"; the same merge rules `flags` updates follow). A scheduler
 * keeps its roster in persistent vectors and its orders in arrays, so storing a state as it is would
 * ship whole arrays on every step (about 74 KB per "next turn" at 300 combatants). The stored form
 * therefore has no arrays: every array becomes a record keyed by index with its length under `#`, so
 * a change to one element reaches Foundry as that element's changed fields only.
 *
 * Object keys are escaped where Foundry would read them as something else: a `.` (a path), a leading
 * `-=` (a deletion), `==` (a replacement), `#` (our array marker) and `__proto__` all become
 * `~` + the UTF-16 code units in hex. Keys of letters, digits and `_` (Foundry ids, engine field
 * names, indices) are kept as they are, so a stored state stays readable.
 *
 * `decodeStored(encodeStored(x))` deep-equals `x` for every JSON value `x`.
 */
import { setOwn } from "./own-property.ts";
import type { StoreMemo } from "./store-memo.ts";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
/** A JSON object (not an array). */
export type JsonRecord = { readonly [key: string]: Json };

/** Whether `value` is a JSON object rather than a leaf or an array. */
export function isJsonRecord(value: Json | undefined): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored value: JSON without arrays. */
export type Stored = null | boolean | number | string | StoredObject;
export interface StoredObject {
  readonly [key: string]: Stored;
}

/** The largest array index (2^32 - 2): the far key {@link stepRecord} begins with and removes. */
const FAR_INDEX = "4294967294";

/**
 * Issue 17: an empty record for keys that are step numbers (undo steps, a ledger's steps). V8 keeps an
 * object's integer-named properties apart, as "elements" (https://v8.dev/blog/elements-kinds), in an
 * array while they are dense enough: the first key below about 1,024 given to an empty object made an
 * array of about 1.5 times that many slots, so a record holding step 950 took some 11 KB, and
 * `Object.keys` and `JSON.stringify` walked every slot (measured, Node 20: 6.3 KB for a record of step
 * 500, 0.3 KB begun here; in round 1 of a 1,000-creature encounter a click's allocation doubled by the
 * round's end, and fell back once the step numbers passed 1,024). A record that first holds a far index
 * keeps its integer keys in a hash table (dictionary elements), as V8 does past step 1,024 anyway. Its
 * keys, their order and its JSON are the same: integer keys list in ascending order either way.
 */
export function stepRecord<T = Stored>(): Record<string, T> {
  const out: Record<string, T> = {};
  Reflect.set(out, FAR_INDEX, null);
  Reflect.deleteProperty(out, FAR_INDEX);
  return out;
}

/** The key that marks an encoded array and holds its length. */
export const ARRAY_LENGTH_KEY = "#";

const PLAIN_KEY = /^[A-Za-z0-9_]+$/;

/** A key as it is written in the stored form (see the file comment). */
export function encodeKey(key: string): string {
  if (PLAIN_KEY.test(key) && key !== "__proto__") return key;
  let out = "~";
  for (let i = 0; i < key.length; i++) out += key.charCodeAt(i).toString(16).padStart(4, "0");
  return out;
}

/** The original key of a stored key, or null when `stored` is not a key `encodeKey` writes. */
export function decodeKey(stored: string): string | null {
  if (!stored.startsWith("~")) return isPlainKey(stored) && stored !== "__proto__" ? stored : null;
  const hex = stored.slice(1);
  if (hex.length % 4 !== 0 || !/^[0-9a-f]*$/.test(hex)) return null;
  let key = "";
  for (let i = 0; i < hex.length; i += 4) key += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return encodeKey(key) === stored ? key : null;
}

/**
 * The stored form of `value`. `memo` (issue 17, store-memo.ts): the host's record of values encoded
 * before, so a state that shares most of its parts with the last one shares their stored form too, and
 * the diff between the two (update-diff.ts) skips every shared part at once.
 */
export function encodeStored(value: Json, memo?: StoreMemo): Stored {
  if (value === null || typeof value !== "object") return value;
  const known = memo?.encoded.get(value) as Stored | undefined;
  if (known !== undefined) return known;
  const out = encodeObject(value, memo);
  memo?.encoded.set(value, out);
  return out;
}

function encodeObject(value: Json & object, memo: StoreMemo | undefined): Stored {
  const out: Record<string, Stored> = {};
  if (Array.isArray(value)) {
    const list: readonly Json[] = value;
    out[ARRAY_LENGTH_KEY] = list.length;
    list.forEach((item, index) => {
      out[String(index)] = encodeStored(item, memo);
    });
    return out;
  }
  const record = value as { readonly [key: string]: Json };
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (item !== undefined) setOwn(out, encodeKey(key), encodeStored(item, memo));
  }
  return out;
}

/**
 * `PLAIN_KEY`'s test, by character codes: a page decodes some ten thousand keys a read at 1,000 combatants
 * (issue 17), where the regular expression's call cost more than the check.
 */
function isPlainKey(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    // 0-9, A-Z, _, a-z
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95 || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

/**
 * The JSON a stored value encodes, or null when it is not one `encodeStored` writes. `previous` (issue 17):
 * a value this read gave before (column-read.ts `RowsMemo`); a part of it that `value` encodes exactly
 * (key order included) is given back as it is, the same object, so a page that reads a step another page
 * wrote builds only what the step changed and the passes after it can tell the rest by identity. It is
 * compared with the stored value, never remembered by it: Foundry merges an update into the stored
 * source in place (column-read.ts). `plain`: stored keys found to be kept as they are (`decodeKey` gives
 * the key itself), by text, so a page's reads test each key once (some ten thousand a read at 1,000
 * combatants, where the test cost a read 0.1 ms).
 */
export function decodeStored(value: unknown, previous?: Json, plain?: Set<string>): { readonly value: Json } | null {
  const out = decodeValue(value, previous, plain);
  return out === undefined ? null : { value: out };
}

/** `decodeStored`'s value, undefined where it is null (no wrapper per part). */
function decodeValue(value: unknown, previous: Json | undefined, plain: Set<string> | undefined): Json | undefined {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, ARRAY_LENGTH_KEY))
    return decodeArray(record, Array.isArray(previous) ? (previous as readonly Json[]) : undefined, plain);
  return decodeRecord(record, isJsonRecord(previous) ? previous : undefined, plain);
}

/** `decodeKey(key)`, remembered in `plain` when the key is kept as it is. */
function plainOnce(key: string, plain: Set<string> | undefined): string | null {
  const original = decodeKey(key);
  if (plain !== undefined && original === key) plain.add(key);
  return original;
}

function decodeRecord(
  record: Record<string, unknown>,
  previous: JsonRecord | undefined,
  plain: Set<string> | undefined,
): Json | undefined {
  const keys = Object.keys(record);
  const before = previous === undefined ? undefined : Object.keys(previous);
  // Built only once a key or a value differs from `previous` (its earlier keys copied then).
  let out: Record<string, Json> | null = before?.length === keys.length ? null : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const original = plain?.has(key) === true ? key : plainOnce(key, plain);
    if (original === null) return undefined;
    // The value `previous` holds at the same place (a key that moved is decoded anew).
    const at = before?.[i] === original;
    const was = at ? previous?.[original] : undefined;
    const item = decodeValue(record[key], was, plain);
    if (item === undefined) return undefined;
    if (out === null && (!at || item !== was)) out = firstKeys(previous, before, i);
    if (out !== null) setOwn(out, original, item);
  }
  return out ?? previous ?? {};
}

/** A new record holding the first `n` keys of `previous` (those found the same so far). */
function firstKeys(previous: JsonRecord | undefined, keys: readonly string[] | undefined, n: number) {
  const out: Record<string, Json> = {};
  for (let i = 0; i < n; i++) {
    const key = keys?.[i];
    if (previous !== undefined && key !== undefined) setOwn(out, key, previous[key] as Json);
  }
  return out;
}

function decodeArray(
  record: Record<string, unknown>,
  previous: readonly Json[] | undefined,
  plain: Set<string> | undefined,
): Json | undefined {
  const length = record[ARRAY_LENGTH_KEY];
  if (typeof length !== "number" || !Number.isInteger(length) || length < 0) return undefined;
  if (Object.keys(record).length !== length + 1) return undefined;
  // Built only once an item differs from `previous` (its earlier items copied then).
  let out: Json[] | null = previous?.length === length ? null : [];
  for (let index = 0; index < length; index++) {
    const key = String(index);
    const was = previous?.[index];
    const item = Object.hasOwn(record, key) ? decodeValue(record[key], was, plain) : undefined;
    if (item === undefined) return undefined;
    if (out === null && item !== was) out = previous?.slice(0, index) ?? [];
    out?.push(item);
  }
  return out ?? previous ?? [];
}
