/**
 * Issue 17: what a page keeps of its last reads of one count combat, so a read after a turn step (one or
 * two records changed) unpacks and checks those records, not the whole roster (packed.ts, stored.ts). It
 * lives in the page's `RowsMemo` (storage/column-read.ts) and holds only objects a read built: the rows a
 * read gives back are the same objects as in the last read while their stored text is the same, and are
 * never changed, so a part found again by identity holds what it held when it was found sound.
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import { vectorChanges, type PersistentVector } from "../shared/persistent-vector.ts";
import type { CountCombatant } from "./types.ts";

type Roster = PersistentVector<CountCombatant>;

/** The parts of the last state `parseCountState` accepted. */
export interface SoundCount {
  readonly combatants: Roster;
  readonly slots: unknown;
  readonly pending: unknown;
  readonly tieOrder: unknown;
}

export class CountReads {
  /** Roster leaves (`{ items }`) whose every record passed stored.ts `badCombatant`. */
  readonly soundLeaves = new WeakSet<object>();
  /** The last roster whose every record had its `secretContest` (format 5; packed.ts `withSecretMarks`). */
  marked: Roster | null = null;
  /** The tie order packed.ts last derived, with the slots and roster it sorted. */
  ties: { readonly slots: unknown; readonly combatants: Roster; readonly tieOrder: readonly number[] } | null = null;
  /** stored.ts: the last state accepted. */
  sound: SoundCount | null = null;
}

/** The count part of a page's memo (made on first use), or undefined without one. */
export function countReadsOf(memo: RowsMemo | undefined): CountReads | undefined {
  if (memo === undefined) return undefined;
  const kept = memo.schemes.get("count");
  if (kept instanceof CountReads) return kept;
  const made = new CountReads();
  memo.schemes.set("count", made);
  return made;
}

/** A record changed between two rosters: what the index held before and holds now (null: free). */
export interface RecordChange {
  readonly was: unknown;
  readonly now: unknown;
}

/**
 * The records `after` changed from `before` (by identity, skipping every node they share), or null when
 * the shapes differ or `after` is not a vector's shape at all (a damaged roster: read it whole).
 */
export function rosterChanges(before: Roster, after: unknown): RecordChange[] | null {
  const out: RecordChange[] = [];
  try {
    return vectorChanges(before, after as Roster, (was, now) => out.push({ was, now })) ? out : null;
  } catch {
    return null;
  }
}

const recordOf = (value: unknown): Readonly<Record<string, unknown>> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** CNT-5 (slots): the index holds a record as before and with the same id, or is free as before. */
export function sameId({ was, now }: RecordChange): boolean {
  if (was === null || now === null) return was === now;
  const [a, b] = [recordOf(was), recordOf(now)];
  return a !== null && b !== null && typeof a.id === "string" && a.id === b.id;
}

/** CNT-5: `sameId`, and the same kept contest totals: nothing `compareCountTies` sorts by has changed. */
export function sameTie(change: RecordChange): boolean {
  if (!sameId(change) || change.was === null) return sameId(change);
  const a = (change.was as { readonly contest?: unknown }).contest;
  const b = (change.now as { readonly contest?: unknown }).contest;
  if (a === b) return Array.isArray(a);
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((total, i) => typeof total === "number" && total === b[i]);
}
