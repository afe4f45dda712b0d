/**
 * The rotation scheduler's working step (the state being changed, the events and dice requests it gave)
 * and the helpers every part of it shares: a unit's members, the order built from the results, a roll
 * asked for a unit.
 */
import { d20Roll } from "../shared/linear-commands.ts";
import type { DiceRequest } from "../contract.ts";
import { own } from "../shared/round-order.ts";
import {
  rotationNoThreePlayersInRow,
  compareRotationCombatants,
  rotationPlansFirst,
  rotationUnits,
  rotationUnitTurns,
} from "./order.ts";
import {
  ROTATION_ROLL_REASONS,
  rotationUnitKey,
  type RotationCombatant,
  type RotationPendingRoll,
  type RotationState,
} from "./state.ts";
import type { RotationEvent } from "./commands.ts";

/** One command being applied: the state so far, and what it has told and asked. */
export interface RotationStep {
  state: RotationState;
  readonly events: RotationEvent[];
  readonly requests: DiceRequest[];
}

export function comparator(state: RotationState): (a: string, b: string) => number {
  const combatants = state.combatants;
  return (a, b) => {
    const x = own(combatants, a);
    const y = own(combatants, b);
    return x === undefined || y === undefined ? 0 : compareRotationCombatants(x, y);
  };
}

/** Members of a unit, in join order. O(1) for a creature on its own, O(n) for a group. */
export function membersOf(state: RotationState, unit: string): RotationCombatant[] {
  if (unit.startsWith("c:")) {
    const solo = own(state.combatants, unit.slice(2));
    return solo === undefined || solo.groupId !== null ? [] : [solo];
  }
  return Object.values(state.combatants)
    .filter((c) => rotationUnitKey(c) === unit)
    .sort((a, b) => a.seq - b.seq);
}

/** Whether a creature belongs in the order being walked (planning: only the initiating side). */
export function inPhase(state: RotationState, c: RotationCombatant): boolean {
  return state.status !== "planning" || rotationPlansFirst(c, state.options.initiator);
}

/** The full order of a rotation (or of the planning phase), built from every creature with a result. */
export function buildOrder(state: RotationState, planning: boolean): string[] {
  const ids = Object.keys(state.combatants).filter((id) => {
    const c = own(state.combatants, id);
    return c !== undefined && (!planning || rotationPlansFirst(c, state.options.initiator));
  });
  const units = rotationUnits(state.combatants, ids);
  return rotationUnitTurns(
    !planning && state.options.noThreePlayersInRow ? rotationNoThreePlayersInRow(units, 0) : units,
  );
}

/** The order the next rotation will use. */
export function nextRotationOrder(state: RotationState): readonly string[] {
  return state.status !== "running" || state.resort ? buildOrder(state, false) : state.order;
}

export function setCombatants(state: RotationState, updated: readonly RotationCombatant[]): RotationState {
  if (updated.length === 0) return state;
  const combatants = { ...state.combatants };
  for (const c of updated) combatants[c.id] = c;
  return { ...state, combatants };
}

export function requestRoll(step: RotationStep, unit: string, kind: RotationPendingRoll["kind"]): void {
  const leader = membersOf(step.state, unit)[0];
  if (leader === undefined) return;
  // ROT-4, ROT-5: a group rolls once, through its first member; the request names the group.
  const modifier = kind === "initiative" ? leader.modifier : 0;
  const roll = d20Roll(
    `rot-${step.state.nextRequest}`,
    leader.id,
    leader.groupId,
    modifier,
    ROTATION_ROLL_REASONS[kind],
  );
  step.state = {
    ...step.state,
    rolls: [...step.state.rolls, { ...roll, kind, unit }],
    nextRequest: step.state.nextRequest + 1,
  };
  step.requests.push(roll.request);
}

/** Drops a unit's pending rolls and restarts any roll-off it is in (settle forms it again if still tied). */
export function resetUnit(state: RotationState, unit: string): RotationState {
  const contest = state.contests.find((c) => c.units.includes(unit));
  const dropped = new Set(contest === undefined ? [unit] : [unit, ...contest.units]);
  const rolls = state.rolls.filter((r) => !(r.unit === unit || (r.kind === "contest" && dropped.has(r.unit))));
  const contests = contest === undefined ? state.contests : state.contests.filter((c) => c !== contest);
  return rolls.length === state.rolls.length && contests === state.contests ? state : { ...state, rolls, contests };
}
