/**
 * Phase rounds: the round's two lanes read from one ranking (PHS-3, PHS-4, PHS-7), and creatures put in
 * their place mid-round without anyone losing or repeating a turn (DEF-1).
 *
 * `ranking` is the battle lane: highest initiative first, the seizers last. The movement lane is the same
 * list read from the end: lowest first, the seizers first (PHS-4's ruling makes the two exact reverses).
 * One cursor marks how far the current phase's lane has come:
 * - movement: the entries at `cursor` and above have been reached (the walk goes down from `ranking.length`);
 * - battle: the entries at `cursor` and below (the walk goes up from -1).
 * A creature whose initiative changes mid-round moves to its place in the part of the round still to
 * come (see `place`).
 */
import { insertAt, removeAt, sortedInsertIndex } from "../shared/round-order.ts";
import { comparePhaseBattle, comparePhaseMovement, comparePhaseRank } from "./order.ts";
import {
  changePhaseCombatant,
  changePhaseState,
  phaseCombatant,
  phaseCombatants,
  putPhaseCombatant,
  roundInitiative,
} from "./state.ts";
import type { PhaseCombatant, PhaseState, PhaseTurnPhase } from "./types.ts";

/**
 * PHS-2, PHS-3, PHS-4, PHS-7: the round's ranking from everyone with an initiative this round (defeated
 * creatures keep their place, DEF-1): one sort by rank, the seizers moved to the end. O(n log n).
 */
export function rankRound(state: PhaseState): PhaseState {
  const round = state.round;
  const ranked = phaseCombatants(state)
    .filter((c) => roundInitiative(c, round) !== null)
    .sort(comparePhaseRank);
  const seizers: string[] = [];
  const others: string[] = [];
  for (const c of ranked) (c.seizedRound === round ? seizers : others).push(c.id);
  return changePhaseState(state, { ranking: [...others, ...seizers] });
}

/**
 * PHS-3, PHS-7: a lane in the order its turns happen: the battle lane is the ranking; the movement lane is
 * the ranking from the end, with the creatures waiting in `catchUp` right after the part passed. O(n).
 */
export function phaseLane(state: PhaseState, lane: PhaseTurnPhase): string[] {
  const ranking = state.ranking;
  if (lane === "battle") return [...ranking];
  const catchUp = state.phase === "movement" ? state.catchUp : [];
  const first = state.phase === "movement" ? state.cursor : ranking.length;
  const skip = new Set(catchUp);
  const out: string[] = [];
  for (let i = ranking.length - 1; i >= 0; i--) {
    if (i === first - 1) out.push(...catchUp);
    const id = ranking[i];
    if (id !== undefined && !skip.has(id)) out.push(id);
  }
  if (first <= 0) out.push(...catchUp);
  return out;
}

/** DEF-1: the ranking without `id`, the cursor still on the entry it was on (or the one reached before). */
export function unrank(state: PhaseState, id: string): PhaseState {
  const at = state.ranking.indexOf(id);
  if (at < 0) return state;
  // An entry removed below the cursor moves it down; in movement, one at the cursor leaves it on the
  // entry reached before (the one above).
  const below = state.phase === "movement" ? at < state.cursor : state.phase === "battle" && at <= state.cursor;
  return changePhaseState(state, { ranking: removeAt(state.ranking, at), cursor: state.cursor - (below ? 1 : 0) });
}

/** Compares ids by a comparison of the combatants they name (absent ones are level). */
function byId(
  state: PhaseState,
  compare: (a: PhaseCombatant, b: PhaseCombatant) => number,
): (x: string, y: string) => number {
  return (x, y) => {
    const a = phaseCombatant(state, x);
    const b = phaseCombatant(state, y);
    return a === null || b === null ? 0 : compare(a, b);
  };
}

/**
 * DEF-1: puts a settled creature in its place for the rest of the round, keeping its turns this round as
 * they were: one whose turn in the current lane has come (taken, or passed while it was defeated) does not
 * get another; one whose turn is still to come keeps it. The creature taking its turn now keeps its places.
 * - Battle: it goes to its sorted place in the part of the ranking still to come, at the front of it
 *   when it ranks above all of that part (its sorted place is already passed); that part stays sorted.
 * - Movement: it goes to its sorted place in the whole ranking (its place in the battle lane, which has
 *   not started). If that place is already passed in the movement lane and it has not moved, it waits in
 *   `catchUp` to move next. O(n).
 */
export function place(state: PhaseState, c: PhaseCombatant): PhaseState {
  const round = state.round;
  if (c.id === state.current) return state;
  const at = state.ranking.indexOf(c.id);
  if (state.phase === "battle") {
    if (c.actedRound === round || (at >= 0 && at <= state.cursor)) return state;
    const s = unrank(state, c.id);
    const from = s.cursor + 1;
    const p = sortedInsertIndex(s.ranking, from, s.ranking.length, c.id, byId(s, comparePhaseBattle(round)));
    return changePhaseState(s, { ranking: insertAt(s.ranking, p, c.id) });
  }
  if (state.phase !== "movement") return state;
  const waiting = state.catchUp.includes(c.id);
  const moved = c.movedRound === round;
  // Its movement turn came while it was down: it stays passed.
  const lost = !moved && !waiting && at >= 0 && at >= state.cursor;
  let s = unrank(waiting ? changePhaseState(state, { catchUp: state.catchUp.filter((x) => x !== c.id) }) : state, c.id);
  const p = sortedInsertIndex(s.ranking, 0, s.ranking.length, c.id, byId(s, comparePhaseBattle(round)));
  // An entry put at or below the cursor moves it up and is still to come in the movement lane; one put
  // above it is in the part already passed.
  const passed = p > s.cursor;
  s = changePhaseState(s, { ranking: insertAt(s.ranking, p, c.id), cursor: s.cursor + (passed ? 0 : 1) });
  // Moved into the part still to come, its lost turn is marked had: it must not move late.
  if (lost && !passed) return putPhaseCombatant(s, changePhaseCombatant(c, { movedRound: round }));
  if (lost || moved || !passed) return s;
  const q = sortedInsertIndex(s.catchUp, 0, s.catchUp.length, c.id, byId(s, comparePhaseMovement(round)));
  return changePhaseState(s, { catchUp: insertAt(s.catchUp, q, c.id) });
}
