/**
 * Moving along the track: starting a round (once its ties are settled), stepping to the next turn,
 * resolving pending actions on the way, calling saving throws, and keeping every creature's turn when
 * its place moves mid-round. A new round writes only the walk's own fields: CNT-13's lowering is read
 * from the records (`countIn`) and the order from `tieOrder` (walk.ts).
 */
import { COUNT_END_STEP, COUNT_LAST } from "./delay.ts";
import { absolutePosition, putCombatant, recordAt, roundOfPosition, slotOf, upToDate, type CountOut } from "./state.ts";
import { dropOrphanSecretContests, dropSecretContests } from "./hidden-ties.ts";
import { anyContest } from "./ties.ts";
import type { CountCombatant, CountPendingAction, CountState } from "./types.ts";
import { countIn, isAhead, isDue, nextTurn, roundCount, takesPartInSurprise, tieIndex, trackRound } from "./walk.ts";
import { vectorGet, vectorSet, vectorValues } from "../shared/persistent-vector.ts";

/** The walk before a round's first turn (also while a round waits for its contests). */
const WALK_START = { count: -1, scan: -1, current: null, queued: [] } as const;

/**
 * CNT-3, CNT-5: starts `round` once its ties are settled; until then waits in status "contest" (the dice
 * follow from the state, requests.ts). Writes a few fields whatever the roster's size.
 */
export function beginRound(state: CountState, round: number, out: CountOut): CountState {
  const walk: CountState = { ...state, ...WALK_START, contestRound: Math.max(state.contestRound, round) };
  // Issue 18 item 5: as a round is prepared (not again while its contests are out), secret contest totals
  // give way where the creature is level with another on the public totals, and are dropped where they
  // order it against no one any more (hidden-ties.ts).
  const preparing = state.status !== "contest" || state.upcomingRound !== round;
  const s = preparing ? dropOrphanSecretContests(dropSecretContests(walk, round)) : walk;
  if (anyContest(s, round)) return { ...s, status: "contest", upcomingRound: round };
  out.events.push({ type: "roundStarted", round });
  return advance({ ...s, status: "turns", round, upcomingRound: -1 }, -1, out);
}

/**
 * Once every first roll is in: a surprise round (CNT-4) or round 1. **Ruling** (CNT-4, issue 18 item 5):
 * round 1's contests are asked for at once, with the surprise round's (`contestRound`), as they are in
 * the encounter without one; the surprise round does not wait for them. So a surprise round only hidden
 * creatures act in asks a player for no dice later than the encounter without them would
 * (count/hidden-surprise.ts).
 */
export function afterInitiative(state: CountState, out: CountOut): CountState {
  const surpriseAllowed = state.options.surprise === "automatic" || state.surpriseDeclared;
  const anyone = vectorValues(state.combatants).some((c) => !c.defeated && takesPartInSurprise(c));
  if (!(surpriseAllowed && anyone)) return beginRound(state, 1, out);
  return beginRound({ ...state, contestRound: Math.max(state.contestRound, 1) }, 0, out);
}

/**
 * CNT-2, CNT-5: retries whatever waits on dice (first rolls, a round's contests) after rolls or a roster change;
 * a secret contest total that orders its creature against no one any more is dropped (hidden-ties.ts).
 */
export function settle(state: CountState, out: CountOut): CountState {
  return dropOrphanSecretContests(settled(state, out));
}

function settled(state: CountState, out: CountOut): CountState {
  if (state.status === "rolling") {
    const waiting = vectorValues(state.combatants).some((c) => c.count === null);
    return waiting ? state : afterInitiative(state, out);
  }
  if (state.status === "contest") return beginRound(state, state.upcomingRound, out);
  return state;
}

/** CNT-13: at the end of a round, the counts idle creatures hold from the next round on. Nothing is written. */
export function lowerIdleCounts(state: CountState, out: CountOut): void {
  const round = state.round;
  for (const c of vectorValues(state.combatants)) {
    const from = countIn(c, round);
    const to = countIn(c, round + 1);
    if (from !== null && to !== null && to !== from)
      out.events.push({ type: "countLowered", combatantId: c.id, from, to });
  }
}

/**
 * Steps from the turn at `fromCount` to the next creature that can act, resolving pending actions on
 * the counts in between (CNT-6: those due on a count resolve before the turns on it); past the last
 * turn comes the end step at 20 (CNT-3).
 */
