/**
 * Issue 17: what a page keeps of its last reads of one segment combat, so a read after a turn step checks
 * the records that step changed, not the whole roster (stored.ts). Kept in the page's `RowsMemo`
 * (storage/column-read.ts), of objects a read built only (count/read-memo.ts says why that is sound).
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import { schemeReads } from "../shared/scheme-reads.ts";
import type { SegmentState } from "./types.ts";

export class SegmentReads {
  /** Roster leaves whose every record passed stored.ts `badCombatant` (shared/stored-vector-known.ts). */
  readonly soundLeaves = new WeakMap<object, string>();
  /** stored.ts: the last state accepted. */
  sound: SegmentState | null = null;
}

/** The segment part of a page's memo (made on first use), or undefined without one. */
export function segmentReadsOf(memo: RowsMemo | undefined): SegmentReads | undefined {
  return schemeReads(memo, "segment", SegmentReads);
}
