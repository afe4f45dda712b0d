/**
 * Who stands where in a standard order (STD-1..3): dice requests for initiative and tie-breakers, slotting a
 * creature that just got its total into a running round, and settling the ties still to roll. These are
 * the O(n) changes; a turn step never runs them.
 */
import { d20Roll } from "../shared/linear-commands.ts";
import { contestRollsNeeded } from "../shared/highest-first.ts";
import {
  insertAt,
  own,
  passedSlotIndex,
  removeAt,
  sortedInsertIndex,
  withoutAll,
  orderWithoutAll,
} from "../shared/round-order.ts";
import { standardDelayRank } from "./order.ts";
import {
  STANDARD_ROLL_REASONS,
  type StandardCombatant,
  type StandardPendingRoll,
  type StandardState,
} from "./state.ts";
import type { StandardStep } from "./types.ts";
import { comparator, sortedOrder, startNextRound } from "./walk.ts";

export function requestRoll(step: StandardStep, combatant: StandardCombatant, kind: StandardPendingRoll["kind"]): void {
  // STD-1: 1d20 + DEX; STD-2: a plain 1d20 tie-breaker.
  const modifier = kind === "initiative" ? combatant.dexBonus : 0;
  const roll = d20Roll(`std-${step.state.nextRequest}`, combatant.id, null, modifier, STANDARD_ROLL_REASONS[kind]);
  step.state = {
    ...step.state,
    rolls: [...step.state.rolls, { ...roll, kind }],
    nextRequest: step.state.nextRequest + 1,
  };
  step.requests.push(roll.request);
}

/** Drops the dice requests of one combatant (it left, or its initiative was set by hand). */
export function cancelRolls(
  state: StandardState,
  combatantId: string,
  kinds: readonly StandardPendingRoll["kind"][],
): StandardState {
  const rolls = state.rolls.filter((r) => r.request.combatantId !== combatantId || !kinds.includes(r.kind));
  return rolls.length === state.rolls.length ? state : { ...state, rolls };
}

/** STD-3: slots a combatant that just got its initiative into a running order. */
export function place(state: StandardState, id: string): StandardState {
  const compare = comparator(state);
  const current = state.order[state.turnIndex];
  if (current !== undefined && compare(id, current) > 0) {
    const index = sortedInsertIndex(state.order, state.turnIndex + 1, state.order.length, id, compare);
    return { ...state, order: insertAt(state.order, index, id) };
  }
  // Its slot has passed this round (or nobody is acting): it waits for the next round.
  const end = Math.min(Math.max(state.turnIndex, 0), state.order.length);
  const index = passedSlotIndex(state.order, end, id, compare);
  return {
    ...state,
    order: insertAt(state.order, index, id),
    turnIndex: state.turnIndex + (index <= state.turnIndex ? 1 : 0),
  };
}

/** STD-3: takes a newcomer that has not started a turn out of the order and slots it in again. */
export function slotAgain(state: StandardState, id: string): StandardState {
  const index = state.order.indexOf(id);
  if (index < 0 || index === state.turnIndex) return state;
  const removed = {
    ...state,
    order: removeAt(state.order, index),
    turnIndex: index < state.turnIndex ? state.turnIndex - 1 : state.turnIndex,
  };
  return place(removed, id);
}

/** After tie-breakers changed keys mid-round: sort the part not yet acted, and the rest next round. */
export function resortRemaining(state: StandardState): StandardState {
  const split = state.turnIndex + 1;
  const rest = state.order.slice(split).sort(comparator(state));
  return { ...state, order: [...state.order.slice(0, split), ...rest], resort: true };
}

/**
 * Asks for the tie-breakers still needed (STD-2) and starts round 1 once every roll is in. Creatures
 * tie on equal total, delay rank and DEX bonus. O(n): run after commands that change initiative, never
 * after a turn step.
 */
export function settle(step: StandardStep): void {
  const state = step.state;
  if (state.status === "setup") return;
  const waiting = new Set(state.rolls.filter((r) => r.kind === "tieBreak").map((r) => r.request.combatantId));
  const entries = [];
  for (const id of Object.keys(state.combatants)) {
    const c = own(state.combatants, id);
    if (c === undefined || c.initiative === null) continue;
    const rank = standardDelayRank(state.delayRank, id);
    entries.push({ id, tieKey: `${c.initiative}|${rank}|${c.dexBonus}`, contest: c.tieBreak });
  }
  const needed = contestRollsNeeded(entries);
  // A tie that went away (a creature left or got a new total) needs no tie-breaker any more.
  const stillNeeded = new Set(needed);
  const rolls = state.rolls.filter((r) => r.kind !== "tieBreak" || stillNeeded.has(r.request.combatantId ?? ""));
  if (rolls.length !== state.rolls.length) step.state = { ...step.state, rolls };
  for (const id of needed) {
    const c = own(step.state.combatants, id);
    if (c !== undefined && !waiting.has(id)) requestRoll(step, c, "tieBreak");
  }
  if (step.state.status === "rolling" && step.state.rolls.length === 0) {
    step.state = { ...step.state, status: "running", order: sortedOrder(step.state), turnIndex: -1, resort: false };
    if (!startNextRound(step)) step.state = { ...step.state, turnIndex: step.state.order.length };
  }
}

/**
 * Issue 17: the state after every one of `ids` leaves, none of them acting now, in one pass: their
 * records, rolls and places go, and the ties are settled once (a `leave` of each in turn settles after
 * each). Null when one is unknown or acting (its leave passes the turn on): then each leaves in turn.
 * Public-order.ts keeps this only where the table is as it was but for them: where the leaves one by one
 * keep it too, it is the state they make; where they would not (two tied only with each other, either
 * of whose leave starts the round), it is the one public-order.ts's ruling publishes
 * (tests/engine/host/batch-leave.test.ts).
 */
export function leaveAll(state: StandardState, ids: readonly string[]): StandardState | null {
  const gone = new Set(ids);
  if (gone.size !== ids.length || ids.some((id) => own(state.combatants, id) === undefined)) return null;
  if (state.status === "running" && gone.has(state.order[state.turnIndex] ?? "")) return null;
  const rolls = state.rolls.filter((r) => !gone.has(r.request.combatantId ?? ""));
  const place = orderWithoutAll(state.order, state.turnIndex, gone);
  const step: StandardStep = {
    state: {
      ...state,
      rolls: rolls.length === state.rolls.length ? state.rolls : rolls,
      combatants: withoutAll(state.combatants, gone),
      firstTurnDue: withoutAll(state.firstTurnDue, gone),
      delayed: withoutAll(state.delayed, gone),
      reentered: withoutAll(state.reentered, gone),
      delayRank: withoutAll(state.delayRank, gone),
      readied: withoutAll(state.readied, gone),
      order: place.order,
      turnIndex: place.turnIndex,
    },
    events: [],
    requests: [],
  };
  // Fewer creatures make no new tie: with no tie-breaker pending and the round under way, nothing settles.
  if (step.state.status !== "running" || step.state.rolls.some((r) => r.kind === "tieBreak")) settle(step);
  return step.state;
}
