/**
 * A persistent vector of plain JSON: a 32-way trie addressed by index ("slot").
 *
 * Schedulers keep their roster here (and `count` its pending actions per track position) so that a
 * transition can change one record by copying only the path to it (at most log32(n) small arrays,
 * three levels for 10,000 combatants) instead of the whole list: the old and the new state share every
 * untouched branch, and the old one never changes.
 *
 * Shape (stored as is in `Combat.system`, so it must survive a JSON round trip exactly):
 * - `{ size, depth, root }`: `size` indices have been handed out (0 … size − 1); `depth` is the number
 *   of branch levels above the leaves (0: the root is a leaf); the root can hold 32^(depth + 1) values.
 * - a leaf is `{ items: [...] }` with up to 32 values, a branch `{ kids: [...] }` with up to 32 nodes;
 *   only the right edge of the trie is partly filled.
 * - a freed index holds `null` (never a hole or `undefined`): indices are never reused or shifted, so a
 *   record keeps its index (DEF-1: a combatant keeps its place and data) and an index into the vector
 *   stays valid for as long as the vector lives.
 *
 * Costs: get, set, push O(log32 n); from, values, map O(n); a batch of k writes O(k + nodes on their
 * paths), each node copied once however many of its values change. Indices must stay below 2^30.
 *
 * The second half of the file keeps a roster by id: the vector plus an id → index record.
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";

export interface VectorLeaf<T> {
  readonly items: readonly (T | null)[];
}

export interface VectorBranch<T> {
  readonly kids: readonly VectorNode<T>[];
}

export type VectorNode<T> = VectorLeaf<T> | VectorBranch<T>;

export interface PersistentVector<T> {
  /** Number of indices ever handed out (a freed one holds `null`). */
  readonly size: number;
  /** Branch levels above the leaves (0: the root is a leaf). */
  readonly depth: number;
  readonly root: VectorNode<T>;
}

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** DEF-1: the empty vector. */
export function vectorEmpty<T>(): PersistentVector<T> {
  return { size: 0, depth: 0, root: { items: [] } };
}

/** DEF-1: a vector holding `values` in order (`null` for a free index), built bottom-up in O(n). */
export function vectorFrom<T>(values: readonly (T | null)[]): PersistentVector<T> {
  if (values.length === 0) return vectorEmpty<T>();
  let level: VectorNode<T>[] = [];
  for (let i = 0; i < values.length; i += WIDTH) level.push({ items: values.slice(i, i + WIDTH) });
  let depth = 0;
  while (level.length > 1) {
    const up: VectorNode<T>[] = [];
    for (let i = 0; i < level.length; i += WIDTH) up.push({ kids: level.slice(i, i + WIDTH) });
    level = up;
    depth++;
  }
  return { size: values.length, depth, root: level[0] ?? { items: [] } };
}

/** Whether `index` is one the vector has handed out (a whole number in 0 … size − 1). */
function inRange(vector: PersistentVector<unknown>, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < vector.size;
}

/** DEF-1: the value at `index`, or null when the index is free or was never handed out. O(log32 n). */
export function vectorGet<T>(vector: PersistentVector<T>, index: number): T | null {
  if (!inRange(vector, index)) return null;
  let node: VectorNode<T> = vector.root;
  for (let level = vector.depth; level > 0; level--) {
    if (!("kids" in node)) return null;
    const kid: VectorNode<T> | undefined = node.kids[(index >>> (level * BITS)) & MASK];
    if (kid === undefined) return null;
    node = kid;
  }
  return "items" in node ? (node.items[index & MASK] ?? null) : null;
}

/** A path of new nodes down to a leaf holding only `value` (the first at its place). */
function path<T>(level: number, value: T | null): VectorNode<T> {
  return level === 0 ? { items: [value] } : { kids: [path(level - 1, value)] };
}

/** Copies the path to `index` with `value` written at its end (creating the end of the path when pushing). */
function setIn<T>(node: VectorNode<T>, level: number, index: number, value: T | null): VectorNode<T> {
  if ("items" in node) {
    const items = node.items.slice();
    items[index & MASK] = value;
    return { items };
  }
  const at = (index >>> (level * BITS)) & MASK;
  const kids = node.kids.slice();
  const kid = kids[at];
  kids[at] = kid === undefined ? path(level - 1, value) : setIn(kid, level - 1, index, value);
  return { kids };
}

