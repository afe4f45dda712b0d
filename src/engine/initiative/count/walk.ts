/**
 * Walking a round of the count track (CNT-3) without a stored order: counts 0 … 19 in turn, and on each
 * count the creatures on it in tie order (`tieOrder`, CNT-5). Where a creature stands follows from its
 * record (its count for the round, whether its turn came), so a new round only resets the walk: no list
 * is rebuilt and nothing is written for everyone (issue 8).
 *
 * The walk stands at (`count`, `scan`): the creatures on `count` at or before `scan` in `tieOrder`, and
 * every creature on a lower count, are behind it. Finding the next turn scans `tieOrder` from `scan` and,
 * when `count` has nobody left, once more for the lowest count still to come: about one pass per count,
 * O(20 n) per round, for a few fields written per turn.
 */
import { COUNT_END_STEP, COUNT_LAST } from "./delay.ts";
import { trackedCount } from "./order.ts";
import type { CountCombatant, CountState } from "./types.ts";
import { vectorEntries, vectorGet, vectorGetById } from "../shared/persistent-vector.ts";

/** The round whose counts apply now: the one waiting for its contests, else the one under way. */
export function trackRound(state: CountState): number {
  return state.status === "contest" ? state.upcomingRound : state.round;
}

/**
 * CNT-13: the count a record holds in `round` (a round at or after its `countRound`). A creature that
 * had its turn in that round, spent no action and ends it neither defeated nor unconscious lowers its
 * count by its bonus (not below 0) from the next round on; never after the surprise round, and a bonus
 * of 0 or less never raises a count. Every write brings a record up to date first (`getCombatant`), so
 * at most one such round lies behind a record.
 */
export function countIn(c: CountCombatant, round: number): number | null {
  if (c.count === null || round <= c.countRound) return c.count;
  const idle = c.countRound >= 1 && c.turnRound === c.countRound && c.actedRound !== c.countRound;
  if (!idle || c.defeated || c.unconscious || c.bonus <= 0) return c.count;
  return trackedCount(c.count - c.bonus);
}

/** CNT-4: a creature's count in the surprise round: 20 − bonus (kept on the track). */
export function surpriseCount(bonus: number): number {
  return Math.min(COUNT_LAST, trackedCount(COUNT_END_STEP - bonus));
}

/** CNT-4: a result of 0 or below has surprise. */
export function hasSurprise(c: CountCombatant): boolean {
  return c.result !== null && c.result <= 0;
}

/**
 * CNT-4: whether a creature takes part in the surprise round: it has surprise and the GM has not marked
 * it surprised. Only these act in it, and only these roll saves and death saves in it (track.ts
 * `endStepSaves`, CNT-11 and CNT-14 ruling).
 */
export function takesPartInSurprise(c: CountCombatant): boolean {
  return hasSurprise(c) && !c.surprised;
}

/**
 * CNT-4: the count a creature is shown on in `round` (what every client's `combatant.initiative` reads).
 * **Ruling:** in the surprise round a creature that acts in it shows 20 − its bonus, the count it acts
 * on; every other creature (no surprise, marked surprised, unconscious) shows its count for the round,
 * where it acts from round 1 on (a result below 0 tracked as 0).
 */
export function shownCount(c: CountCombatant, round: number): number | null {
  if (round === 0 && c.count !== null && !c.unconscious && takesPartInSurprise(c)) return surpriseCount(c.bonus);
  return countIn(c, round);
}

/**
 * CNT-3, CNT-4, CNT-14: the count a creature is on in `round`, or null when it is not on the track: not
 * rolled, unconscious (it sits at 20), or in the surprise round without surprise or marked surprised.
 * Defeated creatures keep their place (DEF-1); the walk skips them.
 */
export function roundCount(c: CountCombatant, round: number): number | null {
  if (c.count === null || c.unconscious) return null;
  if (round === 0) return takesPartInSurprise(c) ? surpriseCount(c.bonus) : null;
  return countIn(c, round);
}

/** A creature still to take its turn in `round` wherever its place is: on the track, able to act, no turn yet. */
export function isDue(c: CountCombatant, round: number): boolean {
  return !c.defeated && c.turnRound !== round && roundCount(c, round) !== null;
}

/** Whether a place (count, index in `tieOrder`) is still ahead of the walk. */
export function isAhead(state: CountState, count: number, index: number): boolean {
  return count > state.count || (count === state.count && index > state.scan);
}

/** The next turn: who, on which count, where the walk then stands. */
export interface NextTurn {
  readonly id: string;
  readonly count: number;
  readonly scan: number;
  readonly queued: readonly string[];
}

/** CNT-3: the next creature to act this round (queued ones first), or null when the end step comes. */
export function nextTurn(state: CountState): NextTurn | null {
  const round = state.round;
  for (let q = 0; q < state.queued.length; q++) {
    const id = state.queued[q] ?? "";
    const c = vectorGetById(state.slots, state.combatants, id);
    if (c !== null && isDue(c, round))
      return { id, count: state.count, scan: state.scan, queued: state.queued.slice(q + 1) };
  }
  const order = state.tieOrder;
  const here = state.count;
  // The rest of the count under way, in tie order (a few entries per turn).
  const vector = state.combatants;
  for (let i = state.scan + 1; here >= 0 && i < order.length; i++) {
    const c = vectorGet(vector, order[i] ?? -1);
    if (c !== null && dueCount(c, round) === here) return found(state, i, here);
  }
  // Nobody left on it: the lowest count still to come, its first creature in tie order. One pass over
  // every record, read in slot order once (the walk's one O(n) step per count).
  const records = vectorEntries(vector);
  let bestCount = Number.POSITIVE_INFINITY;
  let bestIndex = -1;
  for (let i = 0; i < order.length; i++) {
    const c = records[order[i] ?? -1];
    const count = c === undefined || c === null ? -1 : dueCount(c, round);
    if (count > here && count < bestCount) [bestCount, bestIndex] = [count, i];
  }
  return bestIndex === -1 ? null : found(state, bestIndex, bestCount);
}

/** The count a creature is due on this round, or −1 (defeated, off the track, turn taken). */
function dueCount(c: CountCombatant, round: number): number {
  if (c.defeated || c.turnRound === round) return -1;
  return roundCount(c, round) ?? -1;
}

function found(state: CountState, index: number, count: number): NextTurn | null {
  const c = vectorGet(state.combatants, state.tieOrder[index] ?? -1);
  return c === null ? null : { id: c.id, count, scan: index, queued: [] };
}

/** Index of each slot in `tieOrder`. O(n). */
export function tieIndex(state: CountState): Map<number, number> {
  return new Map(state.tieOrder.map((slot, i) => [slot, i]));
}
