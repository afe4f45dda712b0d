/**
 * Issue 17: what a page keeps of its last reads of one standard or rotation combat (both store their
 * pending rolls and order packed against the roster: shared/packed-rolls.ts), so a read after a turn step
 * (the roster and order as they were) does not unpack and check the roster again (<scheme>/packed.ts,
 * stored.ts). Kept in the page's `RowsMemo` (storage/column-read.ts), of objects a read built only
 * (count/read-memo.ts says why that is sound).
 */
import { unpackIds, unpackRolls, type PackableRoll, type RollPacking } from "./packed-rolls.ts";

export class LinearReads {
  /** packed.ts: the last stored order and rolls unpacked over a roster, and what they gave. */
  unpacked: {
    readonly combatants: unknown;
    readonly order: unknown;
    readonly rolls: unknown;
    readonly unpackedOrder: readonly string[] | null;
    readonly unpackedRolls: readonly unknown[] | null;
  } | null = null;
  /** stored.ts: the last state accepted. */
  sound: Readonly<Record<string, unknown>> | null = null;
}

/**
 * A stored linear state with its rolls and order unpacked (other values as they are); `packing` rebuilds a
 * roster's rolls. With `reads`, the same stored order and rolls over the same roster (the same objects a
 * read built) give what they gave.
 */
export function unpackLinear<R extends PackableRoll>(
  value: Readonly<Record<string, unknown>>,
  combatants: object,
  reads: LinearReads | undefined,
  packing: () => RollPacking<R>,
): Readonly<Record<string, unknown>> {
  const known = reads?.unpacked;
  const same =
    known !== undefined &&
    known !== null &&
    known.combatants === combatants &&
    known.order === value.order &&
    known.rolls === value.rolls;
  const roster = same ? [] : Object.keys(combatants);
  const rolls = same
    ? known.unpackedRolls
    : Array.isArray(value.rolls)
      ? null
      : unpackRolls(value.rolls, roster, packing());
  const order = same ? known.unpackedOrder : Array.isArray(value.order) ? null : unpackIds(value.order, roster);
  if (reads !== undefined && !same)
    reads.unpacked = { combatants, order: value.order, rolls: value.rolls, unpackedOrder: order, unpackedRolls: rolls };
  return { ...value, ...(rolls === null ? {} : { rolls }), ...(order === null ? {} : { order }) };
}
