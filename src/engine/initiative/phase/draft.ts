/**
 * Phase rounds: a transition under construction, the dice requests (PHS-2), and the small helpers
 * every command shares.
 */
import { ok, type Result } from "../../core/result.ts";
import { changePhaseState, initiativeDue, isRollingPhase, phaseCombatants, rollOffDue } from "./state.ts";
import type { DiceRequest, Transition } from "../contract.ts";
import { PHASE_ROLL_REASONS, type PhaseCombatant, type PhaseEvent, type PhaseState } from "./types.ts";

export type Step = Result<Transition<PhaseState, PhaseEvent>>;

/** A transition under construction: the state so far and what happened, in order. */
export interface Draft {
  state: PhaseState;
  readonly events: PhaseEvent[];
  readonly requests: DiceRequest[];
}

/** Engine contract: a transition under construction (state, events, dice requests). */
export const draft = (state: PhaseState, events: PhaseEvent[] = []): Draft => ({ state, events, requests: [] });

/** Engine contract: the finished transition. */
export function done(d: Draft): Step {
  return ok({ state: d.state, events: d.events, requests: d.requests });
}

function formatMod(value: number): string {
  return value < 0 ? ` - ${-value}` : ` + ${value}`;
}

/**
 * PHS-2: a creature's 2d6 + INT + AGI for `round`, e.g. "2d6 + 1 - 2". Its id follows from the round
 * and the creature's slot (`phase-3-17`), so a request need not be stored to be answered.
 */
export function initiativeRequest(round: number, c: PhaseCombatant): DiceRequest {
  return {
    id: `phase-${round}-${c.slot}`,
    combatantId: c.id,
    groupId: null,
    formula: `2d6${formatMod(c.int)}${formatMod(c.agi)}`,
    reason: PHASE_ROLL_REASONS.initiative,
  };
}

/** PHS-2: a creature's next d6 roll-off in `round` (`phase-3-17-2`: its second roll-off; see `rollingOff`). */
export function rollOffRequest(round: number, c: PhaseCombatant): DiceRequest {
  return {
    id: `phase-${round}-${c.slot}-${c.rollOff.length + 1}`,
    combatantId: c.id,
    groupId: null,
    formula: "1d6",
    reason: PHASE_ROLL_REASONS.rollOff,
  };
}

/** PHS-2: asks for a creature's 2d6 + INT + AGI (the state says it is due: see `initiativeDue`). */
export function askInitiative(d: Draft, c: PhaseCombatant): void {
  d.requests.push(initiativeRequest(d.state.round, c));
}

/**
 * PHS-2: every roll waiting for a total, in join order: initiative rolls due and roll-offs asked, both
 * read from the creatures (nothing else is stored). O(n).
 */
export function phasePending(state: PhaseState): DiceRequest[] {
  const out: DiceRequest[] = [];
  if (!isRollingPhase(state.phase)) return out;
  for (const c of phaseCombatants(state)) {
    if (initiativeDue(state, c)) out.push(initiativeRequest(state.round, c));
    else if (rollOffDue(state, c)) out.push(rollOffRequest(state.round, c));
  }
  return out;
}

/** DEF-1: present and not defeated. */
export const isActive = (c: PhaseCombatant | null): c is PhaseCombatant => c !== null && !c.defeated;

/** PHS-9: the delayers waiting on `id` act next, in the order they declared. */
export function release(state: PhaseState, id: string): PhaseState {
  // Runs at every battle turn's end: a plain loop, no closure, for the common case of nobody waiting.
  let waiting = false;
  for (const w of state.waits) if (w.afterId === id) waiting = true;
  if (!waiting) return state;
  const freed = state.waits.filter((w) => w.afterId === id).map((w) => w.delayerId);
  return changePhaseState(state, {
    waits: state.waits.filter((w) => w.afterId !== id),
    upNext: [...freed, ...state.upNext],
  });
}
