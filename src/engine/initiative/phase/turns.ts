/**
 * Phase rounds: the four phases of a round (PHS-1) and moving from turn to turn. Orders are sorted once
 * per round when the movement phase starts; a turn step then moves a cursor and updates the one creature
 * whose turn starts (O(log n)).
 */
import { err } from "../../core/result.ts";
import { done, draft, isActive, release, request, type Draft, type Step } from "./draft.ts";
import { comparePhaseRank } from "./order.ts";
import { vectorMap, vectorSet } from "../shared/persistent-vector.ts";
import { changePhaseCombatant, changePhaseState, phaseCombatant, phaseCombatants, PHASE_NO_TURNS } from "./state.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

/** PHS-1, PHS-2: a new round starts with the initiative phase; every creature still up rolls again. */
function beginRound(d: Draft, round: number): void {
  d.state = changePhaseState(d.state, {
    ...PHASE_NO_TURNS,
    round,
    phase: "initiative",
    combatants: vectorMap(d.state.combatants, (c) =>
      c.defeated ? c : changePhaseCombatant(c, { initiative: null, initiativeRound: round, rollOff: [] }),
    ),
  });
  d.events.push({ type: "roundStarted", round }, { type: "phaseStarted", round, phase: "initiative" });
  for (const c of phaseCombatants(d.state)) if (!c.defeated) request(d, c, "initiative");
}

/**
 * Every creature with an initiative (defeated ones keep their place, DEF-1), sorted once per round.
 * One sort by rank gives both lanes: battle is rank order with the seizers moved to the end (PHS-4,
 * PHS-7); movement is exactly the reverse of battle (PHS-3, PHS-4).
 */
function buildOrders(state: PhaseState): PhaseState {
  const ranked = phaseCombatants(state)
    .filter((c) => c.initiative !== null)
    .sort(comparePhaseRank);
  const seizers: string[] = [];
  const others: string[] = [];
  for (const c of ranked) (c.seizedRound === state.round ? seizers : others).push(c.id);
  const battleOrder = [...others, ...seizers];
  const moveOrder = [...battleOrder].reverse();
  return changePhaseState(state, { moveOrder, battleOrder, cursor: -1 });
}

/** Starts `c`'s turn; `cursor` is where the order stands now (one state copy per turn step). */
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

/** PHS-3, PHS-7, PHS-9: moves to the next turn of the current phase, or on to the next phase when it has none. */
export function advance(d: Draft): void {
  for (;;) {
    const s = d.state;
    if (s.phase === "movement") {
      for (let i = s.cursor + 1; i < s.moveOrder.length; i++) {
        const id = s.moveOrder[i] ?? "";
        const c = phaseCombatant(s, id);
        if (isActive(c) && c.movedRound !== s.round) {
          startTurn(d, c, "movement", i);
          return;
        }
      }
      d.state = changePhaseState(s, { phase: "battle", cursor: -1, current: null, upNext: [] });
      d.events.push({ type: "phaseStarted", round: s.round, phase: "battle" });
      continue;
    }
    if (s.phase === "battle") {
      const [first, ...rest] = s.upNext;
      if (first !== undefined) {
        d.state = changePhaseState(s, { upNext: rest });
        const c = phaseCombatant(d.state, first);
        if (isActive(c)) {
          startTurn(d, c, "battle", d.state.cursor);
          return;
        }
        d.state = release(d.state, first);
        continue;
      }
      const i = s.cursor + 1;
      const id = s.battleOrder[i];
      if (id !== undefined) {
        const c = phaseCombatant(s, id);
        if (isActive(c) && c.actedRound !== s.round) {
          startTurn(d, c, "battle", i);
          return;
        }
        d.state = changePhaseState(s, { cursor: i });
        // DEF-1: a skipped creature's turn still passes, so whoever waited on it acts now (PHS-9).
        if (!isActive(c)) d.state = release(d.state, id);
        continue;
      }
      if (s.waits.length > 0) {
        // Nobody is left to wait for (the awaited creature never got a turn): the delayers act now.
        d.state = changePhaseState(s, { waits: [], upNext: s.waits.map((w) => w.delayerId) });
        continue;
      }
      beginEnd(d);
      return;
    }
    return;
  }
}

/**
 * PHS-12: the end phase. Saves are rolled by the conditions module; the scheduler says they are due, one
 * event per creature still up (the same event the count track emits), in join order.
 */
function beginEnd(d: Draft): void {
  const s = d.state;
  d.state = changePhaseState(s, {
    phase: "end",
    cursor: -1,
    current: null,
    turnAction: null,
    upNext: [],
    waits: [],
    unplaced: [],
  });
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
    case "initiative":
      if (state.rolls.length > 0) return err("TEMPO.ERRORS.Phase.RollsPending", { count: state.rolls.length });
      d.state = { ...buildOrders(state), phase: "movement" };
      d.events.push({ type: "phaseStarted", round: state.round, phase: "movement" });
      advance(d);
      return done(d);
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
