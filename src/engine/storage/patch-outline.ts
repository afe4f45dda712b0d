/**
 * What a large undo or redo patch is compressed against (compact-patch.ts), found from the patch's
 * keys alone, so that packing it costs the size of the patch, not of the whole state (issue 17: at a
 * 1,000-creature round boundary, writing and indexing the whole state as a dictionary was most of a
 * GM's click).
 *
 * - The outline: the patch's keys, every leaf written as `0`. It is stored with the patch (it is what
 *   the reader needs before it can read the rest).
 * - The projection: the target state's values at the outline's leaves, in the outline's shape and key
 *   order (a key the target lacks is left out; a value the target holds is written with its keys
 *   sorted, since a state read back from Foundry may list them in another order). A patch restores or
 *   repeats mostly what stands at its own paths (an old column beside the present one, the same
 *   structure), so the compressor finds it there as it found it in the whole state.
 *
 * Both are JSON values in the key space of the encoded patch (stored-json.ts `encodeStored` of the
 * update: its keys are the stored keys escaped once more), so the projection's text lines up with the
 * patch's text.
 */
import { setOwn } from "./own-property.ts";
import { decodeKey, encodeStored, isJsonRecord, type Json, type Stored, type StoredObject } from "./stored-json.ts";
import type { StoreMemo } from "./store-memo.ts";

/** The encoded patch's keys with every leaf written as `0`. */
export function outlineOf(encoded: Json): Json {
  if (!isJsonRecord(encoded)) return 0;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(encoded)) setOwn(out, key, outlineOf(encoded[key] as Json));
  return out;
}

/**
 * `target`'s values at the leaves of `outline` (see the file comment). `canonical`: a stored value
 * with its keys sorted at every level (compact-patch.ts, memoized by the caller).
 */
export function projectOnto(
  outline: Json,
  target: StoredObject,
  canonical: (value: Stored) => Json,
  memo: StoreMemo | undefined,
): Json {
  const out: Record<string, Json> = {};
  if (!isJsonRecord(outline)) return out;
  for (const key of Object.keys(outline)) {
    // A key of the outline that does not read back as an encoded key (a damaged entry) finds nothing.
    const stored = decodeKey(key);
    if (stored === null || !Object.hasOwn(target, stored)) continue;
    const inner = outline[key] as Json;
    const value = target[stored] as Stored;
    if (isJsonRecord(inner) && typeof value === "object" && value !== null)
      setOwn(out, key, projectOnto(inner, value, canonical, memo));
    else setOwn(out, key, encodeStored(canonical(value), memo) as Json);
  }
  return out;
}
