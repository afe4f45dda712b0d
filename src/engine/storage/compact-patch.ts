/**
 * An undo or redo patch as the history stores it (issue 17: each kept undo step adds < 1 KB at 300).
 *
 * A small patch (a turn step's) is stored as it was before: the encoded update (stored-json.ts). A
 * large one (a roll all's, a round boundary's: one field of every creature) is stored as ONE string:
 * its rows written field by field (patch-transpose.ts), then compressed (lz-text.ts) against the stored state it
 * will be applied to — the state after the step for an undo patch, the state before it for a redo
 * patch — which both the writer and the reader have when it is used. What a patch repeats of that
 * state (ids, field names, the cells of a column it changes) or of itself (the same value for every
 * creature) costs a few characters; only what cannot be found again (the rolled dice) costs its size.
 *
 * The dictionary is what stands in the target at the patch's own paths (patch-outline.ts): the
 * patch's outline (its keys), stored first and compressed on its own, then the target's values at
 * those keys (keys sorted at every level, since a state read back from Foundry may list keys in
 * another order than the one the writer built; rows field by field), so an old order or column the
 * patch restores is found beside the present one as runs. Packing costs the patch's size, not the
 * state's (issue 17: at a 1,000-creature round boundary the whole state as a dictionary cost
 * ~100 ms). `"` and `'` are swapped in all three texts so the compressed text needs few JSON
 * escapes. The string is `~y`, a hash of the target's values at the patch's keys, `:`, the length of
 * the compressed outline (base 36), `:`, then the outline and the patch compressed. A patch applied
 * to a state that holds other values at its keys is refused (null), never misread; one that differs
 * only elsewhere reads as the same patch.
 *
 * An entry stored before (format 3-5: `~z`, a hash of the whole target state, `:`, the patch
 * compressed against that whole state) is still read.
 */
import { transposeRows, untransposeRows } from "./patch-transpose.ts";
import { compressText, decompressText } from "./lz-text.ts";
import { setOwn } from "./own-property.ts";
import { outlineOf, projectOnto } from "./patch-outline.ts";
import { decodeStored, encodeStored, type Json, type Stored, type StoredObject } from "./stored-json.ts";
import type { StoreMemo } from "./store-memo.ts";
import type { StoredUpdate } from "./update-diff.ts";

/** An entry compressed against its outline and the target's values there (`packPatch`). */
const MARK = "~y";
/** An entry of stored format 3-5, compressed against the whole target state (still read). */
const OLD_MARK = "~z";
/**
 * Below this many characters of JSON a patch is stored as it is: compressing costs a few passes
 * over it and the target's values at its keys, to save a few hundred bytes. A turn step's patch (a count
 * step's: one 32-row chunk's columns, ≈ 320 characters) stays plain; a patch that touches many
 * creatures (a roll all, a round boundary) is compressed.
 */
const SMALL = 512;

/**
 * `value` with every record's keys inserted in sorted order (JavaScript then lists integer keys first,
 * in numeric order, and the others sorted): the same text for the same state however it was built.
 */
function canonical(value: Stored, memo: StoreMemo | undefined): Json {
  if (value === null || typeof value !== "object") return value;
  // Issue 17: a step's stored state shares every part it did not change with the one before
  // (store-memo.ts), and stored values are never changed in place: each part is sorted once.
  const known = memo?.canonicals.get(value) as Json | undefined;
  if (known !== undefined) return known;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(value).sort()) setOwn(out, key, canonical(value[key] as Stored, memo));
  memo?.canonicals.set(value, out);
  return out;
}

/** The text an entry of format 3-5 for `target` was compressed against: the whole target written as patches are. */
function dictionaryOf(target: StoredObject, memo: StoreMemo | undefined): string {
  // Issue 17: the state a step wrote its undo patch against is the one its undo reads it against.
  let dictionary = memo?.dictionaries.get(target);
  if (dictionary === undefined) {
    dictionary = swapQuotes(JSON.stringify(transposeRows(canonical(target, memo))));
    memo?.dictionaries.set(target, dictionary);
  }
  return dictionary;
}

