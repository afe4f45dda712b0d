/**
 * Phase rounds: what the phase tracker draws (PHS-1 to PHS-4, PHS-7, PHS-9 to PHS-12), read from the state
 * in one pass (O(n log n) only while the ranking is still projected, O(n) once it is built): the phase,
 * both lanes in the order their turns happen, every creature's markers this round, and what the current
 * actor may do now. Nothing here is decided again in the view.
 */
import type { Message } from "../../core/result.ts";
import { checkSeize, isDelayTarget } from "./actions.ts";
import { phaseLane } from "./lanes.ts";
import { comparePhaseBattle, comparePhaseMovement } from "./order.ts";
import { phaseCombatant, phaseCombatants, roundInitiative } from "./state.ts";
import { battleSequence, projected } from "./timeline.ts";
import type { PhaseCombatant, PhaseName, PhaseState } from "./types.ts";

/** One creature as the tracker shows it this round. */
export interface PhaseTrackerCreature {
  readonly id: string;
  /** PHS-2: its initiative this round, or null while it is to roll. */
  readonly initiative: number | null;
  readonly defeated: boolean;
  /** PHS-2: waiting on its 2d6 + INT + AGI, on a d6 roll-off, or on nothing. */
  readonly rolling: "initiative" | "rollOff" | null;
  /** PHS-4: it seized the initiative this round. */
  readonly seized: boolean;
  /** PHS-10: attacks against it have 1 source of disadvantage until its next turn starts. */
  readonly defending: boolean;
  /** PHS-11: its own attacks have 1 source of disadvantage (through the round after it disengaged). */
  readonly disengaged: boolean;
  /** PHS-9: the creature it declared a delay after this round, released or not; null when none. */
  readonly delayedAfter: string | null;
  /** PHS-9: still waiting for that creature to finish. */
  readonly waiting: boolean;
  /** PHS-12: in the end phase, its effects that call for a save roll now. */
  readonly savesDue: boolean;
  /** PHS-4: the engine's reason it may not seize the initiative now, or null when it may. */
  readonly seizeRefusal: Message | null;
}

/** One turn of a lane, in the order the lane takes them. */
export interface PhaseTrackerTurn {
  readonly id: string;
  readonly active: boolean;
  readonly done: boolean;
}

export interface PhaseTrackerFacts {
  readonly round: number;
  /** PHS-1: null before the combat starts. */
  readonly phase: PhaseName | null;
  /** Every creature present, in join order. */
  readonly creatures: readonly PhaseTrackerCreature[];
  /** PHS-3, PHS-4: lowest first, the seizers before everyone (projected while the dice are not all in). */
  readonly movement: readonly PhaseTrackerTurn[];
  /** PHS-7, PHS-4, PHS-9: highest first, the seizers last, each delayer right after the creature it waits for. */
  readonly battle: readonly PhaseTrackerTurn[];
  /** PHS-2: creatures not in this round's order yet (their dice are not in). */
  readonly unranked: readonly string[];
  /** Whose turn it is now, or null. */
  readonly current: string | null;
  /** PHS-9: the creatures the current battle actor may delay after now (none when it may not delay). */
  readonly delayTargets: readonly string[];
}

function rollingOf(state: PhaseState, c: PhaseCombatant): PhaseTrackerCreature["rolling"] {
  if (c.defeated || state.phase === null) return null;
  if (roundInitiative(c, state.round) === null) return "initiative";
  // PHS-2: level with another, it has a total but waits on its d6 roll-off.
  return c.rollingOff && c.initiativeRound === state.round ? "rollOff" : null;
}

function creatureFacts(
  state: PhaseState,
  c: PhaseCombatant,
  delays: ReadonlyMap<string, string>,
  waiting: ReadonlySet<string>,
): PhaseTrackerCreature {
  const round = state.round;
  const seize = checkSeize(state, c.id);
  return {
    id: c.id,
    initiative: roundInitiative(c, round),
    defeated: c.defeated,
    rolling: rollingOf(state, c),
    seized: round > 0 && c.seizedRound === round,
    defending: c.defending,
    disengaged: c.disengagedRound > 0 && round - c.disengagedRound <= 1,
    delayedAfter: delays.get(c.id) ?? null,
    waiting: waiting.has(c.id),
    savesDue: state.phase === "end" && !c.defeated,
    seizeRefusal: seize.ok ? null : seize.error,
  };
}

function delayTargets(state: PhaseState, all: readonly PhaseCombatant[]): string[] {
  const actor = state.current;
  if (state.phase !== "battle" || actor === null || state.turnAction !== null) return [];
  return all.filter((c) => isDelayTarget(state, actor, c)).map((c) => c.id);
}

/** PHS-1, PHS-3, PHS-4, PHS-7, PHS-9 to PHS-12: the phase tracker's facts. */
export function phaseTrackerFacts(state: PhaseState): PhaseTrackerFacts {
  const round = state.round;
  const all = phaseCombatants(state);
  const delays = new Map<string, string>();
  for (const d of state.delays) if (d.round === round) delays.set(d.delayerId, d.afterId);
  const built = state.phase === "movement" || state.phase === "battle" || state.phase === "end";
  const moveOrder = built ? phaseLane(state, "movement") : projected(state, comparePhaseMovement(round));
  const battleOrder = built ? phaseLane(state, "battle") : projected(state, comparePhaseBattle(round));
  const inOrder = new Set(battleOrder);
  const waiting = new Set(state.waits.map((w) => w.delayerId));
  const upNext = new Set(state.upNext);
  const movement = moveOrder.map((id): PhaseTrackerTurn => {
    const active = state.phase === "movement" && state.current === id;
    const c = phaseCombatant(state, id);
    return { id, active, done: !active && round > 0 && c?.movedRound === round };
  });
  const battle = battleSequence(state, battleOrder).map(({ id }): PhaseTrackerTurn => {
    const active = state.phase === "battle" && state.current === id;
    const c = phaseCombatant(state, id);
    const held = waiting.has(id) || upNext.has(id);
    return { id, active, done: !active && !held && round > 0 && c?.actedRound === round };
  });
  const creatures = all.map((c) => creatureFacts(state, c, delays, waiting));
  return {
    round,
    phase: state.phase,
    creatures,
    movement,
    battle,
    unranked: all.filter((c) => !inOrder.has(c.id)).map((c) => c.id),
    current: state.current,
    delayTargets: delayTargets(state, all),
  };
}
