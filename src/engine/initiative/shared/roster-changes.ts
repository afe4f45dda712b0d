/**
 * Issue 17: the records a roster read back changed since a roster read before (initiative/<scheme>/read-memo.ts),
 * for a page that reads every step another page wrote: a read with column-read.ts's `RowsMemo` gives what a
 * step left as it was as the same objects, so the rosters share every node the step did not touch.
 */
import { vectorChanges, type PersistentVector } from "./persistent-vector.ts";

/** A record changed between two rosters: what the index held before and holds now (null: free). */
export interface RecordChange {
  readonly was: unknown;
  readonly now: unknown;
}

/**
 * The records `after` changed from `before` (by identity, skipping every node they share), or null when
 * the shapes differ or `after` is not a vector's shape at all (a damaged roster: read it whole).
 */
export function rosterChanges(before: PersistentVector<unknown>, after: unknown): RecordChange[] | null {
  const out: RecordChange[] = [];
  try {
    return vectorChanges(before, after as PersistentVector<unknown>, (was, now) => out.push({ was, now })) ? out : null;
  } catch {
    return null;
  }
}

/** A record (a plain object), or null. */
export function recordOf(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The index holds a record as before and with the same id, or is free as before. */
export function sameId({ was, now }: RecordChange): boolean {
  if (was === null || now === null) return was === now;
  const [a, b] = [recordOf(was), recordOf(now)];
  return a !== null && b !== null && typeof a.id === "string" && a.id === b.id;
}

/** Two lists of numbers with the same values (contest totals, roll-offs). */
export function sameNumbers(a: unknown, b: unknown): boolean {
  if (a === b) return Array.isArray(a);
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => typeof x === "number" && x === b[i]);
}
