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
  /** The slot of each creature in `asked`, in the same order. */
  readonly askedSlots: number[];
}

/** Engine contract: a transition under construction (state, events, dice requests). */
export const draft = (state: PhaseState, events: PhaseEvent[] = []): Draft => ({
  state,
  events,
  requests: [],
  asked: [],
  askedSlots: [],
});

/**
 * PHS-2: the slots of the creatures whose dice the last flushed `rolls` list asks for, in its order (a
 * single entry, keyed by the list's identity: a state is never changed in place). A batch of answers then
 * finds each creature by its slot, checked against the id, instead of looking every id up; any other
 * list (filtered, from elsewhere) has no hints and is looked up by id.
 */
let rollSlots: { readonly rolls: readonly DiceRequest[]; readonly slots: readonly number[] } | null = null;

/** PHS-2: the slot hinted for the pending request at `at` of `rolls`, or -1 when there is no hint. */
export function rollSlotHint(rolls: readonly DiceRequest[], at: number): number {
  return rollSlots !== null && rollSlots.rolls === rolls ? (rollSlots.slots[at] ?? -1) : -1;
}

/** PHS-2: adds the rolls asked for in this transition to the state in one go. */
export function flush(d: Draft): void {
  if (d.asked.length === 0) return;
  const before = d.state.rolls;
  const rolls = [...before, ...d.asked];
  // Hints carry over only when every request already pending has one (in a batch, usually none is left).
  const known = before.length === 0 ? [] : rollSlots !== null && rollSlots.rolls === before ? rollSlots.slots : null;
  rollSlots = known === null ? null : { rolls, slots: [...known, ...d.askedSlots] };
  d.state = changePhaseState(d.state, { rolls, nextRequest: d.state.nextRequest + d.asked.length });
  d.asked.length = 0;
  d.askedSlots.length = 0;
}

/** Engine contract: the finished transition. */
export function done(d: Draft): Step {
  flush(d);
  return ok({ state: d.state, events: d.events, requests: d.requests });
}

function formatMod(value: number): string {
  return value < 0 ? ` - ${-value}` : ` + ${value}`;
}

/**
 * Initiative formulas already written, by INT then AGI: a round asks every creature, and most share a few
 * modifiers, so each formula is built once rather than once per creature (a new string every time).
 * Bounded: it starts over once it holds many.
 */
const formulas = new Map<number, Map<number, string>>();
let formulaCount = 0;

/** PHS-2: "2d6 + INT + AGI" with this creature's numbers, e.g. "2d6 + 1 - 2". */
function initiativeFormula(int: number, agi: number): string {
  let byAgi = formulas.get(int);
  const known = byAgi?.get(agi);
  if (known !== undefined) return known;
  if (formulaCount >= 1024) {
    formulas.clear();
    formulaCount = 0;
    byAgi = undefined;
  }
  const formula = `2d6${formatMod(int)}${formatMod(agi)}`;
  if (byAgi === undefined) {
    byAgi = new Map<number, string>();
    formulas.set(int, byAgi);
  }
  byAgi.set(agi, formula);
  formulaCount++;
  return formula;
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
  d.askedSlots.push(combatant.slot);
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
