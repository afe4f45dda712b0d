/**
 * Moving along the track: building a round's order (once per round), stepping to the next turn,
 * resolving pending actions on the way, calling saving throws, and slotting creatures in mid-round
 * without anyone losing or repeating a turn.
 */
import { COUNT_END_STEP, COUNT_TRACK_LENGTH } from "./delay.ts";
import { compareCountOrder, countTiesInOrder, countTiesToRoll, trackedCount, type CountOrderEntry } from "./order.ts";
import {
  absolutePosition,
  COUNT_ROLL_REASONS,
  getCombatant,
  presentCombatants,
  putCombatant,
  requestRolls,
  roundOfPosition,
  type CountOut,
} from "./state.ts";
import type { CountCombatant, CountPendingAction, CountState, CountTurn } from "./types.ts";
import { vectorGet, vectorMap, vectorSet, vectorValues } from "../shared/persistent-vector.ts";

const LAST_COUNT = COUNT_TRACK_LENGTH - 1;

/** CNT-4: a creature's count in the surprise round: 20 − bonus (kept on the track). */
export function surpriseCount(bonus: number): number {
  return Math.min(LAST_COUNT, trackedCount(COUNT_END_STEP - bonus));
}

/** CNT-4: a first result of 0 or below has surprise. */
export function hasSurprise(c: CountCombatant): boolean {
  return c.result !== null && c.result <= 0;
}

function entryOf(c: CountCombatant, count: number): CountOrderEntry {
  return { id: c.id, count, contest: c.contest };
}

/** Who is on the track in `round`, at which count. Defeated creatures keep their place (DEF-1). */
function roundEntries(state: CountState, round: number): { entries: CountOrderEntry[]; defeated: Set<string> } {
  const entries: CountOrderEntry[] = [];
  const defeated = new Set<string>();
  for (const c of presentCombatants(state)) {
    if (c.count === null || c.unconscious) continue;
    if (c.defeated) defeated.add(c.id);
    if (round === 0) {
      // CNT-4: only creatures with surprise act in the surprise round; the surprised act in none of it.
      if (hasSurprise(c) && !c.surprised) entries.push(entryOf(c, surpriseCount(c.bonus)));
    } else entries.push(entryOf(c, c.count));
  }
  return { entries, defeated };
}

/** Asks for the contest dice still missing for `need` (CNT-5). */
function requestContests(state: CountState, need: readonly string[], out: CountOut): CountState {
  if (need.length === 0) return state;
  const waiting = new Set(
    state.requests.filter((r) => r.reason === COUNT_ROLL_REASONS.contest).map((r) => r.combatantId),
  );
  const rolling: CountCombatant[] = [];
  for (const id of need) {
    const c = waiting.has(id) ? null : getCombatant(state, id);
    if (c !== null) rolling.push(c);
  }
  return requestRolls(state, rolling, COUNT_ROLL_REASONS.contest, out);
}

/** CNT-3, CNT-5: starts `round` once its ties are settled; until then waits in status "contest". O(n log n). */
export function beginRound(state: CountState, round: number, out: CountOut): CountState {
  const { entries, defeated } = roundEntries(state, round);
  entries.sort(compareCountOrder);
  return orderedRound(state, round, entries, defeated, out);
}

/**
 * `entries` is the round's order so far: asks for the contests still missing (the defeated keep their
 * place but do not contest, DEF-1) and waits with that order in `order`, or starts the round.
 */
function orderedRound(
  state: CountState,
  round: number,
  entries: CountOrderEntry[],
  defeated: ReadonlySet<string>,
  out: CountOut,
): CountState {
  const need = countTiesInOrder(defeated.size === 0 ? entries : entries.filter((e) => !defeated.has(e.id)));
  const order: CountTurn[] = entries.map((e) => ({ id: e.id, count: e.count }));
  if (need.length > 0)
    return { ...requestContests(state, need, out), status: "contest", upcomingRound: round, order, cursor: -1 };
  const s: CountState = { ...state, status: "turns", round, upcomingRound: -1, order, cursor: -1 };
  out.events.push({ type: "roundStarted", round });
  return advance(s, -1, out);
}

/**
 * CNT-5, while a round waits for contests (status "contest") and only contest totals came back. Nothing
 * else changed since `order` was sorted (any other command re-sorts from scratch), and a new total moves
 * a creature only among those whose kept totals begin with the same earlier totals: one contiguous block
 * of `order`. So only those blocks are looked up, re-sorted and checked for ties; the rest of the order is
 * shared. O(n) id scan plus O(k log k) for the k creatures in the rerolled blocks.
 */
