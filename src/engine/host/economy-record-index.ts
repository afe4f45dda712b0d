/**
 * Issue 17: which of a combat's stored action records (economy-records.ts) a new step must read. A
 * step that neither starts, resets nor moves through the history leaves a record as it is unless its
 * events name the creature, the record does not read back as written (or has something to redo), or
 * the history dropped a step number the record holds. The index (store-memo.ts `recordIndex`, kept by
 * the host per combat) names those creatures, so a turn step at 1,000 creatures reads a handful of
 * records instead of every one.
 *
 * The index holds each creature's record object as it was indexed. A record written since (the host's
 * `forgetRecord` with its id: the step's own write, another client's) is read again at the next step;
 * a step that reads every record (a start, a reset, an undo, a roster change) builds the index afresh.
 */
import type { StoredObject } from "../storage/stored-json.ts";
import type { RecordIndex, StoredRecordFacts } from "../storage/store-memo.ts";

/** What is indexed of a creature with no stored record: read at every step, as a record that does not read back. */
const NO_RECORD: StoredRecordFacts = { sound: false, undoSteps: [], constant: false };

function unindex(index: RecordIndex, id: string): void {
  const entry = index.entries.get(id);
  if (entry === undefined) return;
  for (const key of entry.facts.undoSteps) {
    const holders = index.holders.get(key);
    holders?.delete(id);
    if (holders?.size === 0) index.holders.delete(key);
  }
  index.unsound.delete(id);
  index.constants.delete(id);
  index.entries.delete(id);
}

/** Indexes `record` (the creature's stored record object, or null: none) as the creature's, with its facts. */
export function indexRecord(
  index: RecordIndex,
  id: string,
  record: object | null,
  facts: StoredRecordFacts | null,
): void {
  index.dirty.delete(id);
  unindex(index, id);
  const found = facts ?? NO_RECORD;
  index.entries.set(id, { record, facts: found });
  if (!found.sound) index.unsound.add(id);
  if (found.constant) index.constants.add(id);
  for (const key of found.undoSteps) {
    let holders = index.holders.get(key);
    if (holders === undefined) index.holders.set(key, (holders = new Set()));
    holders.add(id);
  }
}

/** Empties the index (a step that reads every record fills it again). */
export function clearRecordIndex(index: RecordIndex): void {
  index.entries.clear();
  index.holders.clear();
  index.unsound.clear();
  index.constants.clear();
  index.dirty.clear();
  index.complete = false;
}

/**
 * The creatures a new step must read besides those its events name, when the index holds every
 * creature of `ids` (else null: the step reads them all): those written since they were indexed, those
 * whose record does not read back, and the holders of step numbers `undoAfter` no longer holds.
 */
export function recordCandidates(
  index: RecordIndex,
  ids: readonly string[],
  undoAfter: StoredObject,
): Set<string> | null {
  if (!index.complete || index.entries.size !== ids.length) return null;
  const out = new Set<string>(index.dirty);
  for (const id of index.unsound) out.add(id);
  for (const [key, holders] of index.holders) {
    if (Object.hasOwn(undoAfter, key)) continue;
    for (const id of holders) out.add(id);
  }
  return out;
}

/**
 * AP-2: the creatures whose record may hold a constant-damage roll (damage/constant-damage.ts), when
 * the index holds every one of the combat's `count` creatures: those indexed with one and those written
 * since they were indexed (read again by the caller). Null when the index does not hold them all: the
 * caller reads every record. Issue 17: a rotation turn at 1,000 creatures reads a handful, not all.
 */
export function constantCandidates(index: RecordIndex, count: number): ReadonlySet<string> | null {
  if (!index.complete || index.entries.size !== count) return null;
  const out = new Set<string>(index.dirty);
  for (const id of index.constants) out.add(id);
  return out;
}