/**
 * DEF-1: a vector with `value` at an index already handed out (`null` frees it), sharing every other
 * branch. Any other index leaves the vector as it is. O(log32 n).
 */
export function vectorSet<T>(vector: PersistentVector<T>, index: number, value: T | null): PersistentVector<T> {
  if (!inRange(vector, index)) return vector;
  return { size: vector.size, depth: vector.depth, root: setIn(vector.root, vector.depth, index, value) };
}

/** DEF-1: a vector with `value` appended at a new index, the old `size`. O(log32 n). */
export function vectorPush<T>(vector: PersistentVector<T>, value: T): PersistentVector<T> {
  const index = vector.size;
  if (index < WIDTH ** (vector.depth + 1)) {
    return { size: index + 1, depth: vector.depth, root: setIn(vector.root, vector.depth, index, value) };
  }
  // The root is full: a new root above it, with the old one as its first branch.
  return { size: index + 1, depth: vector.depth + 1, root: { kids: [vector.root, path(vector.depth, value)] } };
}

/**
 * DEF-1, PHS-2, CNT-2: writes many values at once, each at `indexOf(value)` (an index already handed
 * out; any other is ignored). Changes may come in any order; when two name the same index the later one
 * wins, as if written one after another. Only the nodes on the paths to the changed indices are copied,
 * once each, so k changes cost O(k + touched nodes): a few combatants copy a few paths, a whole roster
 * copies each node once. Changes already sorted by index (the usual case) are not sorted again.
 */
export function vectorUpdate<T>(
  vector: PersistentVector<T>,
  changes: readonly T[],
  indexOf: (value: T) => number,
): PersistentVector<T> {
  const indices: number[] = [];
  const values: T[] = [];
  let sorted = true;
  for (const value of changes) {
    const index = indexOf(value);
    if (!inRange(vector, index)) continue;
    if (indices.length > 0 && index < (indices[indices.length - 1] ?? 0)) sorted = false;
    indices.push(index);
    values.push(value);
  }
  if (indices.length === 0) return vector;
  if (!sorted) {
    // A stable sort by index keeps equal indices in the order given, so the later change still wins.
    const order = indices.map((_, i) => i).sort((a, b) => (indices[a] ?? 0) - (indices[b] ?? 0) || a - b);
    const byIndex: number[] = [];
    const byValue: T[] = [];
    for (const i of order) {
      const value = values[i];
      if (value === undefined) continue;
      byIndex.push(indices[i] ?? 0);
      byValue.push(value);
    }
    return {
      size: vector.size,
      depth: vector.depth,
      root: updateIn(vector.root, vector.depth, byIndex, byValue, 0, byIndex.length),
    };
  }
  return {
    size: vector.size,
    depth: vector.depth,
    root: updateIn(vector.root, vector.depth, indices, values, 0, indices.length),
  };
}

/** Copies `node` with the sorted changes [from, to) written below it; kids without changes are shared. */
function updateIn<T>(
  node: VectorNode<T>,
  level: number,
  indices: readonly number[],
  values: readonly T[],
  from: number,
  to: number,
): VectorNode<T> {
  if ("items" in node) {
    const items = node.items.slice();
    for (let i = from; i < to; i++) {
      const value = values[i];
      if (value !== undefined) items[(indices[i] ?? 0) & MASK] = value;
    }
    return { items };
  }
  const kids = node.kids.slice();
  const shift = level * BITS;
  let i = from;
  while (i < to) {
    const at = ((indices[i] ?? 0) >>> shift) & MASK;
    let j = i + 1;
    while (j < to && (((indices[j] ?? 0) >>> shift) & MASK) === at) j++;
    const kid = kids[at];
    if (kid !== undefined) kids[at] = updateIn(kid, level - 1, indices, values, i, j);
    i = j;
  }
  return { kids };
}

function collect<T>(node: VectorNode<T>, out: T[]): void {
  if ("items" in node) {
    for (const item of node.items) if (item !== null) out.push(item);
  } else {
    for (const kid of node.kids) collect(kid, out);
  }
}

/** DEF-1: every value, in index order, free indices left out (a fresh array). O(n). */
export function vectorValues<T>(vector: PersistentVector<T>): T[] {
  const out: T[] = [];
  collect(vector.root, out);
  return out;
}

function collectAll<T>(node: VectorNode<T>, out: (T | null)[]): void {
  if ("items" in node) out.push(...node.items);
  else for (const kid of node.kids) collectAll(kid, out);
}

