/**
 * Phase rounds: a transition under construction, and the small helpers every command shares.
 */
import { ok, type Result } from "../../core/result.ts";
import { changePhaseState } from "./state.ts";
import type { DiceRequest, Transition } from "../contract.ts";
import {
  PHASE_ROLL_REASONS,
  type PhaseCombatant,
  type PhaseEvent,
  type PhaseRollKind,
  type PhaseState,
} from "./types.ts";

export type Step = Result<Transition<PhaseState, PhaseEvent>>;

/** A transition under construction: the state so far and what happened, in order. */
export interface Draft {
  state: PhaseState;
  readonly events: PhaseEvent[];
  readonly requests: DiceRequest[];
  /** Rolls asked for in this transition, added to the state in one go by `flush` (O(k), not O(k²)). */
  readonly asked: DiceRequest[];
}

/** Engine contract: a transition under construction (state, events, dice requests). */
export const draft = (state: PhaseState, events: PhaseEvent[] = []): Draft => ({
  state,
  events,
  requests: [],
  asked: [],
});

/** PHS-2: adds the rolls asked for in this transition to the state in one go. */
export function flush(d: Draft): void {
  if (d.asked.length === 0) return;
  const rolls = [...d.state.rolls, ...d.asked];
  d.state = changePhaseState(d.state, { rolls, nextRequest: d.state.nextRequest + d.asked.length });
  d.asked.length = 0;
}

/** Engine contract: the finished transition. */
export function done(d: Draft): Step {
  flush(d);
  return ok({ state: d.state, events: d.events, requests: d.requests });
}

function formatMod(value: number): string {
  return value < 0 ? ` - ${-value}` : ` + ${value}`;
}

/** PHS-2: "2d6 + INT + AGI" with this creature's numbers, e.g. "2d6 + 1 - 2". */
function initiativeFormula(int: number, agi: number): string {
  return `2d6${formatMod(int)}${formatMod(agi)}`;
}

/** PHS-2: whether a pending request is an initiative roll or a roll-off (its reason says which). */
export function rollKind(asked: DiceRequest): PhaseRollKind {
  return asked.reason === PHASE_ROLL_REASONS.rollOff ? "rollOff" : "initiative";
}

/** PHS-2: asks for a creature's 2d6 + INT + AGI or a d6 roll-off (the engine never rolls). */
export function request(d: Draft, combatant: PhaseCombatant, kind: PhaseRollKind): void {
  const s = d.state;
  const n = s.nextRequest + d.asked.length;
  const req: DiceRequest =
    kind === "initiative"
      ? {
          id: `phase-${n}`,
          combatantId: combatant.id,
          groupId: null,
          formula: initiativeFormula(combatant.int, combatant.agi),
          reason: PHASE_ROLL_REASONS.initiative,
        }
      : {
          id: `phase-${n}`,
          combatantId: combatant.id,
          groupId: null,
          formula: "1d6",
          reason: PHASE_ROLL_REASONS.rollOff,
        };
  d.asked.push(req);
  d.requests.push(req);
}

/** DEF-1: present and not defeated. */
export const isActive = (c: PhaseCombatant | null): c is PhaseCombatant => c !== null && !c.defeated;

/** PHS-2: forgets a creature's pending dice (it left, fell, or had its initiative set). */
export function dropRollsOf(state: PhaseState, id: string): PhaseState {
  return state.rolls.some((r) => r.combatantId === id)
    ? changePhaseState(state, { rolls: state.rolls.filter((r) => r.combatantId !== id) })
    : state;
}

/** DEF-1: the order without `id` in its part still to come (from `from` on). */
export function without(order: readonly string[], id: string, from: number): readonly string[] {
  const at = order.indexOf(id, Math.max(0, from));
  return at < 0 ? order : [...order.slice(0, at), ...order.slice(at + 1)];
}

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
