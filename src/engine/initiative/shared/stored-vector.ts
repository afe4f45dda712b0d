/**
 * Checks for a persistent vector (persistent-vector.ts) read back from storage: plain data that may
 * have been edited by hand, by a module or by an older version. Reading a malformed trie would return
 * the wrong record for an index, or none, so its whole shape is checked: one level of leaves at the
 * bottom, every node but the last of its parent full, exactly `size` indices, and each value `null` or
 * one the caller accepts at its index. O(n).
 */
import { isInteger, isRecord } from "./stored-state.ts";

const WIDTH = 32;
/** Indices stay below 2^30 (persistent-vector.ts): six levels of 32 hold them all. */
const MAX_DEPTH = 5;

/** Whether `node` has exactly the one field `key`. */
function only(node: Record<string, unknown>, key: string): boolean {
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === key;
}

/** The number of indices under a node whose first index is `start`, or -1 when it is malformed. */
function count(node: unknown, level: number, start: number, bad: (item: unknown, index: number) => boolean): number {
  if (!isRecord(node)) return -1;
  if (level === 0) {
    const items = node.items;
    if (!only(node, "items") || !Array.isArray(items) || items.length === 0 || items.length > WIDTH) return -1;
    for (let i = 0; i < items.length; i++) if (items[i] !== null && bad(items[i], start + i)) return -1;
    return items.length;
  }
  const kids = node.kids;
  if (!only(node, "kids") || !Array.isArray(kids) || kids.length === 0 || kids.length > WIDTH) return -1;
  const full = WIDTH ** level;
  let total = 0;
  for (let k = 0; k < kids.length; k++) {
    const n = count(kids[k], level - 1, start + total, bad);
    // Only the last kid may be partly filled, or an index would lead to the wrong leaf.
    if (n < 0 || (k < kids.length - 1 && n !== full)) return -1;
    total += n;
  }
  return total;
}

/** DEF-1: whether `value` is not a persistent vector whose values all pass (`bad` says which fail). */
export function badVector(value: unknown, bad: (item: unknown, index: number) => boolean): boolean {
  if (!isRecord(value) || !isInteger(value.size) || !isInteger(value.depth)) return true;
  const { size, depth, root } = value;
  if (size < 0 || depth < 0 || depth > MAX_DEPTH || size > WIDTH ** (depth + 1)) return true;
  if (size === 0)
    return !(
      depth === 0 &&
      isRecord(root) &&
      only(root, "items") &&
      Array.isArray(root.items) &&
      root.items.length === 0
    );
  return count(root, depth, 0, bad) !== size;
}
