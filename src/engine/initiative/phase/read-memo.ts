/**
 * Issue 17: what a page keeps of its last reads of one phase combat, so a read after a turn step (one or
 * two records changed) unpacks and checks those records, not the whole roster (packed.ts, stored.ts). Kept
 * in the page's `RowsMemo` (storage/column-read.ts), of objects a read built only (count/read-memo.ts says why
 * that is sound).
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import { schemeReads } from "../shared/scheme-reads.ts";
import type { PersistentVector } from "../shared/persistent-vector.ts";
import { recordOf, sameId, sameNumbers, type RecordChange } from "../shared/roster-changes.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

export class PhaseReads {
  /** Roster leaves whose every record passed stored.ts `badCombatant` (shared/stored-vector-known.ts). */
  readonly soundLeaves = new WeakMap<object, string>();
  /** The ranking packed.ts last read from its runs, with the roster and round it was derived from. */
  ranking: {
    readonly combatants: PersistentVector<PhaseCombatant>;
    readonly round: unknown;
    readonly runs: string;
    readonly list: readonly string[];
  } | null = null;
  /** stored.ts: the last state accepted. */
  sound: PhaseState | null = null;
}

/** The phase part of a page's memo (made on first use), or undefined without one. */
export function phaseReadsOf(memo: RowsMemo | undefined): PhaseReads | undefined {
  return schemeReads(memo, "phase", PhaseReads);
}

/**
 * PHS-2, PHS-4, PHS-7: `sameId`, and nothing the derived ranking sorts by in `round` has changed (initiative,
 * roll-offs, slot, seizing this round): the battle order of the same creatures is the same.
 */
export function sameRank(round: number): (change: RecordChange) => boolean {
  return (change) => {
    if (!sameId(change) || change.was === null) return sameId(change);
    const [a, b] = [recordOf(change.was), recordOf(change.now)];
    if (a === null || b === null) return false;
    const initiative = (x: unknown) => x === null || typeof x === "number";
    return (
      initiative(a.initiative) &&
      a.initiative === b.initiative &&
      typeof a.slot === "number" &&
      a.slot === b.slot &&
      (a.seizedRound === round) === (b.seizedRound === round) &&
      sameNumbers(a.rollOff, b.rollOff)
    );
  };
}
