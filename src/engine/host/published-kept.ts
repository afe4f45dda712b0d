/**
 * Issue 17: a published state made again at every step shares what did not change with the one made
 * at the step before.
 *
 * The published state (published.ts) and each owner's view are the GM's state with the hidden creatures
 * taken out; the rulesets' leaves and published passes build some of their parts anew each time (an id
 * index or slot record of a thousand entries without the ones that left, the path to each record they
 * change). Storing such a part again (the stored form's memos are keyed by identity: storage/
 * store-memo.ts) encodes and diffs every entry of it at every step, while the step changed one of them.
 * So each part of a new published state that holds the same values as the same part of the last one
 * made for the same view is that part itself: the stored forms made of it before are found at once.
 *
 * Values are never changed in place (the engine's states are plain JSON, copied on change), so a part
 * taken over from the last state holds what it held when it was made; what is kept deep-equals what was
 * made, keys in the same order.
 */
import { setOwn } from "../storage/own-property.ts";
import type { StoreMemo } from "../storage/store-memo.ts";

/** Published states kept at once (each view of a combat has its own; a handful at a time). */
const MAX_KEPT = 8;

/**
 * `made` with every part that deep-equals the same part of the state last published for `view` taken from
 * there (`made` itself without a memo), and kept as that view's last one.
 */
export function keptPublished(memo: StoreMemo | undefined, view: string, made: unknown): unknown {
  if (memo === undefined || typeof made !== "object" || made === null) return made;
  const last = memo.publishedViews.get(view);
  const out = last === undefined ? made : keptPart(last, made);
  memo.publishedViews.delete(view);
  if (memo.publishedViews.size >= MAX_KEPT) memo.publishedViews.clear();
  memo.publishedViews.set(view, out as object);
  return out;
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `made`, or `before` where they deep-equal, or a copy of `made` holding those of its parts that do. */
function keptPart(before: unknown, made: unknown): unknown {
  if (before === made || typeof made !== "object" || made === null) return made;
  if (typeof before !== "object" || before === null) return made;
  if (Array.isArray(made)) return Array.isArray(before) ? keptList(before, made) : made;
  if (Array.isArray(before) || !isPlain(made) || Object.getPrototypeOf(before) !== Object.getPrototypeOf(made))
    return made;
  return keptRecord(before as Readonly<Record<string, unknown>>, made as Readonly<Record<string, unknown>>);
}

/**
 * Whether a copy of a new list or record of `size` entries, `found` of them the parts published before, is
 * worth making: it is new either way, and copying a thousand entries to hand back a few parts costs more than
 * storing those few again (their neighbours are the very parts stored before already).
 */
function worthCopying(size: number, found: number): boolean {
  return found > 0 && (size <= 64 || found * 8 >= size);
}

function keptList(before: readonly unknown[], made: readonly unknown[]): unknown {
  let same = before.length === made.length;
  const found: number[] = [];
  const parts: unknown[] = [];
  for (let i = 0; i < made.length; i++) {
    const value = made[i];
    const was = before[i];
    const part = i >= before.length || value === was || typeof value !== "object" ? value : keptPart(was, value);
    if (i >= before.length || !Object.is(part, was)) same = false;
    if (part !== value) {
      found.push(i);
      parts.push(part);
    }
  }
  if (same) return before;
  if (!worthCopying(made.length, found.length)) return made;
  const out = made.slice();
  found.forEach((i, at) => (out[i] = parts[at]));
  return out;
}

/** A copy of a record with its prototype (a record of ids may have none: "__proto__" is an id like any). */
function copyOf(made: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.getPrototypeOf(made) === null
    ? (Object.assign(Object.create(null), made) as Record<string, unknown>)
    : { ...made };
}

function keptRecord(before: Readonly<Record<string, unknown>>, made: Readonly<Record<string, unknown>>): unknown {
  const keys = Object.keys(made);
  const had = Object.keys(before);
  // The same keys in the same order (a stored form, and an update diffed from it, lists them so).
  let same = keys.length === had.length;
  const found: string[] = [];
  const parts: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = made[key];
    const inOrder = had[i] === key;
    if (!inOrder && !Object.hasOwn(before, key)) {
      same = false;
      continue;
    }
    const was = before[key];
    // A plain value, or the very part published before, is itself (most entries of a thousand-id index).
    const part = value === was || typeof value !== "object" || value === null ? value : keptPart(was, value);
    if (!inOrder || !Object.is(part, was)) same = false;
    if (part !== value) {
      found.push(key);
      parts.push(part);
    }
  }
  if (same) return before;
  if (!worthCopying(keys.length, found.length)) return made;
  const out = copyOf(made);
  found.forEach((key, at) => setOwn(out, key, parts[at]));
  return out;
}
