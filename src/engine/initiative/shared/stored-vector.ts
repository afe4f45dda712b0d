/**
 * Reading a persistent vector (persistent-vector.ts) back from storage: the values it holds, in index
 * order, when its shape is exactly one the vector functions build, and null otherwise. A scheme then
 * checks each value against its own record shape (a freed index holds `null`).
 *
 * Shape checked: `size` a whole number below 2^30, `depth` 0 … 6; a leaf `{ items }` with 1–32 values (the
 * empty vector's root leaf has none), a branch `{ kids }` with 1–32 nodes one level down; every node but
 * the last of its parent full; a root branch with two kids at least (depth grows only when the root is
 * full); `size` values in all. O(n).
 */
import { isInteger, isRecord } from "./stored-state.ts";

const WIDTH = 32;
/** 32^6 leaves hold more than the 2^30 indices a vector may have. */
const MAX_DEPTH = 6;

/** Adds the values below `node` to `out`; false when the node is not one the vector builds at `level`. */
function collectNode(node: unknown, level: number, out: unknown[]): boolean {
  if (!isRecord(node)) return false;
  if (level === 0) {
    const items = node.items;
    if (!Array.isArray(items) || Object.hasOwn(node, "kids") || items.length > WIDTH) return false;
    for (const item of items as readonly unknown[]) out.push(item);
    return true;
  }
  const kids = node.kids;
  if (!Array.isArray(kids) || Object.hasOwn(node, "items") || kids.length === 0 || kids.length > WIDTH) return false;
  const full = WIDTH ** level;
  for (let i = 0; i < kids.length; i++) {
    const before = out.length;
    if (!collectNode(kids[i], level - 1, out)) return false;
    const held = out.length - before;
    if (held === 0 || (i < kids.length - 1 && held !== full)) return false;
  }
  return true;
}

/** DEF-1: a stored persistent vector's values in index order (null where freed), or null when damaged. */
export function storedVectorValues(value: unknown): unknown[] | null {
  if (!isRecord(value)) return null;
  const { size, depth, root } = value;
  if (!isInteger(size) || size < 0 || size >= 2 ** 30) return null;
  if (!isInteger(depth) || depth < 0 || depth > MAX_DEPTH) return null;
  if (depth > 0 && (!isRecord(root) || !Array.isArray(root.kids) || root.kids.length < 2)) return null;
  const out: unknown[] = [];
  if (!collectNode(root, depth, out)) return null;
  return out.length === size ? out : null;
}

/** DEF-1: whether `value` is not a stored persistent vector whose values (null: freed) all pass `bad`'s check. */
export function badVector(value: unknown, bad: (item: unknown, index: number) => boolean): boolean {
  const values = storedVectorValues(value);
  return values === null || values.some((item, index) => item !== null && bad(item, index));
}
