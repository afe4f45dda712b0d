/**
 * A short fingerprint of a stored value (issue 18: the GM's browser keeps the secret half of a combat
 * for the exact document it was written with, combat/secret-store.ts): equal values give equal
 * fingerprints whatever order their keys are listed in (a document read back from Foundry may list them
 * in another order than the writer built them), and different ones almost surely differ (two 32-bit
 * lanes). It tells a document this GM wrote from one another GM wrote with the same sequence number;
 * it is no defence against anyone.
 *
 * An object's fingerprint is the sum of its entries' mixed hashes (key and value), so no key is sorted
 * and no text is built; with a memo (store-memo.ts) each object's is found once, and a step's stored
 * state shares every part it did not change with the one before: fingerprinting it costs what the step
 * changed.
 */
import type { Stored, StoredObject } from "./stored-json.ts";
import type { StoreMemo } from "./store-memo.ts";
import { DELETE_PREFIX, isStoredObject, type StoredUpdate } from "./update-diff.ts";

/** An object's lanes, then the sums they were mixed from and its number of entries (store-memo.ts). */
type Known = readonly [number, number, number, number, number];
/** Two 32-bit hash lanes (an object's memo entry has its sums and entry count after them). */
type Lanes = readonly [number, number] | Known;

/** FNV-1a of `text` in two lanes, after a one-character tag (the kind of value). */
function hashText(tag: number, text: string): readonly [number, number] {
  let a = Math.imul(0x811c9dc5 ^ tag, 0x01000193);
  let b = Math.imul(0x050c5d1f ^ tag, 0x01000193);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return [a >>> 0, b >>> 0];
}

