/**
 * Issue 17: what a page keeps of its last reads of one rotation combat, so a read after a turn step (the
 * roster and order as they were) does not check the roster again (stored.ts). Kept in the page's `RowsMemo`
 * (storage/column-read.ts), of objects a read built only (count/read-memo.ts says why that is sound).
 */
import type { RowsMemo } from "../../storage/column-read.ts";

export class RotationReads {
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

/** The rotation part of a page's memo (made on first use), or undefined without one. */
export function rotationReadsOf(memo: RowsMemo | undefined): RotationReads | undefined {
  if (memo === undefined) return undefined;
  const kept = memo.schemes.get("rotation");
  if (kept instanceof RotationReads) return kept;
  const made = new RotationReads();
  memo.schemes.set("rotation", made);
  return made;
}
