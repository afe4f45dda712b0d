/**
 * Issue 17 (click bytes with a second GM): the records one click changed (gm-storage.ts) travel to the
 * other GMs (gm-replica.ts) as one short text, compressed against what the other GM already holds.
 *
 * A click changes a few records, each much like what it was (an NPC's action tracker gains the undo
 * entry of this step, which is the tracker it held before; a combat's entry gains one step number and
 * drops the oldest), and their keys share long prefixes. So the batch is sent as:
 * - `keys`: the changed records' keys, one a line, compressed (the engine's lz-text.ts) against a seed
 *   both sides know (the world's key prefix): what a key repeats of the one before costs a reference;
 * - `data`: their new texts (a line each, a mark for a removed record; a changed record as what lies
 *   between the start and end it keeps of the held text), compressed against the keys and
 *   the texts the other GM holds for them now (and for a few records the batch leaves alone, named after
 *   an empty line among the keys: the undo patch before a new one), so what a record keeps of its own
 *   text or of another record costs a reference;
 * - `from`: a hash of that dictionary. The receiver builds the dictionary from its own records and takes
 *   the batch only if the hash agrees: a record it holds otherwise than the sender thought refuses the
 *   batch, and the sender then sends a full copy (gm-replica.ts). Each new text arrives whole, exactly as
 *   the sender's.
 * JSON's `"` and `'` are exchanged before compressing (as compact-patch.ts does), so the literal quotes
 * of a JSON record cost one byte each in the query's JSON, not two.
 */
import { compressText, decompressText } from "../../engine/index.ts";

/** A record's key, the text the other GMs hold (null: none), and its text now (null: removed). */
export interface RecordChange {
  readonly key: string;
  readonly before: string | null;
  readonly after: string | null;
}

/** A batch of changes as it travels (see the file comment). */
export interface PackedChanges {
  readonly keys: string;
  readonly from: string;
  readonly data: string;
}

/** Between keys and between texts: no key or JSON text holds a raw line break. */
const LINE = "\n";
/** Stands for "no record" (JSON text never holds this character raw). */
const NONE = "\u0001";

/** `"` and `'` exchanged (its own inverse). */
function swapQuotes(text: string): string {
  return text.replace(/["']/g, (c) => (c === '"' ? "'" : '"'));
}

/** Two 32-bit FNV-1a lanes (different offsets) in base 36: a batch applies only to the records it was made from. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) + 0x9e3779b9;
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}

const lines = (texts: readonly (string | null)[]): string => texts.map((t) => t ?? NONE).join(LINE);

/** Held texts longer than this are hashed but not searched for matches (the time a click spends). */
const SEARCH_LIMIT = 8_192;
/** A batch whose new parts are longer than this goes whole (compressing it would take too long). */
const PACK_LIMIT = 8_192;

/** What both sides compress against (long held texts left out), and what the batch's hash covers. */
function dictionaryOf(keysText: string, held: readonly (string | null)[]): { search: string; from: string } {
  const searched = held.map((t) => (t !== null && t.length > SEARCH_LIMIT ? "" : t));
  return { search: swapQuotes(`${keysText}${LINE}${lines(searched)}`), from: hash(`${keysText}${LINE}${lines(held)}`) };
}

/**
 * A record's line in the batch: a new record whole, a removed one the no-record mark, and a changed one as
 * `<p>.<s>.<middle>`: it keeps the first `p` and last `s` characters of the held text.
 */
function lineOf(before: string | null, after: string | null): string {
  if (before === null || after === null) return after ?? NONE;
  let p = 0;
  const most = Math.min(before.length, after.length);
  while (p < most && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < most - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return `${p}.${s}.${after.slice(p, after.length - s)}`;
}

/** The new text a line gives from the held text (see `lineOf`), or undefined when it does not read. */
function textOf(held: string | null, line: string): string | null | undefined {
  if (line === NONE) return null;
  if (held === null) return line;
  const kept = /^(\d+)\.(\d+)\./.exec(line);
  if (kept === null) return undefined;
  const p = Number(kept[1]);
  const s = Number(kept[2]);
  if (p + s > held.length) return undefined;
  return `${held.slice(0, p)}${line.slice(kept[0].length)}${held.slice(held.length - s)}`;
}

/**
 * The batch, packed (see the file comment) with `seed` the keys' shared start both sides know, and
 * compressed against `refs` too: records the batch does not change that the other GM holds as this one
 * does (a new undo patch is much like the one before it). Null when a key or text holds a line break or
 * the no-record mark, or the batch is too long to pack at once (then the changes go as they are).
 */
export function packChanges(
  changes: readonly RecordChange[],
  seed: string,
  refs: readonly { readonly key: string; readonly text: string }[] = [],
): PackedChanges | null {
  const unfit = (text: string | null) => text !== null && (text.includes(LINE) || text.includes(NONE));
  if (changes.length === 0 || changes.some((c) => c.key.length === 0 || c.key.includes(LINE) || unfit(c.after)))
    return null;
  if (refs.some((r) => r.key.length === 0 || r.key.includes(LINE))) return null;
  const text = lines(changes.map((c) => lineOf(c.before, c.after)));
  if (text.length > PACK_LIMIT) return null;
  const refPart = refs.length === 0 ? "" : `${LINE}${LINE}${refs.map((r) => r.key).join(LINE)}`;
  const keysText = `${changes.map((c) => c.key).join(LINE)}${refPart}`;
  const dictionary = dictionaryOf(keysText, [...refs.map((r) => r.text), ...changes.map((c) => c.before)]);
  const data = compressText(swapQuotes(text), dictionary.search);
  return { keys: compressText(keysText, seed), from: dictionary.from, data };
}

/**
 * Each key of a packed batch and its new text (null: removed), given the texts this browser holds
 * (`held`) and the same `seed`; null when the batch does not read or was made from other records.
 */
export function unpackChanges(
  packed: PackedChanges,
  seed: string,
  held: (key: string) => string | null,
): [string, string | null][] | null {
  const keysText = decompressText(packed.keys, seed);
  if (keysText === null) return null;
  const [changed = "", refPart, ...rest] = keysText.split(`${LINE}${LINE}`);
  if (changed.length === 0 || refPart === "" || rest.length > 0) return null;
  const keys = changed.split(LINE);
  const refs = refPart === undefined ? [] : refPart.split(LINE);
  const texts = keys.map(held);
  const dictionary = dictionaryOf(keysText, [...refs.map(held), ...texts]);
  if (dictionary.from !== packed.from) return null;
  const text = decompressText(packed.data, dictionary.search);
  if (text === null) return null;
  const parts = swapQuotes(text).split(LINE);
  if (parts.length !== keys.length) return null;
  const out: [string, string | null][] = [];
  for (const [i, key] of keys.entries()) {
    const now = textOf(texts[i] ?? null, parts[i] ?? NONE);
    if (now === undefined) return null;
    out.push([key, now]);
  }
  return out;
}

/** Whether `value` is a packed batch as sent (checked on receipt: a query's data is anyone's). */
export function isPackedChanges(value: unknown): value is PackedChanges {
  if (typeof value !== "object" || value === null) return false;
  const { keys, from, data } = value as Partial<Record<keyof PackedChanges, unknown>>;
  return typeof keys === "string" && typeof from === "string" && typeof data === "string";
}
