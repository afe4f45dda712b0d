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

/**
 * A round's places: those before the turn under way and those after it, each as ids and sort keys in
 * key order (a key gives the place's count, `placeKey`), the turn under way, the queued turns, and the
 * whole order's ids. Flat lists of ids and numbers: a step copies them without reading a record.
 */
export interface PlacedRound {
  readonly state: CountState;
  readonly ids: readonly string[];
  readonly behindIds: readonly string[];
  readonly behindKeys: readonly number[];
  readonly current: CountTurn | null;
  readonly queued: readonly CountTurn[];
  readonly aheadIds: readonly string[];
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

/** The queued turns in `queued`'s order (an id queued twice is listed twice, as it is queued). */
function queuedTurns(state: CountState, queued: ReadonlyMap<string, CountTurn>): CountTurn[] {
  const turns: CountTurn[] = [];
  for (const id of state.queued) {
    const turn = queued.get(id);
    if (turn !== undefined) turns.push(turn);
  }
  return turns;
}

/** Whether `ids` lists the ids of `parts`, one part after the other. */
function sameParts(ids: readonly string[], parts: readonly (readonly string[])[]): boolean {
  let at = 0;
  for (const part of parts) {
    if (at + part.length > ids.length) return false;
    for (let i = 0; i < part.length; i++) if (ids[at + i] !== part[i]) return false;
    at += part.length;
  }
  return at === ids.length;
}

/**
 * The round's places with the whole order's ids (behind, the turn under way, the queued turns, ahead);
 * `was`, the ids before, is given again when they are the same.
 */
function placed(
  state: CountState,
  behind: readonly [string[], number[]],
  current: CountTurn | null,
  queued: readonly CountTurn[],
  ahead: readonly [string[], number[]],
  was?: readonly string[],
): PlacedRound {
  const middle = queued.map((turn) => turn.id);
  if (current !== null) middle.unshift(current.id);
  // Issue 17: a turn step most often keeps the order (the last turn moves behind, the next one comes
  // up): the same list is given again, so a reader that keeps what it found per list finds it at once
  // (compared part by part: no list of a thousand ids is built to be thrown away).
  const ids =
    was !== undefined && sameParts(was, [behind[0], middle, ahead[0]]) ? was : behind[0].concat(middle, ahead[0]);
  return {
    state,
    ids,
    behindIds: behind[0],
    behindKeys: behind[1],
    current,
    queued,
    aheadIds: ahead[0],
    aheadKeys: ahead[1],
  };
}

/** Every place of `state`'s round, worked out from every record. O(n) (places sorted by count buckets). */
export function placeRound(state: CountState): PlacedRound {
  const behind: [string[], number[]] = [[], []];
  const ahead: [string[], number[]] = [[], []];
  if (state.round === -1 && state.status !== "contest") return placed(state, behind, null, [], ahead);
  // Places in count order by buckets, each filled in tie order (the walk through `tieOrder` is in index
  // order already): no comparison sort of a thousand places.
  const buckets = { behind: new Map<number, [string[], number[]]>(), ahead: new Map<number, [string[], number[]]>() };
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
      if (bucket === undefined) buckets[place.list].set(place.turn.count, [[place.turn.id], [place.key]]);
      else {
        bucket[0].push(place.turn.id);
        bucket[1].push(place.key);
      }
    }
  }
  const drain = (from: Map<number, [string[], number[]]>, into: [string[], number[]]): void => {
    for (const count of [...from.keys()].sort((a, b) => a - b)) {
      const [ids, keys] = from.get(count) ?? [[], []];
      into[0].push(...ids);
      into[1].push(...keys);
    }
  };
  drain(buckets.behind, behind);
  drain(buckets.ahead, ahead);
  return placed(state, behind, current, queuedTurns(state, queued), ahead);
}

/** A round's turns as the tracker shows them (a key gives its count; see `placeKey`). */
export function placedTurns(round: PlacedRound): CountTurn[] {
  const { state } = round;
  const width = state.tieOrder.length + 2;
  const turn = (id: string, key: number, done: boolean): CountTurn => ({ id, count: Math.floor(key / width), done });
  const turns = round.behindIds.map((id, i) => turn(id, round.behindKeys[i] ?? 0, true));
  if (round.current !== null) turns.push(round.current);
  turns.push(...round.queued);
  const end = state.status === "end";
  round.aheadIds.forEach((id, i) => turns.push(turn(id, round.aheadKeys[i] ?? 0, end)));
  return turns;
}

/** CNT-3: this round's turns in track order (see the file comment). O(n). */
export function roundTurns(state: CountState): CountTurn[] {
  return placedTurns(placeRound(state));
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
  const behind: [string[], number[]] = [before.behindIds.slice(), before.behindKeys.slice()];
  const ahead: [string[], number[]] = [before.aheadIds.slice(), before.aheadKeys.slice()];
  const lists = { behind, ahead } as const;
  // Out with each one's old place (found by its key: keys are unique, one index per creature).
  const wasQueued = queuedSet(was);
  const indexOf = (s: CountState, id: string): number | undefined => tieIndex.get(s.slots[id] ?? -1);
  for (const id of ids) {
    const c = vectorGetById(was.slots, was.combatants, id);
    const index = indexOf(was, id);
    if (c === null || index === undefined) continue;
    const place = placeOf(was, c, index, wasQueued);
    if (place === null || place.list === "current" || place.list === "queued") continue;
    const [listed, keys] = lists[place.list];
    const at = lowerBound(keys, place.key);
    if (listed[at] !== id) return null; // not where the last placing put it: place the round anew
    listed.splice(at, 1);
    keys.splice(at, 1);
  }
  // The places the walk went past are the first ones ahead (ahead is in key order).
  const passed = lowerBound(ahead[1], walkKey(state) + 1);
  for (const id of ahead[0].splice(0, passed)) ids.add(id);
  ahead[1].splice(0, passed);
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
      const [listed, keys] = lists[place.list];
      const at = lowerBound(keys, place.key);
      listed.splice(at, 0, id);
      keys.splice(at, 0, place.key);
    }
  }
  return placed(state, behind, current, queuedTurns(state, queued), ahead, before.ids);
}

/**
 * Issue 17: each state's places (`placeRound`) kept by a caller across steps (a host): found from the
 * last states' places when it is a turn step from one of them. Nothing is kept between callers.
 */
export function roundTurnsMemo(): (state: CountState) => PlacedRound {
  /** The last few states placed, newest first (a step's state, and the ones its published passes made). */
  let recent: PlacedRound[] = [];
  const tieIndexes = new WeakMap<readonly number[], ReadonlyMap<number, number>>();
  const tieIndexOf = (order: readonly number[]): ReadonlyMap<number, number> => {
    let found = tieIndexes.get(order);
    if (found === undefined) tieIndexes.set(order, (found = new Map(order.map((slot, i) => [slot, i]))));
    return found;
  };
  return (state) => {
    let found = recent.find((p) => p.state === state);
    for (let i = 0; found === undefined && i < recent.length; i++) {
      const from = recent[i] as PlacedRound;
      if (from.state.tieOrder === state.tieOrder)
        found = followRoundTurns(from, state, tieIndexOf(state.tieOrder)) ?? undefined;
    }
    found ??= placeRound(state);
    recent = [found, ...recent.filter((p) => p !== found)].slice(0, 4);
    return found;
  };
}