/** DEF-1, CNT-3: every index's value in index order, a free index as `null` (a fresh array, `[i]` is index i). O(n). */
export function vectorEntries<T>(vector: PersistentVector<T>): (T | null)[] {
  const out: (T | null)[] = [];
  collectAll(vector.root, out);
  return out;
}

function mapIn<T>(node: VectorNode<T>, f: (value: T) => T): VectorNode<T> {
  let same = true;
  if ("items" in node) {
    const items = node.items.map((item) => {
      if (item === null) return null;
      const mapped = f(item);
      if (mapped !== item) same = false;
      return mapped;
    });
    return same ? node : { items };
  }
  const kids = node.kids.map((kid) => {
    const mapped = mapIn(kid, f);
    if (mapped !== kid) same = false;
    return mapped;
  });
  return same ? node : { kids };
}

/**
 * DEF-1, PHS-2, CNT-13: applies `f` to every value, keeping indices and free indices. A node in which
 * `f` changed nothing (returned each value itself) is shared, and the vector itself is returned when
 * nothing changed at all. O(n).
 */
export function vectorMap<T>(vector: PersistentVector<T>, f: (value: T) => T): PersistentVector<T> {
  const root = mapIn(vector.root, f);
  return root === vector.root ? vector : { size: vector.size, depth: vector.depth, root };
}

/**
 * Issue 17: calls `changed(was, now)` for each index whose value differs between two vectors (by
 * identity), skipping every node they share, so a vector made from another by a few writes is compared
 * in O(those paths). False when their shapes differ (another size or depth: compare them otherwise);
 * `changed` may then have been called for some indices already.
 */
export function vectorChanges<T>(
  before: PersistentVector<T>,
  after: PersistentVector<T>,
  changed: (was: T | null, now: T | null) => void,
): boolean {
  if (before.size !== after.size || before.depth !== after.depth) return false;
  return nodeChanges(before.root, after.root, changed);
}

function nodeChanges<T>(a: VectorNode<T>, b: VectorNode<T>, changed: (was: T | null, now: T | null) => void): boolean {
  if (a === b) return true;
  if ("items" in a && "items" in b) {
    if (a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) {
      const was = a.items[i] ?? null;
      const now = b.items[i] ?? null;
      if (was !== now) changed(was, now);
    }
    return true;
  }
  if (!("kids" in a) || !("kids" in b) || a.kids.length !== b.kids.length) return false;
  for (let i = 0; i < a.kids.length; i++) {
    const x = a.kids[i];
    const y = b.kids[i];
    if (x === undefined || y === undefined || !nodeChanges(x, y, changed)) return false;
  }
  return true;
}

// ——— A roster by id: the vector plus an id → index record ———

/** An id → index record, as stored in a scheduler's state (built so "__proto__" is an ordinary own key). */
export type SlotIndex = Readonly<Record<string, number>>;

/** DEF-1: the value stored under `id`, or null when the id never joined or has left (own keys only). */
export function vectorGetById<T>(index: SlotIndex, vector: PersistentVector<T>, id: string): T | null {
  if (typeof id !== "string" || !Object.hasOwn(index, id)) return null;
  const slot = index[id];
  return slot === undefined ? null : vectorGet(vector, slot);
}

/**
 * DEF-1: the starting roster from joins in join order (O(n)): the vector, each record at the index that is
 * its join order, and the id → index record. `check` validates a join (and may turn it into what `make`
 * needs); the first join it refuses, or a repeated id (`duplicate`, with `{ id }`), is the error and
 * nothing is built.
 */
export function vectorFromJoins<J extends { readonly id: string }, K, T>(
  joins: readonly J[],
  check: (join: J) => Result<K>,
  make: (checked: K, slot: number) => T,
  duplicate: I18nKey,
): Result<{ readonly combatants: PersistentVector<T>; readonly index: SlotIndex }> {
  const slots = new Map<string, number>();
  const list: T[] = [];
  for (const join of joins) {
    const checked = check(join);
    if (!checked.ok) return checked;
    if (slots.has(join.id)) return err(duplicate, { id: join.id });
    slots.set(join.id, list.length);
    list.push(make(checked.value, list.length));
  }
  // Object.fromEntries rather than assignment, so an id like "__proto__" is an ordinary own key.
  return ok({ combatants: vectorFrom(list), index: Object.fromEntries(slots) });
}
