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
import type { Stored } from "./stored-json.ts";
import type { StoreMemo } from "./store-memo.ts";

type Lanes = readonly [number, number];

/** FNV-1a of `text` in two lanes, after a one-character tag (the kind of value). */
function hashText(tag: number, text: string): Lanes {
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

function plainLanes(value: string | number | boolean): Lanes {
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
    let k = texts?.keys.get(key);
    if (k === undefined) {
      k = hashText(0x6b, key);
      texts?.keys.set(key, k);
    }
    const v = lanesWith(value[key] as Stored, memo, texts);
    a = (a + mix(k[0] ^ mix(v[0] + 0x9e3779b9))) >>> 0;
    b = (b + mix(k[1] ^ mix(v[1] + 0x7f4a7c15))) >>> 0;
    n++;
  }
  const found: Lanes = [mix(a ^ n), mix(b ^ Math.imul(n, 0x27d4eb2d))];
  memo?.fingerprints.set(value, found);
  return found;
}

/** The fingerprint of `value` (see the file comment). */
export function storedFingerprint(value: Stored, memo?: StoreMemo): string {
  const [a, b] = lanesOf(value, memo);
  return `${a.toString(36)}.${b.toString(36)}`;
}