export function retryContests(state: CountState, changed: readonly string[], out: CountOut): CountState {
  const round = state.upcomingRound;
  const wanted = new Set(changed);
  const at: number[] = [];
  state.order.forEach((turn, i) => {
    if (wanted.has(turn.id)) at.push(i);
  });
  const entryAt = (i: number): CountOrderEntry | null => {
    const turn = state.order[i];
    const c = turn === undefined ? null : getCombatant(state, turn.id);
    return turn === undefined || c === null ? null : entryOf(c, turn.count);
  };
  const blocks: [number, number][] = [];
  for (const i of at) {
    const entry = entryAt(i);
    if (entry === null) continue;
    // The totals it had before this one: its block is every neighbour on its count that begins with them.
    const prefix = entry.contest.length - 1;
    const inBlock = (other: CountOrderEntry | null): boolean =>
      other !== null && other.count === entry.count && samePrefix(other.contest, entry.contest, prefix);
    let lo = i;
    let hi = i + 1;
    while (inBlock(entryAt(lo - 1))) lo--;
    while (inBlock(entryAt(hi))) hi++;
    blocks.push([lo, hi]);
  }
  // Overlapping blocks (one creature's earlier totals begin another's) are sorted as one.
  const merged: [number, number][] = [];
  for (const [lo, hi] of blocks.sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo < last[1]) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  const order = state.order.slice();
  const need: string[] = [];
  for (const [lo, hi] of merged) {
    const sorted: CountOrderEntry[] = [];
    for (let i = lo; i < hi; i++) {
      const entry = entryAt(i);
      if (entry !== null) sorted.push(entry);
    }
    sorted.sort(compareCountOrder);
    sorted.forEach((e, k) => (order[lo + k] = { id: e.id, count: e.count }));
    // The defeated keep their place but do not contest (DEF-1).
    need.push(...countTiesInOrder(sorted.filter((e) => getCombatant(state, e.id)?.defeated !== true)));
  }
  const s = requestContests(state, need, out);
  // Ties outside the blocks were asked for before and are still waiting for their dice.
  if (s.requests.some((r) => r.reason === COUNT_ROLL_REASONS.contest))
    return { ...s, status: "contest", order, cursor: -1 };
  const started: CountState = { ...s, status: "turns", round, upcomingRound: -1, order, cursor: -1 };
  out.events.push({ type: "roundStarted", round });
  return advance(started, -1, out);
}