/** `"` and `'` exchanged (its own inverse). */
function swapQuotes(text: string): string {
  // Through a character JSON text never holds raw (JSON writes U+0000 as an escape): three native
  // replacements instead of a callback per quote (issue 17: the dictionary is a whole state). A text
  // that holds one anyway (a damaged stored patch) takes the slow way, to the same result.
  if (text.includes("\u0000")) return text.replace(/["']/g, (c) => (c === '"' ? "'" : '"'));
  return text.replaceAll('"', "\u0000").replaceAll("'", '"').replaceAll("\u0000", "'");
}

/** FNV-1a of the dictionary, base 36. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The patch's stored entry, compressed against `target` when that makes it smaller. */
export function packPatch(patch: StoredUpdate, target: StoredObject, memo?: StoreMemo): Stored {
  const encoded = encodeStored(patch as Json) as Json;
  const plain = JSON.stringify(encoded);
  if (plain.length < SMALL) return encoded as Stored;
  const shape = outlineOf(encoded);
  const outline = textOf(shape);
  const projection = textOf(projectOnto(shape, target, (v) => canonical(v, memo), memo));
  const head = compressText(outline, "");
  const body = compressText(textOf(encoded), outline + projection);
  const packed = `${MARK}${hashText(projection)}:${head.length.toString(36)}:${head}${body}`;
  return JSON.stringify(packed).length < plain.length ? packed : (encoded as Stored);
}

/** A value written as a patch is compressed: rows field by field, quotes swapped. */
function textOf(value: Json): string {
  return swapQuotes(JSON.stringify(transposeRows(value)));
}

/** The patch a stored entry holds for `target`, or null when it does not read (or was made for another state). */
export function unpackPatch(entry: Stored | undefined, target: StoredObject, memo?: StoreMemo): StoredUpdate | null {
  if (typeof entry !== "string") return asObject(decodeStored(entry)?.value);
  if (entry.startsWith(OLD_MARK)) return unpackWhole(entry, target, memo);
  if (!entry.startsWith(MARK)) return null;
  const [hash, size] = entry.slice(MARK.length).split(":", 2);
  const length = size === undefined ? NaN : parseInt(size, 36);
  if (hash === undefined || size === undefined || !Number.isSafeInteger(length) || length < 0) return null;
  const start = MARK.length + hash.length + size.length + 2;
  try {
    const outline = decompressText(entry.slice(start, start + length), "");
    if (outline === null) return null;
    const shape = untransposeRows(JSON.parse(swapQuotes(outline)) as Json);
    const projection = textOf(projectOnto(shape, target, (v) => canonical(v, memo), memo));
    if (hashText(projection) !== hash) return null;
    const text = decompressText(entry.slice(start + length), outline + projection);
    return text === null ? null : readText(text);
  } catch {
    return null;
  }
}

/** An entry of stored format 3-5, compressed against the whole target state (`dictionaryOf`). */
function unpackWhole(entry: string, target: StoredObject, memo: StoreMemo | undefined): StoredUpdate | null {
  const colon = entry.indexOf(":");
  const dictionary = dictionaryOf(target, memo);
  if (colon < 0 || entry.slice(OLD_MARK.length, colon) !== hashText(dictionary)) return null;
  const text = decompressText(entry.slice(colon + 1), dictionary);
  return text === null ? null : readText(text);
}

/** The patch a decompressed text writes, or null. */
function readText(text: string): StoredUpdate | null {
  try {
    return asObject(decodeStored(untransposeRows(JSON.parse(swapQuotes(text)) as Json))?.value);
  } catch {
    return null;
  }
}

function asObject(value: Json | undefined): StoredUpdate | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as StoredUpdate) : null;
}
