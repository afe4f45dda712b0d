/**
 * A persistent vector of plain JSON: a 32-way trie addressed by slot number.
 *
 * Schedulers keep their combatants here so that a turn step can update one combatant by copying only
 * the path to it (at most log32(n) small arrays) instead of the whole roster: 10,000 combatants are
 * three levels deep. Nodes are plain objects and arrays, so the state survives a JSON round trip exactly
 * (empty places are `null`, never holes or `undefined`).
 *
 * Shared by the phase and segment schedulers (DEF-1: a combatant keeps its slot, so its place and data).
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";

export interface SlotLeaf<T> {
  readonly items: readonly (T | null)[];
}

export interface SlotBranch<T> {
  readonly kids: readonly SlotNode<T>[];
}

export type SlotNode<T> = SlotLeaf<T> | SlotBranch<T>;

export interface Slots<T> {
  /** Number of slots ever handed out (a freed slot holds `null`). */
  readonly size: number;
  /** Branch levels above the leaves. */
  readonly depth: number;
  readonly root: SlotNode<T>;
}

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** DEF-1: an empty roster store. */
export function emptySlots<T>(): Slots<T> {
  return { size: 0, depth: 0, root: { items: [] } };
}

/** DEF-1: builds the trie bottom-up in O(n). */
export function slotsFrom<T>(values: readonly (T | null)[]): Slots<T> {
  if (values.length === 0) return emptySlots<T>();
  let level: SlotNode<T>[] = [];
  for (let i = 0; i < values.length; i += WIDTH) level.push({ items: values.slice(i, i + WIDTH) });
  let depth = 0;
  while (level.length > 1) {
    const up: SlotNode<T>[] = [];
    for (let i = 0; i < level.length; i += WIDTH) up.push({ kids: level.slice(i, i + WIDTH) });
    level = up;
    depth++;
  }
  const root = level[0] ?? { items: [] };
  return { size: values.length, depth, root };
}

/** DEF-1: the value in a slot, or null when the slot is free or out of range. */
export function slotGet<T>(slots: Slots<T>, index: number): T | null {
  if (!Number.isInteger(index) || index < 0 || index >= slots.size) return null;
  let node: SlotNode<T> = slots.root;
  for (let level = slots.depth; level > 0; level--) {
    if (!("kids" in node)) return null;
    const kid: SlotNode<T> | undefined = node.kids[(index >>> (level * BITS)) & MASK];
    if (kid === undefined) return null;
    node = kid;
  }
  return "items" in node ? (node.items[index & MASK] ?? null) : null;
}

function path<T>(level: number, value: T | null): SlotNode<T> {
  return level === 0 ? { items: [value] } : { kids: [path(level - 1, value)] };
}

function setIn<T>(node: SlotNode<T>, level: number, index: number, value: T | null): SlotNode<T> {
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

/** DEF-1: replaces the value in an existing slot. */
export function slotSet<T>(slots: Slots<T>, index: number, value: T | null): Slots<T> {
  if (!Number.isInteger(index) || index < 0 || index >= slots.size) return slots;
  return { size: slots.size, depth: slots.depth, root: setIn(slots.root, slots.depth, index, value) };
}

/** DEF-1: appends a value in a new slot, whose number is the old `size`. */
export function slotPush<T>(slots: Slots<T>, value: T): Slots<T> {
  const index = slots.size;
  const capacity = WIDTH ** (slots.depth + 1);
  if (index < capacity) {
    return { size: index + 1, depth: slots.depth, root: setIn(slots.root, slots.depth, index, value) };
  }
  const root: SlotBranch<T> = { kids: [slots.root, path(slots.depth, value)] };
  return { size: index + 1, depth: slots.depth + 1, root };
}

/**
 * DEF-1, PHS-2: writes many slots at once: `changes` must be sorted by slot, each slot an existing one. Only the nodes
 * on the paths to the changed slots are copied, once each, so k changes cost O(k + touched nodes) —
 * a few combatants copy a few paths, a whole roster copies each node once.
 */
export function slotsUpdate<T>(slots: Slots<T>, changes: readonly T[], slotOf: (value: T) => number): Slots<T> {
  if (changes.length === 0) return slots;
  const root = updateIn(slots.root, slots.depth, changes, 0, changes.length, slotOf);
  return { size: slots.size, depth: slots.depth, root };
}

function updateIn<T>(node: SlotNode<T>, level: number, changes: readonly T[], from: number, to: number, slotOf: (value: T) => number): SlotNode<T> {
  if ("items" in node) {
    const items = node.items.slice();
    for (let i = from; i < to; i++) {
      const value = changes[i];
      if (value !== undefined) items[slotOf(value) & MASK] = value;
    }
    return { items };
  }
  const kids = node.kids.slice();
  const shift = level * BITS;
  let i = from;
  while (i < to) {
    const first = changes[i];
    if (first === undefined) break;
    const at = (slotOf(first) >>> shift) & MASK;
    let j = i + 1;
    for (; j < to; j++) {
      const other = changes[j];
      if (other === undefined || ((slotOf(other) >>> shift) & MASK) !== at) break;
    }
    const kid = kids[at];
    if (kid !== undefined) kids[at] = updateIn(kid, level - 1, changes, i, j, slotOf);
    i = j;
  }
  return { kids };
}

/** DEF-1: every occupied slot's value, in slot order (O(n)). */
export function slotValues<T>(slots: Slots<T>): T[] {
  const out: T[] = [];
  const walk = (node: SlotNode<T>): void => {
    if ("items" in node) {
      for (const item of node.items) if (item !== null) out.push(item);
    } else {
      for (const kid of node.kids) walk(kid);
    }
  };
  walk(slots.root);
  return out;
}

/** DEF-1, PHS-2: applies `f` to every occupied slot, keeping slot numbers and freed slots (O(n)). */
export function slotsMap<T>(slots: Slots<T>, f: (value: T) => T): Slots<T> {
  const walk = (node: SlotNode<T>): SlotNode<T> =>
    "items" in node ? { items: node.items.map((item) => (item === null ? null : f(item))) } : { kids: node.kids.map(walk) };
  return { size: slots.size, depth: slots.depth, root: walk(slots.root) };
}

/** An id → slot index, as stored in a scheduler's state (built so "__proto__" is an ordinary own key). */
export type SlotIndex = Readonly<Record<string, number>>;

/** DEF-1: the value stored under `id`, or null when the id never joined or has left (own keys only). */
export function slotById<T>(index: SlotIndex, slots: Slots<T>, id: string): T | null {
  if (!Object.hasOwn(index, id)) return null;
  const slot = index[id];
  return slot === undefined ? null : slotGet(slots, slot);
}

/**
 * DEF-1: the starting roster from joins in join order (O(n)): the trie and its id → slot index. The first join
 * that `check` refuses, or a repeated id (`duplicate`), is the error and nothing is built.
 */
export function slotsFromJoins<J extends { readonly id: string }, T>(
  joins: readonly J[],
  check: (join: J) => Result<J>,
  make: (join: J, slot: number) => T,
  duplicate: I18nKey,
): Result<{ readonly combatants: Slots<T>; readonly index: SlotIndex }> {
  // Built with Object.fromEntries, not assignment, so an id like "__proto__" is an ordinary own key.
  const slots = new Map<string, number>();
  const list: T[] = [];
  for (const join of joins) {
    const checked = check(join);
    if (!checked.ok) return checked;
    if (slots.has(join.id)) return err(duplicate, { id: join.id });
    slots.set(join.id, list.length);
    list.push(make(join, list.length));
  }
  return ok({ combatants: slotsFrom(list), index: Object.fromEntries(slots) });
}
