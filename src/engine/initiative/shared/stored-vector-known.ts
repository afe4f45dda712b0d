/**
 * Issue 17: `badVector` (stored-vector.ts) for a page that reads every step another page wrote, with a set
 * of leaves found sound before. A read with column-read.ts's `RowsMemo` gives a leaf the step did not change
 * as the same object as in the last read, and a read's objects are never changed, so a leaf in `sound`
 * holds records that passed `bad`'s check then: only the shape is walked again (some 35 nodes at 1,000
 * records) and only the new leaves' records are checked. `sound` must be kept for one check (one role:
 * a count roster's records, say), never shared between checks of different records; it holds each leaf
 * found sound with the first index it held and `context` (what else the check depends on: phase's round),
 * and a leaf is taken as sound only where both are the same again.
 */
import { isInteger, isRecord } from "./stored-state.ts";

const WIDTH = 32;
const MAX_DEPTH = 6;

/** The leaves below `node`, in order, when its shape is one the vector builds at `level`; else null. */
function leavesOf(node: unknown, level: number, out: Record<string, unknown>[]): number | null {
  if (!isRecord(node)) return null;
  if (level === 0) {
    const items = node.items;
    if (!Array.isArray(items) || Object.hasOwn(node, "kids") || items.length > WIDTH) return null;
    out.push(node);
    return items.length;
  }
  const kids = node.kids;
  if (!Array.isArray(kids) || Object.hasOwn(node, "items") || kids.length === 0 || kids.length > WIDTH) return null;
  const full = WIDTH ** level;
  let total = 0;
  for (let i = 0; i < kids.length; i++) {
    const held = leavesOf(kids[i], level - 1, out);
    if (held === null || held === 0 || (i < kids.length - 1 && held !== full)) return null;
    total += held;
  }
  return total;
}

/** `badVector(value, bad)`, the same answer, the same `bad` calls up to the first bad value but none for `sound` leaves. */
export function badVectorKnown(
  value: unknown,
  bad: (item: unknown, index: number) => boolean,
  sound: WeakMap<object, string>,
  context: string,
): boolean {
  if (!isRecord(value)) return true;
  const { size, depth, root } = value;
  if (!isInteger(size) || size < 0 || size >= 2 ** 30) return true;
  if (!isInteger(depth) || depth < 0 || depth > MAX_DEPTH) return true;
  if (depth > 0 && (!isRecord(root) || !Array.isArray(root.kids) || root.kids.length < 2)) return true;
  const leaves: Record<string, unknown>[] = [];
  if (leavesOf(root, depth, leaves) !== size) return true;
  let index = 0;
  for (const leaf of leaves) {
    const items = leaf.items as readonly unknown[];
    const where = `${index}:${context}`;
    if (sound.get(leaf) !== where) {
      for (let i = 0; i < items.length; i++) if (items[i] !== null && bad(items[i], index + i)) return true;
      sound.set(leaf, where);
    }
    index += items.length;
  }
  return false;
}
