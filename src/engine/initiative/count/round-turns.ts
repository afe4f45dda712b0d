/**
 * CNT-3, CNT-6, CNT-14, DEF-1: this round's turns in track order, as the tracker and core's turn list
 * show them: finished turns (on the count they started on) and passed-over defeated creatures, the
 * turn under way, the queued turns, then the places still ahead. Creatures not on this round's track
 * (unconscious, not rolled, joined or woken behind the walk) are not listed. While a round waits for its
 * contests, its whole order is listed undone; before the first round nothing is.
 *
 * Issue 17: the Foundry layer asks for the order at every step. `followRoundTurns` finds a turn step's
 * order from the one before it: only the creatures whose records changed, the turns under way and
 * queued before and after, and the places the walk passed are placed again (O(changed · log n) to
 * place, plus copying the lists); anything else (a new round, a contest, a roster change, a walk going
 * back) is worked out in full (`placeRound`, O(n)).
 */
import type { CountCombatant, CountState, CountTurn } from "./types.ts";
import { isAhead, roundCount, trackRound } from "./walk.ts";
import { vectorChanges, vectorEntries, vectorGetById } from "../shared/persistent-vector.ts";

/** A round's turns and, for the places before and after the turn under way, their sort keys. */
export interface PlacedRound {
  readonly state: CountState;
  readonly turns: readonly CountTurn[];
  readonly behind: readonly CountTurn[];
  readonly behindKeys: readonly number[];
  readonly ahead: readonly CountTurn[];
  readonly aheadKeys: readonly number[];
}

type Place =
  | { readonly list: "current"; readonly turn: CountTurn }
  | { readonly list: "queued"; readonly turn: CountTurn }
  | { readonly list: "behind"; readonly turn: CountTurn; readonly key: number }
  | { readonly list: "ahead"; readonly turn: CountTurn; readonly key: number };

/** A place's sort key: by count, then by index in `tieOrder` (the walk's own order; see `walkKey`). */
function placeKey(state: CountState, count: number, index: number): number {
  return count * (state.tieOrder.length + 2) + index;
}

/** The walk's position as a key: a place is ahead of the walk exactly when its key is greater (`isAhead`). */
function walkKey(state: CountState): number {
  return placeKey(state, state.count, state.scan);
}

/** Where creature `c` (at `index` in `tieOrder`) is listed in `state`'s round, or null when it is not. */
function placeOf(
  state: CountState,
  c: CountCombatant,
  index: number,
  queued: ReadonlySet<string> | null,
): Place | null {
  const waiting = state.status === "contest";
  const round = Math.max(0, trackRound(state));
  if (!waiting && c.id === state.current)
    return { list: "current", turn: { id: c.id, count: state.count, done: false } };
  // CNT-14: an unconscious creature sits at 20, below the track.
  if (c.unconscious) return null;
  if (!waiting && c.turnRound === round) {
    const turn = { id: c.id, count: c.turnCount, done: true };
    return { list: "behind", turn, key: placeKey(state, c.turnCount, index) };
  }
  const count = roundCount(c, round);
  if (count === null) return null;
  if (!waiting && queued?.has(c.id) === true && !c.defeated)
    return { list: "queued", turn: { id: c.id, count: state.count, done: false } };
  const key = placeKey(state, count, index);
  if (waiting || isAhead(state, count, index))
    return { list: "ahead", turn: { id: c.id, count, done: state.status === "end" }, key };
  // DEF-1: a defeated creature keeps its place, passed over once the walk is beyond it.
  return c.defeated ? { list: "behind", turn: { id: c.id, count, done: true }, key } : null;
}

function queuedSet(state: CountState): ReadonlySet<string> | null {
  return state.queued.length === 0 ? null : new Set(state.queued);
}

/** The whole list: behind, the turn under way, the queued turns (in `queued`'s order), ahead. */
function joined(
  state: CountState,
  behind: CountTurn[],
  current: CountTurn | null,
  queued: ReadonlyMap<string, CountTurn>,
  ahead: readonly CountTurn[],
): CountTurn[] {
  const turns = behind.slice();
  if (current !== null) turns.push(current);
  for (const id of state.queued) {
    const turn = queued.get(id);
    if (turn !== undefined) turns.push(turn);
  }
  for (const turn of ahead) turns.push(turn);
  return turns;
}

/** Every place of `state`'s round, worked out from every record. O(n) (places sorted by count buckets). */
export function placeRound(state: CountState): PlacedRound {
  const none = { state, turns: [], behind: [], behindKeys: [], ahead: [], aheadKeys: [] };
  if (state.round === -1 && state.status !== "contest") return none;
  // Places in count order by buckets, each filled in tie order (the walk through `tieOrder` is in index
  // order already): no comparison sort of a thousand places.
  const buckets = { behind: new Map<number, Place[]>(), ahead: new Map<number, Place[]>() };
  let current: CountTurn | null = null;
  const queuedIds = queuedSet(state);
  const queued = new Map<string, CountTurn>();
  const records = vectorEntries(state.combatants);
  const order = state.tieOrder;
  for (let index = 0; index < order.length; index++) {
    const c = records[order[index] ?? -1];
    const place = c === undefined || c === null ? null : placeOf(state, c, index, queuedIds);
    if (place === null) continue;
    if (place.list === "current") current = place.turn;
    else if (place.list === "queued") queued.set(place.turn.id, place.turn);
    else {
      const bucket = buckets[place.list].get(place.turn.count);
      if (bucket === undefined) buckets[place.list].set(place.turn.count, [place]);
      else bucket.push(place);
    }
  }
  const drain = (from: Map<number, Place[]>, turns: CountTurn[], keys: number[]): void => {
    for (const count of [...from.keys()].sort((a, b) => a - b))
      for (const place of from.get(count) ?? []) {
        turns.push(place.turn);
        keys.push("key" in place ? place.key : 0);
      }
  };
  const behind: CountTurn[] = [];
  const behindKeys: number[] = [];
  const ahead: CountTurn[] = [];
  const aheadKeys: number[] = [];
  drain(buckets.behind, behind, behindKeys);
  drain(buckets.ahead, ahead, aheadKeys);
  return { state, turns: joined(state, behind, current, queued, ahead), behind, behindKeys, ahead, aheadKeys };
}