export function advance(state: CountState, fromCount: number, out: CountOut): CountState {
  const next = nextTurn(state);
  const current = next?.id ?? null;
  // The turn that just ended is over for CNT-11 while the counts up to the next turn resolve (a creature
  // that passed saves right after a later resolution of its own).
  const to = Math.min(next === null ? COUNT_END_STEP : next.count, COUNT_LAST);
  const s = anyDue(state, fromCount, to) ? resolveBetween({ ...state, current }, fromCount, to, out) : state;
  if (next === null) {
    out.events.push({ type: "endStep", round: s.round });
    return endStepSaves({ ...s, status: "end", count: COUNT_END_STEP, scan: -1, current: null, queued: [] }, out);
  }
  out.events.push({ type: "turnStarted", round: s.round, combatantId: next.id });
  const slot = slotOf(s, next.id);
  const stored = slot === null ? null : vectorGet(s.combatants, slot);
  const walk = { count: next.count, scan: next.scan, queued: next.queued, current };
  if (slot === null || stored === null) return { ...s, ...walk };
  // One new state per step: the turn's owner and the walk change together.
  const c = upToDate(stored, s.round);
  const combatants = vectorSet(s.combatants, slot, { ...c, turnRound: s.round, turnCount: next.count });
  return { ...s, ...walk, combatants };
}

/** Whether any pending action is due on counts (from, to] of this round. */
function anyDue(state: CountState, from: number, to: number): boolean {
  for (let count = from + 1; count <= to; count++)
    if (state.pending[String(absolutePosition(state.round, count))] !== undefined) return true;
  return false;
}

/**
 * CNT-11 (ruling) and CNT-14: in the end step, saves for everyone not yet called, then death saves.
 * **Ruling** (CNT-4 with CNT-11 and CNT-14): only the creatures that take part in the surprise round
 * (surprise, not marked surprised: walk.ts `takesPartInSurprise`) roll in its end step, saves and death
 * saves alike; every other creature is not in that round and rolls them in round 1 as usual. So a
 * surprise round only hidden creatures take part in calls no visible creature's dice (hidden-surprise.ts).
 */
function endStepSaves(state: CountState, out: CountOut): CountState {
  const round = state.round;
  const present = vectorValues(state.combatants).filter((c) => round !== 0 || takesPartInSurprise(c));
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
  if (state.status !== "turns" || state.current === null) return null;
  return slotOf(state, state.current) === null ? null : state.current;
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
  const slot = slotOf(state, action.combatantId);
  const stored = slot === null ? null : vectorGet(combatants, slot);
  if (slot === null || stored === null) return combatants;
  const owner = upToDate(stored, trackRound(state));
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

/**
 * Mid-round (status "turns"), after a change that can move places (a new count, contest totals): a
 * creature that was still to act ahead of the walk and now stands behind it keeps its turn, right after
 * the turn under way (queued, in tie order); a queued creature whose place is ahead again acts there.
 * Creatures that were not ahead (they acted, or joined or woke behind the walk) wait for the next round.
 * O(n), only for rare commands and dice.
 */
export function keepTurns(before: CountState, after: CountState): CountState {
  if (before.status !== "turns" || after.status !== "turns") return after;
  const round = after.round;
  const indexBefore = tieIndex(before);
  const wasAhead = (id: string): boolean => {
    if (before.queued.includes(id)) return true;
    const slot = slotOf(before, id);
    const c = slot === null ? null : recordAt(before, slot);
    const index = slot === null ? undefined : indexBefore.get(slot);
    if (c === null || index === undefined || !isDue(c, round) || id === before.current) return false;
    return isAhead(before, roundCount(c, round) ?? -1, index);
  };
  const stay: { id: string; index: number }[] = [];
  after.tieOrder.forEach((slot, index) => {
    const c = recordAt(after, slot);
    if (c === null || c.id === after.current || !isDue(c, round)) return;
    if (isAhead(after, roundCount(c, round) ?? -1, index)) return;
    if (wasAhead(c.id)) stay.push({ id: c.id, index });
  });
  const queued = stay.sort((a, b) => a.index - b.index).map((q) => q.id);
  const same = queued.length === after.queued.length && queued.every((id, i) => after.queued[i] === id);
  return same ? after : { ...after, queued };
}

/** Whether a creature's place this round is still ahead of the turn under way (CNT-14: a woken creature acts then). */
export function placeAhead(state: CountState, c: CountCombatant): boolean {
  const count = roundCount(c, state.round);
  const slot = slotOf(state, c.id);
  if (count === null || slot === null) return false;
  return isAhead(state, count, state.tieOrder.indexOf(slot));
}
