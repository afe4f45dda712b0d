/**
 * A persistent vector (a 32-way trie of plain arrays) so a turn step changes one combatant in
 * O(log32 n) without copying the roster: unchanged branches are shared between states. It is plain
 * JSON (nested arrays), so a state stored in `Combat.system` round-trips exactly.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

export interface CountVec<T> {
  readonly size: number;
  /** Bits to shift at the root: 0 when the root is a leaf. */
  readonly shift: number;
  /** Leaves hold the values; inner nodes hold child arrays. */
  readonly root: readonly unknown[];
  /** Phantom marker so vectors of different element types do not mix (never stored). */
  readonly __element?: T;
}

type Node = readonly unknown[];

/** Engine contract (a step is O(log n) on plain JSON): the empty vector. */
export function vecEmpty<T>(): CountVec<T> {
  return { size: 0, shift: 0, root: [] };
}

/** Engine contract: the value at `index`, or undefined outside the vector. O(log32 n). */
export function vecGet<T>(vec: CountVec<T>, index: number): T | undefined {
  if (index < 0 || index >= vec.size) return undefined;
  let node: Node = vec.root;
  for (let shift = vec.shift; shift > 0; shift -= BITS) node = node[(index >>> shift) & MASK] as Node;
  return node[index & MASK] as T;
}

/** Engine contract: a new vector with `index` set, sharing every untouched branch. O(log32 n). */
export function vecSet<T>(vec: CountVec<T>, index: number, value: T): CountVec<T> {
  if (index < 0 || index >= vec.size) return vec;
  return { size: vec.size, shift: vec.shift, root: setIn(vec.root, vec.shift, index, value) };
}

// Module-level helpers rather than closures: a turn step calls these thousands of times per round.
function setIn(node: Node, shift: number, index: number, value: unknown): Node {
  const copy = node.slice();
  if (shift === 0) copy[index & MASK] = value;
  else {
    const at = (index >>> shift) & MASK;
    copy[at] = setIn(node[at] as Node, shift - BITS, index, value);
  }
  return copy;
}

function path(shift: number, value: unknown): Node {
  return shift === 0 ? [value] : [path(shift - BITS, value)];
}

/** Engine contract: a new vector with `value` appended, sharing every untouched branch. O(log32 n). */
export function vecPush<T>(vec: CountVec<T>, value: T): CountVec<T> {
  const index = vec.size;
  if (index === 1 << (vec.shift + BITS)) {
    return { size: index + 1, shift: vec.shift + BITS, root: [vec.root, path(vec.shift, value)] };
  }
  return { size: index + 1, shift: vec.shift, root: pushIn(vec.root, vec.shift, index, value) };
}

function pushIn(node: Node, shift: number, index: number, value: unknown): Node {
  const copy = node.slice();
  if (shift === 0) copy.push(value);
  else {
    const at = (index >>> shift) & MASK;
    const child = node[at] as Node | undefined;
    copy[at] = child === undefined ? path(shift - BITS, value) : pushIn(child, shift - BITS, index, value);
  }
  return copy;
}

/** Engine contract: a vector holding `values` in order. O(n). */
export function vecFromArray<T>(values: readonly T[]): CountVec<T> {
  if (values.length === 0) return vecEmpty();
  let level: Node[] = [];
  for (let i = 0; i < values.length; i += WIDTH) level.push(values.slice(i, i + WIDTH));
  let shift = 0;
  while (level.length > 1) {
    const up: Node[] = [];
    for (let i = 0; i < level.length; i += WIDTH) up.push(level.slice(i, i + WIDTH));
    level = up;
    shift += BITS;
  }
  return { size: values.length, shift, root: level[0] ?? [] };
}

/** Engine contract: the values in order, as a fresh array. O(n). */
export function vecToArray<T>(vec: CountVec<T>): T[] {
  const out: T[] = [];
  walk(vec.root, vec.shift, out);
  return out;
}

function walk(node: Node, shift: number, out: unknown[]): void {
  if (shift === 0) for (const value of node) out.push(value);
  else for (const child of node) walk(child as Node, shift - BITS, out);
}
