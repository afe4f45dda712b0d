/**
 * Changes at any moment keep every turn (the scheduler's file comment): where a unit whose result changed,
 * or a newcomer, goes in a running rotation.
 */
import { own, passedSlotIndex } from "../shared/round-order.ts";
import { rotationNoThreePlayersInRow, rotationUnits, rotationTrailingPlayerRun, rotationUnitTurns } from "./order.ts";
import { rotationUnitKey, type RotationState } from "./state.ts";
import { comparator, inPhase, membersOf } from "./step.ts";

/** End of the part of the order that stays put: the acting creature and the rest of its unit. */
function frozenEnd(state: RotationState): number {
  let end = state.turnIndex;
  const current = own(state.combatants, state.order[end] ?? "");
  if (current === undefined || current.groupId === null) return Math.min(end, state.order.length - 1);
  const unit = rotationUnitKey(current);
  while (end + 1 < state.order.length) {
    const next = own(state.combatants, state.order[end + 1] ?? "");
    if (next === undefined || rotationUnitKey(next) !== unit) break;
    end++;
  }
  return end;
}

/** Sorts again what has not acted yet this round (plus `extra` newcomers), ROT-6 included. O(n log n). */
export function rebuildRest(state: RotationState, extra: readonly string[]): RotationState {
  const split = frozenEnd(state) + 1;
  const head = state.order.slice(0, split);
  const units = rotationUnits(state.combatants, [...state.order.slice(split), ...extra]);
  const arranged =
    state.status === "running" && state.options.noThreePlayersInRow
      ? rotationNoThreePlayersInRow(units, rotationTrailingPlayerRun(state.combatants, head))
      : units;
  return { ...state, order: [...head, ...rotationUnitTurns(arranged)], resort: true };
}

/**
 * Puts a unit's members that are not in the order yet (new result, newcomers) into a running order.
 * With the unit already in the order they go at its end; otherwise behind the acting creature when the
 * unit sorts after it, or among the creatures that already acted (first turn next rotation) if not.
 */
export function place(state: RotationState, unit: string): RotationState {
  if (state.status !== "running" && state.status !== "planning") return state;
  const members = membersOf(state, unit);
  const placed = members.filter((c) => state.order.includes(c.id));
  const fresh = members
    .filter((c) => c.initiative !== null && !state.order.includes(c.id) && inPhase(state, c))
    .map((c) => c.id);
  const leader = fresh[0];
  if (leader === undefined) return state;
  const frozen = frozenEnd(state);
  let at: number;
  if (placed.length > 0) {
    const last = Math.max(...placed.map((c) => state.order.indexOf(c.id)));
    if (last > frozen) return rebuildRest(state, fresh);
    at = last + 1;
  } else {
    const current = state.order[state.turnIndex];
    if (current !== undefined && comparator(state)(leader, current) > 0) return rebuildRest(state, fresh);
    at = passedSlotIndex(
      state.order,
      Math.min(Math.max(state.turnIndex, 0), state.order.length),
      leader,
      comparator(state),
    );
  }
  const order = [...state.order.slice(0, at), ...fresh, ...state.order.slice(at)];
  const turnIndex = at <= state.turnIndex ? state.turnIndex + fresh.length : state.turnIndex;
  return { ...state, order, turnIndex, resort: true };
}

/** A unit's result changed mid-round: it moves within the rest of the round, or at the next rotation. */
export function reposition(state: RotationState, unit: string): RotationState {
  if (state.status !== "running" && state.status !== "planning") return state;
  const frozen = frozenEnd(state);
  const indices = membersOf(state, unit)
    .map((c) => state.order.indexOf(c.id))
    .filter((i) => i >= 0);
  let next = state;
  if (indices.some((i) => i <= frozen)) next = { ...state, resort: true };
  else if (indices.length > 0) next = rebuildRest(state, []);
  return place(next, unit);
}
