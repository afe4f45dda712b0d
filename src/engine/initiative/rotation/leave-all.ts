/**
 * Issue 17: several creatures leaving a rotation combat in one pass (the published state takes every
 * hidden creature that does not act now out of it: host/public-order.ts). Given only where each leave
 * touches nothing but the creature itself (alone in its unit, in no roll-off, not acting, no ROT-6
 * rearranging), so one settle after all of them is what a settle after each one gives; else null, and
 * each leaves by the `leave` command in turn.
 */
import { own, withoutAll, orderWithoutAll } from "../shared/round-order.ts";
import { rotationCurrent, settleRotationStep } from "./scheduler.ts";
import { rotationUnitKey, type RotationState } from "./state.ts";
import type { RotationStep } from "./step.ts";

/** The state after every one of `ids` leaves, or null where they must leave one by one (above). */
export function rotationLeaveAll(state: RotationState, ids: readonly string[]): RotationState | null {
  const gone = new Set(ids);
  if (gone.size !== ids.length) return null;
  const current = rotationCurrent(state);
  const units = new Set<string>();
  for (const id of ids) {
    const c = own(state.combatants, id);
    if (c === undefined || c.groupId !== null || id === current) return null;
    units.add(rotationUnitKey(c));
  }
  if (state.contests.some((contest) => contest.units.some((unit) => units.has(unit)))) return null;
  if (state.status === "running" && state.options.noThreePlayersInRow) return null;
  const rolls = state.rolls.filter((r) => !units.has(r.unit));
  const place = orderWithoutAll(state.order, state.turnIndex, gone);
  const step: RotationStep = {
    state: {
      ...state,
      rolls: rolls.length === state.rolls.length ? state.rolls : rolls,
      combatants: withoutAll(state.combatants, gone),
      firstTurnDue: withoutAll(state.firstTurnDue, gone),
      order: place.order,
      turnIndex: place.turnIndex,
    },
    events: [],
    requests: [],
  };
  settleRotationStep(step);
  return step.state;
}
