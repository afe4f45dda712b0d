/**
 * Issue 17: what a page keeps of its last reads of one count combat, so a read after a turn step (one or
 * two records changed) unpacks and checks those records, not the whole roster (packed.ts, stored.ts). It
 * lives in the page's `RowsMemo` (storage/column-read.ts) and holds only objects a read built: the rows a
 * read gives back are the same objects as in the last read while their stored text is the same, and are
 * never changed, so a part found again by identity holds what it held when it was found sound.
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import { schemeReads } from "../shared/scheme-reads.ts";
import type { PersistentVector } from "../shared/persistent-vector.ts";
import { recordOf, sameId, sameNumbers, type RecordChange } from "../shared/roster-changes.ts";
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
  /** Roster leaves (`{ items }`) whose every record passed stored.ts `badCombatant` (shared/stored-vector-known.ts). */
  readonly soundLeaves = new WeakMap<object, string>();
  /** The last roster whose every record had its `secretContest` (format 5; packed.ts `withSecretMarks`). */
  marked: Roster | null = null;
  /** The tie order packed.ts last derived, with the slots and roster it sorted. */
  ties: { readonly slots: unknown; readonly combatants: Roster; readonly tieOrder: readonly number[] } | null = null;
  /** stored.ts: the last state accepted. */
  sound: SoundCount | null = null;
}

/** The count part of a page's memo (made on first use), or undefined without one. */
export function countReadsOf(memo: RowsMemo | undefined): CountReads | undefined {
  return schemeReads(memo, "count", CountReads);
}

/** CNT-5: `sameId`, and the same kept contest totals: nothing `compareCountTies` sorts by has changed. */
export function sameTie(change: RecordChange): boolean {
  if (!sameId(change) || change.was === null) return sameId(change);
  return sameNumbers(recordOf(change.was)?.contest, recordOf(change.now)?.contest);
}
