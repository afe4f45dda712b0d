/**
 * Checking a persistent vector read back from storage (see persistent-vector.ts for the shape): the
 * size and depth agree, every node is a leaf or a branch where the size says it should be, with exactly
 * as many values or kids as the indices under it, and each value is `null` (a freed index) or passes the
 * caller's check. O(n).
 */
import { isInteger, isRecord } from "./stored-state.ts";

const WIDTH = 32;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !Array.isArray(value);
}

/**
 * DEF-1: whether `value` is not a vector `persistent-vector.ts` writes, or holds a value `badItem` refuses
 * (it gets the value and its index).
 */
export function badVector(value: unknown, badItem: (item: unknown, index: number) => boolean): boolean {
  if (!isPlainRecord(value)) return true;
  const { size, depth, root } = value;
  if (!isInteger(size) || size < 0 || !isInteger(depth) || depth < 0 || depth > 6) return true;
  // The root grows a level only once it is full (vectorPush, vectorFrom).
  if (size > WIDTH ** (depth + 1) || (depth > 0 && size <= WIDTH ** depth)) return true;
  return badNode(root, depth, 0, size, badItem);
}

/** A node at `level` whose first index is `offset`, in a vector of `size` indices. */
function badNode(
  node: unknown,
  level: number,
  offset: number,
  size: number,
  badItem: (item: unknown, index: number) => boolean,
): boolean {
  if (!isPlainRecord(node)) return true;
  const span = WIDTH ** level;
  const expected = Math.min(WIDTH, Math.ceil((size - offset) / span));
  if (level === 0) {
    const items = node.items;
    if (!Array.isArray(items) || Object.keys(node).length !== 1) return true;
    if (items.length !== Math.max(0, expected)) return true;
    return items.some((item, i) => item !== null && badItem(item, offset + i));
  }
  const kids = node.kids;
  if (!Array.isArray(kids) || Object.keys(node).length !== 1 || kids.length !== expected) return true;
  return kids.some((kid, i) => badNode(kid, level - 1, offset + i * span, size, badItem));
}
