/**
 * Helpers for walking a linear order one turn at a time without copying it.
 *
 * A scheme keeps this round's sequence as an array of ids plus the index of the creature acting now
 * (`turnIndex`). Everything before the index has had its slot this round, everything after has not:
 * "who already acted" is derived from the index, so a turn step writes one number and shares the
 * array (O(1)). Changes in the middle of a round keep that split: a creature that has not acted yet
 * is only ever moved within the part after the index (it cannot lose its turn), and one that has
 * acted stays before it (it cannot act twice).
 *
 * Arrays are never mutated: functions that change an order return a new array.
 *
 * Used by both schemes: LinearRound, NO_ROUND_YET, nextActiveIndex, removeAt, passedSlotIndex, own,
 * without. Used by `standard` only of the two: insertAt and sortedInsertIndex (a creature that has not
 * acted is moved by binary search); `rotation` rebuilds the rest of the rotation instead, because ROT-6
 * and groups (ROT-4, ROT-5) can move other entries too. The `phase` and `segment` schedulers use those
 * two as well, to place a creature in the part of an order still to come (PHS-3, PHS-7, SEG-2).
 * isSortedBy is for tests and checks.
 */

/** The fields of a linear scheme's state that walk a round (STD-4, ROT-3); see the file comment. */
export interface LinearRound {
  /** The round under way; 0 before the first creature has started its turn (and during a planning phase). */
  readonly round: number;
  /** This round's sequence of ids: before `turnIndex` their slot has passed, after it not yet. */
  readonly order: readonly string[];
  /** Index in `order` of the creature acting now; `order.length` when nobody can act; -1 before the first turn. */
  readonly turnIndex: number;
  /** A mid-round change left the order unsorted: build it again at the next round. */
  readonly resort: boolean;
}

/** STD-4, ROT-3: a linear order before its first round: no round, no sequence, nobody acting. */
export const NO_ROUND_YET: LinearRound = { round: 0, order: [], turnIndex: -1, resort: false };

/** DEF-1: index of the first id at or after `from` for which `canAct` holds, or -1. Amortised O(1) per turn. */
export function nextActiveIndex(order: readonly string[], from: number, canAct: (id: string) => boolean): number {
  for (let i = Math.max(0, from); i < order.length; i++) {
    const id = order[i];
    if (id !== undefined && canAct(id)) return i;
  }
  return -1;
}

/** STD-3, PHS-3, PHS-7, SEG-2: a copy of `array` with `item` inserted at `index`. */
export function insertAt<T>(array: readonly T[], index: number, item: T): T[] {
  return [...array.slice(0, index), item, ...array.slice(index)];
}

/** STD-3, ROT-3: a copy of `array` without the element at `index`. */
export function removeAt<T>(array: readonly T[], index: number): T[] {
  return [...array.slice(0, index), ...array.slice(index + 1)];
}

/**
 * STD-3, PHS-3, PHS-7, SEG-2: binary search in a part of `order` that is sorted by `compare` ([lo, hi)): the
 * first index whose entry `item` goes before, so equal items keep their existing order (`item` goes after
 * them). O(log n).
 */
export function sortedInsertIndex<T>(
  order: readonly T[],
  lo: number,
  hi: number,
  item: T,
  compare: (a: T, b: T) => number,
): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const other = order[mid];
    if (other !== undefined && compare(item, other) < 0) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * STD-3, ROT-3: where a creature whose slot has already passed this round goes among the ids before `end`: before
 * the first one it sorts ahead of, else at `end`. The part before the index need not be sorted (it
 * keeps the order turns were actually taken in), so this is a linear scan; joins are rare.
 */
export function passedSlotIndex(
  order: readonly string[],
  end: number,
  item: string,
  compare: (a: string, b: string) => number,
): number {
  for (let i = 0; i < end; i++) {
    const other = order[i];
    if (other !== undefined && compare(item, other) < 0) return i;
  }
  return end;
}

/** STD-1: whether `order` is sorted by `compare` (non-decreasing). O(n). */
export function isSortedBy(order: readonly string[], compare: (a: string, b: string) => number): boolean {
  for (let i = 1; i < order.length; i++) {
    const a = order[i - 1];
    const b = order[i];
    if (a !== undefined && b !== undefined && compare(a, b) > 0) return false;
  }
  return true;
}

/**
 * STD-3, ROT-3: reads an own property of a plain record (ids such as "constructor" never hit the prototype). A key
 * that is not a string at run time (a malformed command) finds nothing instead of throwing.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return typeof key === "string" && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** STD-3, ROT-3: `record` without `key`: the same record when the key is absent, else a copy (O(n), join/leave only). */
export function without<T>(record: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  if (!Object.hasOwn(record, key)) return record;
  const copy: Record<string, T> = {};
  for (const k of Object.keys(record)) {
    const value = record[k];
    if (k !== key && value !== undefined) copy[k] = value;
  }
  return copy;
}

/** `record` without every key of `keys`, as `without` for each key in turn would leave it (one copy). */
export function withoutAll<T>(
  record: Readonly<Record<string, T>>,
  keys: ReadonlySet<string>,
): Readonly<Record<string, T>> {
  let any = false;
  for (const key of keys) if (Object.hasOwn(record, key)) any = true;
  if (!any) return record;
  const copy: Record<string, T> = {};
  for (const k of Object.keys(record)) {
    const value = record[k];
    if (!keys.has(k) && value !== undefined) copy[k] = value;
  }
  return copy;
}

/**
 * A linear order without every id of `gone`, and the turn index moved back by each one that stood before it
 * (standard and rotation's one-pass leave: the acting creature keeps its turn).
 */
export function orderWithoutAll(
  order: readonly string[],
  turnIndex: number,
  gone: ReadonlySet<string>,
): { readonly order: readonly string[]; readonly turnIndex: number } {
  let index = turnIndex;
  for (let i = 0; i < turnIndex && i < order.length; i++) if (gone.has(order[i] ?? "")) index--;
  return { order: order.filter((id) => !gone.has(id)), turnIndex: index };
}