function samePrefix(a: readonly number[], b: readonly number[], length: number): boolean {
  if (a.length < length) return false;
  for (let k = 0; k < length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Once every first roll is in: a surprise round (CNT-4) or round 1. */
export function afterInitiative(state: CountState, out: CountOut): CountState {
  const surpriseAllowed = state.options.surprise === "automatic" || state.surpriseDeclared;
  const anyone = presentCombatants(state).some((c) => !c.defeated && !c.surprised && hasSurprise(c));
  return beginRound(state, surpriseAllowed && anyone ? 0 : 1, out);
}

/** CNT-2, CNT-5: retries whatever waits on dice (first rolls, a round's contests) after rolls or a roster change. */
export function settle(state: CountState, out: CountOut): CountState {
  if (state.status === "rolling") {
    const waiting = state.requests.some((r) => r.reason === COUNT_ROLL_REASONS.initiative);
    return waiting ? state : afterInitiative(state, out);
  }
  if (state.status === "contest") return beginRound(state, state.upcomingRound, out);
  return state;
}

function active(c: CountCombatant | null): c is CountCombatant {
  return c !== null && !c.defeated && !c.unconscious;
}

/**
 * Steps from the turn at `fromCount` to the next creature that can act, resolving pending actions on
 * the counts in between (CNT-6: those due on a count resolve before the turns on it); past the last
 * turn comes the end step at 20 (CNT-3).
 */
export function advance(state: CountState, fromCount: number, out: CountOut): CountState {
  let i = state.cursor + 1;
  while (i < state.order.length) {
    const turn = state.order[i];
    if (turn !== undefined && active(getCombatant(state, turn.id))) break;
    i++;
  }
  const next = state.order[i];
  // The cursor moves first: the turn that just ended is over for CNT-11 while the counts up to the next
  // turn resolve (a creature that passed saves right after a later resolution of its own).
  let s = resolveBetween(
    { ...state, cursor: i },
    fromCount,
    Math.min(next === undefined ? COUNT_END_STEP : next.count, LAST_COUNT),
    out,
  );
  if (next !== undefined) {
    const c = getCombatant(s, next.id);
    const slot = s.slots[next.id];
    out.events.push({ type: "turnStarted", round: s.round, combatantId: next.id });
    // One new state per step: the turn's owner and the cursor change together.
    if (c === null || slot === undefined) return { ...s, cursor: i };
    return { ...s, cursor: i, combatants: vectorSet(s.combatants, slot, { ...c, turnRound: s.round }) };
  }
  s = { ...s, status: "end", cursor: s.order.length };
  out.events.push({ type: "endStep", round: s.round });
  return endStepSaves(s, out);
}

/** CNT-11 (ruling) and CNT-14: in the end step, saves for everyone not yet called, then death saves. */
function endStepSaves(state: CountState, out: CountOut): CountState {
  const round = state.round;
  const present = presentCombatants(state);
  for (const c of present) {
    if (c.defeated || c.count === null || c.savesRound === round) continue;
    out.events.push({ type: "savesDue", combatantId: c.id, round });
  }
  for (const c of present) {
    if (!c.defeated && c.unconscious) out.events.push({ type: "deathSavesDue", combatantId: c.id, round });
  }
  return state;
}

/** Resolves every pending action due on counts (from, to] of this round, in declaration order. */
function resolveBetween(state: CountState, from: number, to: number, out: CountOut): CountState {
  let s = state;
  for (let count = from + 1; count <= to; count++) {
    const key = String(absolutePosition(s.round, count));
    const bucket = s.pending[key];
    if (bucket === undefined) continue;
    const { [key]: _due, ...pending } = s.pending;
    // The owners are written into one roster and the state is rebuilt once per count, not per action.
    let combatants = s.combatants;
    for (const action of vectorValues(bucket)) combatants = resolveInto(s, combatants, action, out);
    s = { ...s, pending, combatants };
  }
  return s;
}

/** CNT-9, CNT-11: the creature still has an action resolving in this round (or an earlier one). */
export function hasPendingThisRound(c: CountCombatant, round: number): boolean {
  return c.pending.some((ref) => roundOfPosition(ref.at) <= round);
}

/** Its turn this round is over: it spent its action, or its turn came and went. */
function turnOver(state: CountState, c: CountCombatant): boolean {
  if (c.actedRound === state.round) return true;
  return c.turnRound === state.round && currentId(state) !== c.id;
}

/** CNT-6: the creature whose turn is under way, or null (waiting on dice, in the end step). */
export function currentId(state: CountState): string | null {
  if (state.status !== "turns") return null;
  const turn = state.order[state.cursor];
  return turn !== undefined && getCombatant(state, turn.id) !== null ? turn.id : null;
}

/**
 * CNT-11: saves come right after a creature's last action resolving this round. They are called once
 * that is certain: nothing else of it is pending this round and its turn is over (or, when its last
 * resolution came before its turn, as that turn ends).
 */
export function savesIfLast(state: CountState, c: CountCombatant, out: CountOut, turnEnding = false): CountState {
  if (!savesDueNow(state, c, turnEnding)) return state;
  out.events.push({ type: "savesDue", combatantId: c.id, round: state.round });
  return putCombatant(state, { ...c, savesRound: state.round });
}

/** CNT-11: the test behind `savesIfLast`, for callers that write the creature back themselves. */
export function savesDueNow(state: CountState, c: CountCombatant, turnEnding: boolean): boolean {
  if (c.defeated || c.savesRound === state.round || c.resolvedRound !== state.round) return false;
  return !hasPendingThisRound(c, state.round) && (turnEnding || turnOver(state, c));
}

/**
 * Resolves one action (CNT-6) into a roster being built up (`combatants`) and returns the new roster;
 * a defeated or unconscious owner's action is cancelled instead.
 */
function resolveInto(
  state: CountState,
  combatants: CountState["combatants"],
  action: CountPendingAction,
  out: CountOut,
): CountState["combatants"] {
  const slot = Object.hasOwn(state.slots, action.combatantId) ? state.slots[action.combatantId] : undefined;
  const owner = slot === undefined ? null : vectorGet(combatants, slot);
  if (slot === undefined || owner === null) return combatants;
  let updated: CountCombatant = {
    ...owner,
    pending: owner.pending.filter((ref) => ref.id !== action.id),
    casting: owner.casting === action.id ? null : owner.casting,
  };
  if (owner.defeated || owner.unconscious) {
    out.events.push({ type: "actionCancelled", action });
    return vectorSet(combatants, slot, updated);
  }
  out.events.push({ type: "actionResolved", action });
  updated = { ...updated, resolvedRound: state.round };
  if (savesDueNow(state, updated, false)) {
    out.events.push({ type: "savesDue", combatantId: updated.id, round: state.round });
    updated = { ...updated, savesRound: state.round };
  }
  return vectorSet(combatants, slot, updated);
}

/** CNT-13: at the end of a round, a creature that had its turn but spent no action lowers its count. */
export function lowerIdleCounts(state: CountState, out: CountOut): CountState {
  const round = state.round;
  if (round < 1) return state;
  const combatants = vectorMap(state.combatants, (c) => {
    if (c.count === null || c.defeated || c.unconscious) return c;
    if (c.turnRound !== round || c.actedRound === round || c.bonus <= 0) return c;
    const to = trackedCount(c.count - c.bonus);
    if (to === c.count) return c;
    out.events.push({ type: "countLowered", combatantId: c.id, from: c.count, to });
    return { ...c, count: to };
  });
  return combatants === state.combatants ? state : { ...state, combatants };
}

/** CNT-5 mid-round: asks for the contests a creature's (new) count calls for. O(n), rare. */
export function requestTiesFor(state: CountState, id: string, out: CountOut): CountState {
  const c = getCombatant(state, id);
  if (c === null || c.count === null || !active(c)) return state;
  const group = presentCombatants(state)
    .filter((o) => active(o) && o.count === c.count)
    .map((o) => entryOf(o, o.count ?? 0));
  return requestContests(state, countTiesToRoll(group), out);
}

/**
 * Mid-round (status "turns"): puts a creature whose count or standing changed where it belongs in what
 * is left of this round. A creature that already had its turn keeps it done (its new count applies
 * next round); one that was still to act keeps a turn this round (right after the current one if its
 * new count is already behind); one that was not on the track this round joins it only if its count is
 * still ahead. `woken` (CNT-14): a creature that regains consciousness acts this round whenever its new
 * count is still ahead, even after an earlier turn, with a fresh action. O(n), only for rare commands.
 */
export function reschedule(state: CountState, id: string, woken = false): CountState {
  if (state.status !== "turns" || state.round === 0) return state;
  const c = getCombatant(state, id);
  const at = state.order.findIndex((t) => t.id === id);
  if (c === null || at === state.cursor) return state;
  const hadTurn = (at !== -1 && at < state.cursor) || c.turnRound === state.round;
  if (hadTurn && !woken) return state;
  // Not on what is left of this round and not joining it: nothing changes this round.
  const unchanged = at === -1 || hadTurn ? state : null;
  const order = at === -1 ? [...state.order] : state.order.filter((_, i) => i !== at);
  const cursor = at !== -1 && at < state.cursor ? state.cursor - 1 : state.cursor;
  if (c.count === null || c.unconscious) return unchanged ?? { ...state, order };
  const current = order[cursor];
  const currentRecord = current === undefined ? null : getCombatant(state, current.id);
  if (current === undefined || currentRecord === null) return unchanged ?? { ...state, order };
  const ahead = compareCountOrder(entryOf(c, c.count), entryOf(currentRecord, current.count)) > 0;
  if (!ahead && unchanged !== null) return unchanged;
  const turn: CountTurn = { id, count: ahead ? c.count : current.count };
  const entry = entryOf(c, turn.count);
  let lo = cursor + 1;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = order[mid];
    const record = other === undefined ? null : getCombatant(state, other.id);
    if (other !== undefined && record !== null && compareCountOrder(entryOf(record, other.count), entry) < 0)
      lo = mid + 1;
    else hi = mid;
  }
  order.splice(lo, 0, turn);
  if (!hadTurn) return { ...state, order };
  // CNT-14: a new turn this round, with its action to spend (its reaction stays used, CNT-12).
  return { ...putCombatant(state, { ...c, actedRound: -1, turnRound: -1 }), order, cursor };
}