/** CNT-3: this round's turns in track order (see the file comment). O(n). */
export function roundTurns(state: CountState): CountTurn[] {
  return placeRound(state).turns.slice();
}

/** The first index in sorted `keys` whose key is not below `key`. */
function lowerBound(keys: readonly number[], key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] ?? 0) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** At most this many creatures placed again; beyond it the whole round is placed anew. */
const FOLLOW_LIMIT = 64;

/**
 * `state`'s places found from `before`'s, for a turn step within one round (see the file comment), or
 * null when `state` is not such a step from it. `tieIndex` gives each slot's index in the shared `tieOrder`.
 */
export function followRoundTurns(
  before: PlacedRound,
  state: CountState,
  tieIndex: ReadonlyMap<number, number>,
): PlacedRound | null {
  const was = before.state;
  if (was === state) return before;
  if (state.status !== "turns" || was.status !== "turns" || state.round !== was.round) return null;
  if (state.tieOrder !== was.tieOrder || state.slots !== was.slots || walkKey(state) < walkKey(was)) return null;
  // Whose place may have changed: changed records, the turns under way and queued, before and after.
  const ids = new Set<string>();
  const comparable = vectorChanges(was.combatants, state.combatants, (old, now) => {
    if (old !== null) ids.add(old.id);
    if (now !== null) ids.add(now.id);
  });
  if (!comparable) return null;
  for (const id of [was.current, state.current, ...was.queued, ...state.queued]) if (id !== null) ids.add(id);
  if (ids.size > FOLLOW_LIMIT) return null;
  const behind = before.behind.slice();
  const behindKeys = before.behindKeys.slice();
  const ahead = before.ahead.slice();
  const aheadKeys = before.aheadKeys.slice();
  const lists = { behind: [behind, behindKeys], ahead: [ahead, aheadKeys] } as const;
  // Out with each one's old place (found by its key: keys are unique, one index per creature).
  const wasQueued = queuedSet(was);
  const indexOf = (s: CountState, id: string): number | undefined => tieIndex.get(s.slots[id] ?? -1);
  for (const id of ids) {
    const c = vectorGetById(was.slots, was.combatants, id);
    const index = indexOf(was, id);
    if (c === null || index === undefined) continue;
    const place = placeOf(was, c, index, wasQueued);
    if (place === null || place.list === "current" || place.list === "queued") continue;
    const [turns, keys] = lists[place.list];
    const at = lowerBound(keys, place.key);
    if (turns[at]?.id !== id) return null; // not where the last placing put it: place the round anew
    turns.splice(at, 1);
    keys.splice(at, 1);
  }
  // The places the walk went past are the first ones ahead (ahead is in key order).
  const passed = lowerBound(aheadKeys, walkKey(state) + 1);
  for (const turn of ahead.splice(0, passed)) ids.add(turn.id);
  aheadKeys.splice(0, passed);
  // In with each one's new place.
  const queuedIds = queuedSet(state);
  const queued = new Map<string, CountTurn>();
  let current: CountTurn | null = null;
  for (const id of ids) {
    const c = vectorGetById(state.slots, state.combatants, id);
    const index = indexOf(state, id);
    if (c === null || index === undefined) continue;
    const place = placeOf(state, c, index, queuedIds);
    if (place === null) continue;
    if (place.list === "current") current = place.turn;
    else if (place.list === "queued") queued.set(id, place.turn);
    else {
      const [turns, keys] = lists[place.list];
      const at = lowerBound(keys, place.key);
      turns.splice(at, 0, place.turn);
      keys.splice(at, 0, place.key);
    }
  }
  return { state, turns: joined(state, behind, current, queued, ahead), behind, behindKeys, ahead, aheadKeys };
}

/**
 * Issue 17: `roundTurns` kept by a caller across steps (a host): each state's turns found once, from the
 * last states' places when it is a turn step from one of them. Nothing is kept between callers.
 */
export function roundTurnsMemo(): (state: CountState) => readonly CountTurn[] {
  /** The last few states placed, newest first (a step's state, and the ones its published passes made). */
  let recent: PlacedRound[] = [];
  const tieIndexes = new WeakMap<readonly number[], ReadonlyMap<number, number>>();
  const tieIndexOf = (order: readonly number[]): ReadonlyMap<number, number> => {
    let found = tieIndexes.get(order);
    if (found === undefined) tieIndexes.set(order, (found = new Map(order.map((slot, i) => [slot, i]))));
    return found;
  };
  return (state) => {
    let placed = recent.find((p) => p.state === state);
    for (let i = 0; placed === undefined && i < recent.length; i++) {
      const from = recent[i] as PlacedRound;
      if (from.state.tieOrder === state.tieOrder)
        placed = followRoundTurns(from, state, tieIndexOf(state.tieOrder)) ?? undefined;
    }
    placed ??= placeRound(state);
    recent = [placed, ...recent.filter((p) => p !== placed)].slice(0, 4);
    return placed.turns;
  };
}
