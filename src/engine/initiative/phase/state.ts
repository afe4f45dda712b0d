/**
 * Phase rounds: creating the state and reading combatants out of it.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { vectorFromJoins, vectorGetById, vectorSet, vectorValues } from "../shared/persistent-vector.ts";
import type { PhaseCombatant, PhaseJoin, PhaseName, PhaseState } from "./types.ts";

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
    rollingOff: false,
    defeated: false,
    keptRound: 0,
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
    rollingOff: change.rollingOff ?? c.rollingOff,
    defeated: change.defeated ?? c.defeated,
    keptRound: change.keptRound ?? c.keptRound,
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
    ranking: change.ranking ?? s.ranking,
    cursor: change.cursor ?? s.cursor,
    current: change.current === undefined ? s.current : change.current,
    upNext: change.upNext ?? s.upNext,
    catchUp: change.catchUp ?? s.catchUp,
    waits: change.waits ?? s.waits,
    delays: change.delays ?? s.delays,
    unplaced: change.unplaced ?? s.unplaced,
    turnAction: change.turnAction === undefined ? s.turnAction : change.turnAction,
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

/**
 * PHS-1: what a phase boundary leaves behind: nobody's turn, no lists of the phase before (they are
 * empty by then, but for creatures left unsettled).
 */
export const PHASE_NO_TURNS = {
  cursor: -1,
  current: null,
  upNext: [],
  catchUp: [],
  waits: [],
  unplaced: [],
  turnAction: null,
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
  return ok({ round: 0, phase: null, ...roster.value, ranking: [], delays: [], ...PHASE_NO_TURNS });
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

/** PHS-2: the phases in which creatures roll initiative (the initiative phase, and joiners later on). */
export const isRollingPhase = (phase: PhaseName | null): boolean =>
  phase === "initiative" || phase === "movement" || phase === "battle";

/**
 * PHS-2, DEF-1: a creature's initiative in `round`: what it rolled (or was set to) for that round; a
 * defeated creature's last value (it keeps its place, DEF-1), also once revived later in the round
 * (`keptRound`); null while its roll for the round is still to come.
 */
export function roundInitiative(c: PhaseCombatant, round: number): number | null {
  return c.initiativeRound === round || c.defeated || c.keptRound === round ? c.initiative : null;
}

/**
 * PHS-2: whether the creature's 2d6 + INT + AGI is asked for now: it is up and has no initiative this
 * round, in a phase where creatures roll. Every creature up when a round starts is asked this way,
 * without a write per creature.
 */
export function initiativeDue(state: PhaseState, c: PhaseCombatant): boolean {
  return !c.defeated && isRollingPhase(state.phase) && roundInitiative(c, state.round) === null;
}

/** PHS-2: whether the creature's next d6 roll-off is asked for now (see `rollingOff`). */
export function rollOffDue(state: PhaseState, c: PhaseCombatant): boolean {
  return c.rollingOff && !c.defeated && c.initiativeRound === state.round && isRollingPhase(state.phase);
}

/** PHS-2, DEF-1: the initiative a host shows for a creature this round (null while it is to roll, or absent). */
export function phaseInitiative(state: PhaseState, id: string): number | null {
  const c = phaseCombatant(state, id);
  return c === null ? null : roundInitiative(c, state.round);
}
