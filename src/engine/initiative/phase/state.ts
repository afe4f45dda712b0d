/**
 * Phase rounds: creating the state and reading combatants out of it.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { vectorFromJoins, vectorGetById, vectorSet, vectorValues } from "../shared/persistent-vector.ts";
import type { PhaseCombatant, PhaseJoin, PhaseState } from "./types.ts";

/** PHS-2: a creature that has not rolled yet (no initiative, no roll-offs, nothing this round). */
export function newPhaseCombatant(join: PhaseJoin, slot: number): PhaseCombatant {
  return {
    id: join.id,
    slot,
    int: join.int,
    agi: join.agi,
    initiative: null,
    initiativeRound: 0,
    rollOff: [],
    defeated: false,
    seizedRound: 0,
    defending: false,
    disengagedRound: 0,
    movedRound: 0,
    actedRound: 0,
  };
}

/** What may change on a combatant (its id and slot never do). */
export type PhaseCombatantChange = Partial<Omit<PhaseCombatant, "id" | "slot">>;

/**
 * PHS-2, PHS-4, PHS-10, PHS-11, DEF-1: the combatant with some fields changed. Written out field by field rather than spread: every
 * combatant then has one object shape, which keeps the hot paths (a roll-off batch, a turn step) fast.
 */
export function changePhaseCombatant(c: PhaseCombatant, change: PhaseCombatantChange): PhaseCombatant {
  return {
    id: c.id,
    slot: c.slot,
    int: change.int ?? c.int,
    agi: change.agi ?? c.agi,
    initiative: change.initiative === undefined ? c.initiative : change.initiative,
    initiativeRound: change.initiativeRound ?? c.initiativeRound,
    rollOff: change.rollOff ?? c.rollOff,
    defeated: change.defeated ?? c.defeated,
    seizedRound: change.seizedRound ?? c.seizedRound,
    defending: change.defending ?? c.defending,
    disengagedRound: change.disengagedRound ?? c.disengagedRound,
    movedRound: change.movedRound ?? c.movedRound,
    actedRound: change.actedRound ?? c.actedRound,
  };
}

/** What may change on the round state. */
export type PhaseStateChange = Partial<PhaseState>;

/**
 * PHS-1: the state with some fields changed, written out field by field like `changePhaseCombatant`: a turn
 * step builds one state object of one shape instead of several spread copies.
 */
export function changePhaseState(s: PhaseState, change: PhaseStateChange): PhaseState {
  return {
    round: change.round ?? s.round,
    phase: change.phase === undefined ? s.phase : change.phase,
    combatants: change.combatants ?? s.combatants,
    index: change.index ?? s.index,
    moveOrder: change.moveOrder ?? s.moveOrder,
    battleOrder: change.battleOrder ?? s.battleOrder,
    cursor: change.cursor ?? s.cursor,
    current: change.current === undefined ? s.current : change.current,
    upNext: change.upNext ?? s.upNext,
    waits: change.waits ?? s.waits,
    delays: change.delays ?? s.delays,
    unplaced: change.unplaced ?? s.unplaced,
    turnAction: change.turnAction === undefined ? s.turnAction : change.turnAction,
    rolls: change.rolls ?? s.rolls,
    nextRequest: change.nextRequest ?? s.nextRequest,
  };
}

/** PHS-2: a join is valid when the id is a non-empty string and INT and AGI are whole numbers. */
export function checkPhaseJoin(join: PhaseJoin): Result<PhaseJoin> {
  if (typeof join.id !== "string" || join.id.length === 0) return err("TEMPO.ERRORS.Phase.InvalidCombatant");
  if (!Number.isSafeInteger(join.int) || !Number.isSafeInteger(join.agi)) {
    return err("TEMPO.ERRORS.Phase.InvalidCombatant", { id: join.id });
  }
  return ok(join);
}

/** PHS-1: what a round starts from: no orders built yet, nobody's turn, no delays, no dice asked. */
export const PHASE_NO_TURNS = {
  moveOrder: [],
  battleOrder: [],
  cursor: -1,
  current: null,
  upNext: [],
  waits: [],
  delays: [],
  unplaced: [],
  turnAction: null,
  rolls: [],
} as const satisfies PhaseStateChange;

/** PHS-1: a combat that has not started, with these combatants in join order (O(n)). */
export function createPhaseState(combatants: readonly PhaseJoin[] = []): Result<PhaseState> {
  const roster = vectorFromJoins(
    combatants,
    checkPhaseJoin,
    newPhaseCombatant,
    "TEMPO.ERRORS.Phase.DuplicateCombatant",
  );
  if (!roster.ok) return roster;
  return ok({ round: 0, phase: null, ...roster.value, ...PHASE_NO_TURNS, nextRequest: 1 });
}

/** DEF-1: the combatant with this id, or null when it never joined or has left. */
export function phaseCombatant(state: PhaseState, id: string): PhaseCombatant | null {
  return vectorGetById(state.index, state.combatants, id);
}

/** DEF-1: every combatant present, in join order. */
export function phaseCombatants(state: PhaseState): PhaseCombatant[] {
  return vectorValues(state.combatants);
}

/** DEF-1: writes a combatant back into its own slot (O(log n)). */
export function putPhaseCombatant(state: PhaseState, combatant: PhaseCombatant): PhaseState {
  return changePhaseState(state, { combatants: vectorSet(state.combatants, combatant.slot, combatant) });
}