/** Murmur3's finalizer: every input bit reaches every output bit. */
function mix(h: number): number {
  let x = h >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Issue 17: the lanes of the keys and plain values a combat's fingerprints hash, kept in the memo they
 * were found with (store-memo.ts `textLanes`: the engine keeps nothing of its own between calls). A step
 * changes a few records of a large object, and fingerprinting that object again hashes a thousand
 * creature ids and numbers it has hashed before; each text's lanes are the same every time. Emptied when
 * they grow past `TEXTS_KEPT`.
 */
const TEXTS_KEPT = 50_000;
const SHORT_TEXT = 64;

function textsOf(memo: StoreMemo | undefined) {
  if (memo === undefined) return undefined;
  const texts = memo.textLanes;
  if (texts.keys.size + texts.values.size > TEXTS_KEPT) {
    texts.keys.clear();
    texts.values.clear();
  }
  return texts;
}

function plainLanes(value: string | number | boolean): readonly [number, number] {
  return typeof value === "string" ? hashText(0x73, value) : hashText(0x70, String(value) + typeof value);
}

function lanesOf(value: Stored, memo: StoreMemo | undefined): Lanes {
  return lanesWith(value, memo, textsOf(memo));
}

function lanesWith(value: Stored, memo: StoreMemo | undefined, texts: ReturnType<typeof textsOf>): Lanes {
  if (value === null) return hashText(0x6e, "");
  if (typeof value !== "object") {
    // Long texts (a packed schedule) are hashed each time: they are few, and not kept.
    if (texts === undefined || (typeof value === "string" && value.length > SHORT_TEXT)) return plainLanes(value);
    let found = texts.values.get(value);
    if (found === undefined) texts.values.set(value, (found = plainLanes(value)));
    return found;
  }
  const known = memo?.fingerprints.get(value);
  if (known !== undefined) return known;
  let a = 0;
  let b = 0;
  let n = 0;
  for (const key of Object.keys(value)) {
    const k = keyLanes(key, texts);
    const v = lanesWith(value[key] as Stored, memo, texts);
    a = (a + entryLane(k[0], v[0] + 0x9e3779b9)) >>> 0;
    b = (b + entryLane(k[1], v[1] + 0x7f4a7c15)) >>> 0;
    n++;
  }
  const found = closed(a, b, n);
  memo?.fingerprints.set(value, found);
  return found;
}

function keyLanes(key: string, texts: ReturnType<typeof textsOf>): readonly [number, number] {
  let k = texts?.keys.get(key);
  if (k === undefined) {
    k = hashText(0x6b, key);
    texts?.keys.set(key, k);
  }
  return k;
}

/** One lane of an entry's share of its object's sum (key lane, value lane plus the lane's constant). */
function entryLane(key: number, value: number): number {
  return mix(key ^ mix(value));
}

/** An object's lanes from its entries' sums and count, kept with them. */
function closed(a: number, b: number, n: number): Known {
  return [mix(a ^ n), mix(b ^ Math.imul(n, 0x27d4eb2d)), a, b, n];
}

/**
 * Issue 17: the fingerprint of `after`, a stored value made from `before` by `update` (update-diff.ts
 * `diffStored(before, after)`: every key it does not name holds an equal value in both), found from
 * `before`'s (kept in `memo` when it was fingerprinted) and the entries the update names, and kept in
 * `memo`, so that fingerprinting `after` then costs what the step changed, not the objects of a thousand
 * entries it rebuilt around one changed record. Nothing is kept when `before`'s is not known.
 */
export function fingerprintAfter(
  before: StoredObject,
  update: StoredUpdate | null,
  after: StoredObject,
  memo: StoreMemo,
): void {
  if (memo.fingerprints.has(after)) return;
  const found = update === null ? memo.fingerprints.get(before) : sumsAfter(before, update, after, memo);
  if (found !== undefined) memo.fingerprints.set(after, found);
}

/** Sums and entry count of an object's lanes while an update is worked in (`sumsAfter`). */
interface Sums {
  a: number;
  b: number;
  n: number;
}

/** Adds (`sign` 1) or takes away (-1) the share of entry `key` with value lanes `v` (see `lanesWith`). */
function addEntry(sums: Sums, key: readonly [number, number], v: Lanes, sign: 1 | -1): void {
  sums.a = (sums.a + sign * entryLane(key[0], v[0] + 0x9e3779b9)) >>> 0;
  sums.b = (sums.b + sign * entryLane(key[1], v[1] + 0x7f4a7c15)) >>> 0;
}

function sumsAfter(
  before: StoredObject,
  update: StoredUpdate,
  after: StoredObject,
  memo: StoreMemo,
): Known | undefined {
  const known = memo.fingerprints.get(before);
  if (known === undefined) return undefined;
  const texts = textsOf(memo);
  const sums: Sums = { a: known[2], b: known[3], n: known[4] };
  for (const key of Object.keys(update)) {
    if (key.startsWith(DELETE_PREFIX)) {
      const gone = key.slice(DELETE_PREFIX.length);
      // Stored keys never start with "-=" (stored-json.ts `encodeKey`): it is a deletion, as diffStored writes it.
      if (update[key] !== null || Object.hasOwn(after, key)) return undefined;
      if (!Object.hasOwn(before, gone) || Object.hasOwn(after, gone)) return undefined;
      addEntry(sums, keyLanes(gone, texts), lanesWith(before[gone] as Stored, memo, texts), -1);
      sums.n--;
      continue;
    }
    if (!Object.hasOwn(after, key)) return undefined;
    const k = keyLanes(key, texts);
    const previous = Object.hasOwn(before, key) ? before[key] : undefined;
    if (previous === undefined) sums.n++;
    else addEntry(sums, k, lanesWith(previous, memo, texts), -1);
    addEntry(sums, k, lanesNow(previous, after[key] as Stored, update[key], memo, texts), 1);
  }
  return closed(sums.a, sums.b, sums.n);
}

/** A value after the update: an object that replaced an object, with its own update, found the same way. */
function lanesNow(
  previous: Stored | undefined,
  value: Stored,
  inner: Stored | undefined,
  memo: StoreMemo,
  texts: ReturnType<typeof textsOf>,
): Lanes {
  if (isStoredObject(previous) && isStoredObject(value) && isStoredObject(inner)) {
    const found = memo.fingerprints.get(value) ?? sumsAfter(previous, inner, value, memo);
    if (found !== undefined) {
      memo.fingerprints.set(value, found);
      return found;
    }
  }
  return lanesWith(value, memo, texts);
}

/** The fingerprint of `value` (see the file comment). */
export function storedFingerprint(value: Stored, memo?: StoreMemo): string {
  const [a, b] = lanesOf(value, memo);
  return `${a.toString(36)}.${b.toString(36)}`;
}
