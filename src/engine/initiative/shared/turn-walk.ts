/**
 * Passing the turn along a linear order (`standard`, `rotation`): the next creature able to act starts
 * its turn, defeated ones are passed over with `turnSkipped` (DEF-1), and past the end of the order the
 * scheme starts its next round (STD-4, ROT-3). The scheme supplies what differs: which order the next
 * round uses, how a round and a turn start. A step writes one index and shares the order (O(1)
 * amortised, plus the defeated creatures passed over).
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";
import type { CommonEvent } from "../contract.ts";
import { nextActiveIndex, own, removeAt, type LinearRound } from "./round-order.ts";

/** DEF-1: a defeated creature's slot came and was passed over. */
export type TurnSkipped = { readonly type: "turnSkipped"; readonly round: number; readonly combatantId: string };

/** Where a transition collects its events; a scheme's own event list (a wider union) fits. */
export interface EventSink {
  push(...events: (CommonEvent | TurnSkipped)[]): number;
  readonly length: number;
}

/** A transition under construction: events accumulate, the state is replaced. */
export interface WalkStep<S extends LinearRound> {
  state: S;
  readonly events: EventSink;
}

/** What a scheme tells the walk; `T` is the scheme's own step type (more fields, wider events). */
export interface TurnWalk<S extends LinearRound, T extends WalkStep<S> = WalkStep<S>> {
  /** The order the next round will use (sorted again when `resort` is set). */
  nextRoundOrder(state: S): readonly string[];
  /** Starts the next round with its first creature's turn; false (nothing changed) when nobody can act. */
  startNextRound(step: T): boolean;
  /** Starts the turn of `order[index]`. */
  beginTurn(step: T, index: number): void;
}

/** The combatants of a linear scheme, as far as the walk needs them (DEF-1). */
interface Roster {
  readonly combatants: Readonly<Record<string, { readonly defeated: boolean }>>;
}

/** DEF-1: whether a creature can take its turn: it is still in the combat and not defeated. */
export function canActIn(
  combatants: Readonly<Record<string, { readonly defeated: boolean }>>,
): (id: string) => boolean {
  return (id) => {
    const c = own(combatants, id);
    return c !== undefined && !c.defeated;
  };
}

/** DEF-1: `turnSkipped` for the slots `order[from..to)` passed over in `round`. */
export function skipSlots<S extends LinearRound>(step: WalkStep<S>, from: number, to: number, round: number): void {
  for (let i = from; i < to; i++) {
    const id = step.state.order[i];
    if (id !== undefined) step.events.push({ type: "turnSkipped", round, combatantId: id });
  }
}

/**
 * STD-4, ROT-3, DEF-1: ends `ended`'s turn (null: it already left) and starts the next one at or after
 * `from`, rolling into a new round past the end. When nobody at all can act: a typed error if a turn
 * was to end, else the order is parked at its end (`turnIndex = order.length`). A scheme calls it itself
 * where a turn passes on without ending (a standard delay: the creature's turn starts again later).
 */
export function passTurn<S extends LinearRound & Roster, T extends WalkStep<S>>(
  walk: TurnWalk<S, T>,
  step: T,
  from: number,
  ended: string | null,
  nobodyCanAct: I18nKey,
): Result<true> {
  const state = step.state;
  const canAct = canActIn(state.combatants);
  const next = nextActiveIndex(state.order, from, canAct);
  if (next < 0 && nextActiveIndex(walk.nextRoundOrder(state), 0, canAct) < 0) {
    if (ended !== null) return err(nobodyCanAct);
    step.state = { ...state, turnIndex: state.order.length };
    return ok(true);
  }
  if (ended !== null) step.events.push({ type: "turnEnded", round: state.round, combatantId: ended });
  if (next >= 0) {
    skipSlots(step, from, next, state.round);
    walk.beginTurn(step, next);
    return ok(true);
  }
  skipSlots(step, from, state.order.length, state.round);
  walk.startNextRound(step);
  return ok(true);
}

/**
 * DEF-1: `combatantId` was just marked defeated in `step.state`; emits `combatantDefeated`. When its
 * turn was under way (`acting`) the turn ends first (`turnEnded`, as when the acting creature leaves)
 * and the next creature able to act starts, a new round past the end. `atTurnEnd` is the scheme's own
 * work as a turn ends (standard: delayed creatures re-entering at the round's end).
 *
 * **Ruling:** a defeated creature cannot finish its turn, so nobody waits for the GM's `next`: the turn
 * passes in the same step (one undo step). When nobody is left able to act, the order parks at its end
 * and nobody acts until a revival and `next`.
 */
export function defeatOnWalk<S extends LinearRound & Roster, T extends WalkStep<S>>(
  walk: TurnWalk<S, T>,
  step: T,
  combatantId: string,
  acting: boolean,
  nobodyCanAct: I18nKey,
  atTurnEnd?: (step: T) => void,
): void {
  if (acting) step.events.push({ type: "turnEnded", round: step.state.round, combatantId });
  step.events.push({ type: "combatantDefeated", combatantId });
  if (!acting) return;
  atTurnEnd?.(step);
  passTurn(walk, step, step.state.turnIndex + 1, null, nobodyCanAct);
}

/**
 * STD-3, ROT-3: takes a creature that left (already gone from the roster) out of the walked order,
 * keeping everyone else's split at `turnIndex`. If it was acting (`walking`: turns are being taken), its
 * turn ends and the next one starts. Emits `combatantLeft`. Returns the index it had, or -1. O(n).
 */
export function leaveOrder<S extends LinearRound & Roster, T extends WalkStep<S>>(
  walk: TurnWalk<S, T>,
  step: T,
  combatantId: string,
  walking: boolean,
  nobodyCanAct: I18nKey,
): number {
  const base = step.state;
  const index = base.order.indexOf(combatantId);
  if (index >= 0) {
    step.state = {
      ...base,
      order: removeAt(base.order, index),
      turnIndex: index < base.turnIndex ? base.turnIndex - 1 : base.turnIndex,
    };
  }
  if (walking && index >= 0 && index === base.turnIndex) {
    step.events.push({ type: "turnEnded", round: base.round, combatantId }, { type: "combatantLeft", combatantId });
    passTurn(walk, step, step.state.turnIndex, null, nobodyCanAct);
  } else {
    step.events.push({ type: "combatantLeft", combatantId });
  }
  return index;
}

export interface NextKeys {
  readonly notStarted: I18nKey;
  readonly waitingForRolls: I18nKey;
  readonly nobodyCanAct: I18nKey;
}

/**
 * STD-4, ROT-3: the `next` command: ends the acting creature's turn and starts the next. Refused before
 * the start, while initiative is being rolled, and when nobody can act.
 */
export function nextTurn<S extends LinearRound & Roster & { readonly status: string }, T extends WalkStep<S>>(
  walk: TurnWalk<S, T>,
  step: T,
  keys: NextKeys,
): Result<true> {
  const state = step.state;
  if (state.status === "setup") return err(keys.notStarted);
  if (state.status === "rolling") return err(keys.waitingForRolls);
  const passed = passTurn(walk, step, state.turnIndex + 1, state.order[state.turnIndex] ?? null, keys.nobodyCanAct);
  if (!passed.ok) return passed;
  return step.events.length === 0 ? err(keys.nobodyCanAct) : ok(true);
}
