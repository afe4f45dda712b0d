/**
 * A short fingerprint of a stored value (issue 18: the GM's browser keeps the secret half of a combat
 * for the exact document it was written with, combat/secret-store.ts): equal values give equal
 * fingerprints whatever order their keys are listed in (a document read back from Foundry may list them
 * in another order than the writer built them), and different ones almost surely differ (two 32-bit
 * FNV-1a hashes). It tells a document this GM wrote from one another GM wrote with the same sequence
 * number; it is no defence against anyone.
 *
 * With a memo (store-memo.ts) each object's fingerprint is found once: a step's stored state shares
 * every part it did not change with the one before, so fingerprinting it costs what the step changed.
 */
import type { Stored } from "./stored-json.ts";
import type { StoreMemo } from "./store-memo.ts";

/** FNV-1a of `text` from `seed`, base 36. */
function fnv(text: string, seed: number): string {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The fingerprint of `value` (see the file comment). */
export function storedFingerprint(value: Stored, memo?: StoreMemo): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const known = memo?.fingerprints.get(value);
  if (known !== undefined) return known;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const inner = value[key] as Stored;
    parts.push(`${JSON.stringify(key)}:${storedFingerprint(inner, memo)}`);
  }
  const text = `{${parts.join(",")}}`;
  const found = `${fnv(text, 0x811c9dc5)}.${fnv(text, 0x050c5d1f)}`;
  memo?.fingerprints.set(value, found);
  return found;
}
