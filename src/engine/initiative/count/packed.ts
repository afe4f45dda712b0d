/**
 * The stored form of a count-track state (issue 17, stored format 4): the tie order (CNT-5, `tieOrder`) is
 * not stored. It is every present slot sorted by `compareCountTies` (kept contest totals, then id), a
 * total order, so it follows from the records alone; stored, a contest batch re-sorting it sent the whole
 * list of 300 slots (2–3 KB a click) and each undo step kept it again. A state stored with its tie order
 * (format 3) reads back as it is.
 *
 * Stored format 5 (issue 18 item 5) adds each record's `secretContest` (CNT-5: how many of its last kept
 * contest totals were the GM's secret rolls, initiative/count/hidden-ties.ts). A record stored before
 * has none: none of its totals was rolled in secret then, so it reads back with 0.
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import type { Json } from "../../storage/stored-json.ts";
import { vectorGet, vectorMap, type PersistentVector } from "../shared/persistent-vector.ts";
import { compareCountTies } from "./order.ts";
import { rosterChanges } from "../shared/roster-changes.ts";
import { countReadsOf, sameTie, type CountReads } from "./read-memo.ts";
import type { CountCombatant, CountState } from "./types.ts";

/** The stored form of `state`: everything but the tie order. */
export function packCountState(state: CountState): Json {
  const { tieOrder: _derived, ...rest } = state;
  return rest as unknown as Json;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * CNT-5: the tie order of a stored state without one (others as they are). A state too damaged to sort
 * is left as it is, for parseCountState to refuse. `memo` (issue 17, read-memo.ts): the page's memo of this
 * combat; the tie order of its last read is kept while the slots are the same and no record changed
 * what the order sorts by (a turn step), and only the records a step changed are looked at.
 */
export function unpackCountState(
  stored: Readonly<Record<string, unknown>>,
  memo?: RowsMemo,
): Readonly<Record<string, unknown>> {
  const reads = countReadsOf(memo);
  const value = withSecretMarks(stored, reads);
  if (Object.hasOwn(value, "tieOrder") || !isObject(value.slots) || !isObject(value.combatants)) return value;
  const combatants = value.combatants as unknown as PersistentVector<CountCombatant>;
  const ties = reads?.ties;
  if (ties !== undefined && ties !== null && ties.slots === value.slots) {
    const changes = rosterChanges(ties.combatants, combatants);
    if (changes !== null && changes.every(sameTie)) {
      if (reads !== undefined) reads.ties = { ...ties, combatants };
      return { ...value, tieOrder: ties.tieOrder };
    }
  }
  const entries: { slot: number; record: CountCombatant }[] = [];
  for (const slot of Object.values(value.slots)) {
    if (typeof slot !== "number") return value;
    let record: CountCombatant | null;
    try {
      record = vectorGet(combatants, slot);
    } catch {
      return value; // a damaged roster: parseCountState names it
    }
    if (record === null || !Array.isArray(record.contest) || typeof record.id !== "string") return value;
    entries.push({ slot, record });
  }
  const tieOrder = entries.sort((a, b) => compareCountTies(a.record, b.record)).map((e) => e.slot);
  if (reads !== undefined) reads.ties = { slots: value.slots, combatants, tieOrder };
  return { ...value, tieOrder };
}

/**
 * Format 4 and before (see the file comment): every record without `secretContest` given 0. A roster too
 * damaged to walk is left as it is, for parseCountState to refuse.
 */
function withSecretMarks(
  value: Readonly<Record<string, unknown>>,
  reads: CountReads | undefined,
): Readonly<Record<string, unknown>> {
  if (!isObject(value.combatants)) return value;
  const combatants = value.combatants as unknown as PersistentVector<CountCombatant>;
  const unmarked = (record: unknown) => isObject(record) && !Object.hasOwn(record, "secretContest");
  // Issue 17: a roster found marked in the last read, changed in a few records that are marked too.
  const last = reads?.marked ?? null;
  const changes = last === null ? null : rosterChanges(last, combatants);
  if (reads !== undefined && changes?.every(({ now }) => !unmarked(now)) === true) {
    reads.marked = combatants;
    return value;
  }
  try {
    const marked = vectorMap(combatants, (record) => (unmarked(record) ? { ...record, secretContest: 0 } : record));
    if (reads !== undefined && marked === combatants) reads.marked = combatants;
    return marked === combatants ? value : { ...value, combatants: marked };
  } catch {
    return value;
  }
}
