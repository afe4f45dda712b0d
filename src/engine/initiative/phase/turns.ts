/**
 * Phase rounds: the four phases of a round (PHS-1) and moving from turn to turn. The round's ranking is
 * built when its dice settle (settle.ts); a phase boundary then only moves the cursor and flips the phase,
 * and a turn step updates the one creature whose turn starts (O(log n)). Nothing is written per creature
 * when a round starts: who must roll follows from each creature's round-tagged initiative (PHS-2).
 */
import { err } from "../../core/result.ts";
import { askInitiative, done, draft, isActive, phasePending, release, type Draft, type Step } from "./draft.ts";
import { rankRound } from "./lanes.ts";
import { vectorSet } from "../shared/persistent-vector.ts";
import { changePhaseCombatant, changePhaseState, phaseCombatant, phaseCombatants, PHASE_NO_TURNS } from "./state.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

/** PHS-1, PHS-2: a new round starts with the initiative phase; every creature still up rolls again. */
function beginRound(d: Draft, round: number): void {
  d.state = changePhaseState(d.state, { ...PHASE_NO_TURNS, round, phase: "initiative" });
  d.events.push({ type: "roundStarted", round }, { type: "phaseStarted", round, phase: "initiative" });
  // Their initiative is from an earlier round, so their roll is due now (`initiativeDue`).
  for (const c of phaseCombatants(d.state)) if (!c.defeated) askInitiative(d, c);
  // Nobody up to roll: the round's ranking is everyone's kept initiative (DEF-1).
  if (d.requests.length === 0) d.state = rankRound(d.state);
}

/** Starts `c`'s turn; `cursor` is where the lane stands now (one state copy per turn step). */
function startTurn(d: Draft, c: PhaseCombatant, phase: "movement" | "battle", cursor: number): void {
  const round = d.state.round;
  const resumed = phase === "battle" && c.actedRound === round;
  const updated: PhaseCombatant =
    phase === "movement"
      ? changePhaseCombatant(c, { movedRound: round, defending: false })
      : resumed
        ? c
        : changePhaseCombatant(c, { actedRound: round, defending: false });
  const s = d.state;
  const combatants = updated === c ? s.combatants : vectorSet(s.combatants, c.slot, updated);
  d.state = changePhaseState(s, { combatants, cursor, current: c.id, turnAction: null });
  d.events.push({ type: "turnStarted", round, combatantId: c.id, phase });
}

/** PHS-3, PHS-4: the next movement turn (catch-ups, then down the ranking), or the battle phase. */
function advanceMovement(d: Draft): boolean {
  // DEF-1: creatures placed where the lane has passed, still to move, go first.
  for (let first = d.state.catchUp[0]; first !== undefined; first = d.state.catchUp[0]) {
    d.state = changePhaseState(d.state, { catchUp: d.state.catchUp.slice(1) });
    const c = phaseCombatant(d.state, first);
    if (isActive(c) && c.movedRound !== d.state.round) {
      startTurn(d, c, "movement", d.state.cursor);
      return true;
    }
  }
  const s = d.state;
  // Down the ranking: lowest first, the seizers before everyone (they sit at its end).
  for (let i = s.cursor - 1; i >= 0; i--) {
    const c = phaseCombatant(s, s.ranking[i] ?? "");
    if (isActive(c) && c.movedRound !== s.round) {
      startTurn(d, c, "movement", i);
      return true;
    }
  }
  d.state = changePhaseState(s, { phase: "battle", cursor: -1, current: null, upNext: [] });
  d.events.push({ type: "phaseStarted", round: s.round, phase: "battle" });
  return false;
}

/** PHS-7, PHS-9: the next battle turn (released delayers, then up the ranking), or the end phase. */
function advanceBattle(d: Draft): "turn" | "again" | "end" {
  const s = d.state;
  const [released, ...rest] = s.upNext;
  if (released !== undefined) {
    d.state = changePhaseState(s, { upNext: rest });
    const c = phaseCombatant(d.state, released);
    if (isActive(c)) {
      startTurn(d, c, "battle", d.state.cursor);
      return "turn";
    }
    d.state = release(d.state, released);
    return "again";
  }
  const i = s.cursor + 1;
  const id = s.ranking[i];
  if (id !== undefined) {
    const c = phaseCombatant(s, id);
    if (isActive(c) && c.actedRound !== s.round) {
      startTurn(d, c, "battle", i);
      return "turn";
    }
    d.state = changePhaseState(s, { cursor: i });
    // DEF-1: a skipped creature's turn still passes, so whoever waited on it acts now (PHS-9).
    if (!isActive(c)) d.state = release(d.state, id);
    return "again";
  }
  if (s.waits.length > 0) {
    // Nobody is left to wait for (the awaited creature never got a turn): the delayers act now.
    d.state = changePhaseState(s, { waits: [], upNext: s.waits.map((w) => w.delayerId) });
    return "again";
  }
  return "end";
}

/** PHS-3, PHS-7, PHS-9: moves to the next turn of the current phase, or on to the next phase when it has none. */
export function advance(d: Draft): void {
  if (d.state.phase === "movement" && advanceMovement(d)) return;
  if (d.state.phase !== "battle") return;
  for (;;) {
    const step = advanceBattle(d);
    if (step === "turn") return;
    if (step === "end") {
      beginEnd(d);
      return;
    }
  }
}

/**
 * PHS-12: the end phase. Saves are rolled by the conditions module; the scheduler says they are due, one
 * event per creature still up (the same event the count track emits), in join order.
 */
function beginEnd(d: Draft): void {
  const s = d.state;
  d.state = changePhaseState(s, { ...PHASE_NO_TURNS, phase: "end" });
  d.events.push({ type: "phaseStarted", round: s.round, phase: "end" });
  for (const c of phaseCombatants(s))
    if (!c.defeated) d.events.push({ type: "savesDue", combatantId: c.id, round: s.round });
}

/** PHS-1: ends the current turn and starts the next one, or moves on to the next phase or round. */
export function next(state: PhaseState): Step {
  const d = draft(state);
  switch (state.phase) {
    case null:
      return err("TEMPO.ERRORS.Phase.NotStarted");
    case "initiative": {
      const pending = phasePending(state).length;
      if (pending > 0) return err("TEMPO.ERRORS.Phase.RollsPending", { count: pending });
      // The ranking was built when the last roll settled: the movement lane starts at its end.
      d.state = changePhaseState(state, { phase: "movement", cursor: state.ranking.length });
      d.events.push({ type: "phaseStarted", round: state.round, phase: "movement" });
      advance(d);
      return done(d);
    }
    case "movement":
    case "battle":
      if (state.current !== null) {
        d.events.push({ type: "turnEnded", round: state.round, combatantId: state.current, phase: state.phase });
        if (state.phase === "battle") d.state = release(d.state, state.current);
        // `advance` always names the next creature, or none when the phase ends.
      }
      advance(d);
      return done(d);
    case "end":
      d.events.push({ type: "roundEnded", round: state.round });
      beginRound(d, state.round + 1);
      return done(d);
  }
}

/** PHS-1: the combat starts with round 1's initiative phase. */
export function start(state: PhaseState): Step {
  if (state.phase !== null) return err("TEMPO.ERRORS.Phase.AlreadyStarted");
  const d = draft(state, [{ type: "combatStarted" }]);
  beginRound(d, 1);
  return done(d);
}
