/**
 * Walking a standard round (STD-4, DEF-1) with Delay and Ready (the rulings in scheduler.ts): the order's
 * comparator, turn and round starts, and passing the turn on, with delayed creatures re-entering at the
 * end of the round at the latest. A turn step writes one index (plus a readied action's key when it
 * lapses); re-entering moves one id within the order.
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";
import type { Transition } from "../contract.ts";
import { compareIds } from "../shared/highest-first.ts";
import { insertAt, nextActiveIndex, own, removeAt, without } from "../shared/round-order.ts";
import { canActIn, passTurn, skipSlots, type TurnWalk } from "../shared/turn-walk.ts";
import { compareStandardOrder, standardDelayRank } from "./order.ts";
import type { StandardCombatant, StandardState } from "./state.ts";
import type { StandardEvent, StandardStep } from "./types.ts";

/** STD-1, STD-2: the order on ids, delay ranks included. */
export function comparator(state: StandardState): (a: string, b: string) => number {
  const { combatants, delayRank } = state;
  return (a, b) => {
    const x = own(combatants, a);
    const y = own(combatants, b);
    return x === undefined || y === undefined ? compareIds(a, b) : compareStandardOrder(x, y, delayRank);
  };
}

/** Every combatant with an initiative, sorted. O(n log n); once per round at most. */
export function sortedOrder(state: StandardState): string[] {
  const ids = Object.keys(state.combatants).filter((id) => own(state.combatants, id)?.initiative !== null);
  return ids.sort(comparator(state));
}

export function setCombatant(state: StandardState, combatant: StandardCombatant): StandardState {
  return { ...state, combatants: { ...state.combatants, [combatant.id]: combatant } };
}

export function finish(step: StandardStep): Result<Transition<StandardState, StandardEvent>> {
  return ok({ state: step.state, events: step.events, requests: step.requests });
}

/** Ready: a readied action lapses when its creature's next turn comes. */
function lapseReadied(step: StandardStep, id: string): void {
  if (own(step.state.readied, id) === undefined) return;
  step.state = { ...step.state, readied: without(step.state.readied, id) };
  step.events.push({ type: "readyLapsed", round: step.state.round, combatantId: id });
}

/** Marks the start of `order[index]`'s turn: STD-3's "first turn" happens here; a readied action lapses. */
function beginTurn(step: StandardStep, index: number): void {
  const id = step.state.order[index];
  if (id === undefined) return;
  lapseReadied(step, id);
  const state = step.state;
  const firstTurnDue = without(state.firstTurnDue, id);
  step.state = { ...state, turnIndex: index, firstTurnDue };
  step.events.push({ type: "turnStarted", round: state.round, combatantId: id });
}

/**
 * STD-4: the next round starts with its first creature's turn. Sorts again only when the last round's
 * changes left the order unsorted; last round's delay records go. Returns false (and changes nothing)
 * when nobody can act.
 */
export function startNextRound(step: StandardStep): boolean {
  const state = step.state;
  const order = state.resort ? sortedOrder(state) : state.order;
  const first = nextActiveIndex(order, 0, canActIn(state.combatants));
  if (first < 0) return false;
  if (state.round > 0) step.events.push({ type: "roundEnded", round: state.round });
  const round = state.round + 1;
  step.events.push({ type: "roundStarted", round });
  // Only a delayed creature that was defeated is still listed here: the others re-entered.
  const delayed = Object.keys(state.delayed).length === 0 ? state.delayed : {};
  const reentered = Object.keys(state.reentered).length === 0 ? state.reentered : {};
  step.state = { ...state, round, order, resort: false, delayed, reentered };
  skipSlots(step, 0, first, round);
  beginTurn(step, first);
  return true;
}

/** STD-4, DEF-1: how the shared turn walk (shared/turn-walk.ts) runs a standard combat. */
export const WALK: TurnWalk<StandardState, StandardStep> = {
  nextRoundOrder: (state) => (state.resort ? sortedOrder(state) : state.order),
  startNextRound,
  beginTurn,
};

/**
 * Delay: `id` (delayed, its slot passed this round) re-enters right after the acting creature and any
 * creature already re-entering there. It takes the total of the creature it now follows and that
 * creature's delay rank + 1, so later rounds keep it in that place (sorted again at the next round). When
 * the creature it follows has left, it keeps its own total. O(n) time; the write is the ids between its
 * old and new place.
 */
export function reenter(step: StandardStep, id: string, forced: boolean): void {
  const base = step.state;
  const from = base.order.indexOf(id);
  const combatant = own(base.combatants, id);
  if (from < 0 || combatant === undefined) return;
  const order = removeAt(base.order, from);
  const turnIndex = from < base.turnIndex ? base.turnIndex - 1 : base.turnIndex;
  let at = turnIndex + 1;
  while (at < order.length && own(base.reentered, order[at] ?? "") === base.round) at++;
  const afterId = order[at - 1] ?? null;
  const after = afterId === null ? undefined : own(base.combatants, afterId);
  let state: StandardState = {
    ...base,
    order: insertAt(order, at, id),
    turnIndex,
    resort: true,
    delayed: without(base.delayed, id),
    reentered: { ...base.reentered, [id]: base.round },
  };
  step.events.push({
    type: "delayEnded",
    round: base.round,
    combatantId: id,
    afterId: after === undefined ? null : (afterId ?? null),
    forced,
  });
  if (after !== undefined && after.initiative !== null) {
    // Its old tie-breakers were rolled against other creatures at another total (as with setInitiative).
    state = setCombatant(state, { ...combatant, initiative: after.initiative, tieBreak: [] });
    state = { ...state, delayRank: { ...state.delayRank, [id]: standardDelayRank(state.delayRank, after.id) + 1 } };
    step.events.push({ type: "initiativeSet", combatantId: id, value: after.initiative });
  }
  step.state = state;
}

/** Delay: at the end of the round the delayed creatures still able to act re-enter, in their old order. */
export function reenterAtRoundEnd(step: StandardStep): void {
  const state = step.state;
  if (Object.keys(state.delayed).length === 0) return;
  const canAct = canActIn(state.combatants);
  if (nextActiveIndex(state.order, state.turnIndex + 1, canAct) >= 0) return;
  const waiting = state.order.filter((id) => own(state.delayed, id) !== undefined && canAct(id));
  for (const id of waiting) reenter(step, id, true);
}

/** Ready: readied actions of creatures whose slot was passed over in this step lapse too (DEF-1). */
export function lapseSkipped(step: StandardStep): void {
  for (const event of [...step.events]) if (event.type === "turnSkipped") lapseReadied(step, event.combatantId);
}

/**
 * STD-4: ends `ended`'s turn (null: a delay, whose turn starts again later) and starts the next one;
 * delayed creatures re-enter first when the round would end. A typed error when nobody can act.
 */
export function passOn(step: StandardStep, ended: string | null, nobodyCanAct: I18nKey): Result<true> {
  reenterAtRoundEnd(step);
  const passed = passTurn(WALK, step, step.state.turnIndex + 1, ended, nobodyCanAct);
  if (!passed.ok) return passed;
  lapseSkipped(step);
  return step.events.length === 0 ? err(nobodyCanAct) : ok(true);
}
