/**
 * ROT-4, ROT-5: a creature changes group in rotations. The scheduler knows `join` and `leave`; a move
 * is the creature leaving and joining again with its new group, as the same creature:
 *
 * - joining a group it takes the group's result and goes at the group's end (the scheduler's rule);
 *   on its own, or into a group with nobody else in it, it keeps the result it had;
 * - it is no newcomer: it keeps its defeated state (DEF-1) and is not marked as waiting for a first turn,
 *   and it keeps its place in the roster (the key order of `combatants` and `firstTurnDue`). The stored
 *   form is merged key by key into the previous one (Foundry's update; storage/update-diff.ts), where a
 *   key that stays keeps its place, and the pending rolls are stored as roster positions
 *   (initiative/shared/packed-rolls.ts): a creature moved to the record's end would be read back in
 *   its old place and the tie roll-off's rolls given to the wrong creatures (ROT-2, ROT-4).
 *
 * A move must not give a creature a second turn in a rotation or cost it one (the rule every linear
 * order keeps, shared/round-order.ts). While rotations run, a creature may join a group only when both
 * are still to act this rotation or both have acted; a creature going on its own keeps its result, so
 * its turn stays where it was. The unit acting now (the creature and its group) cannot change, and
 * nothing changes during the planning phase (ROT-7), whose order holds one side only.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { Transition } from "../../initiative/contract.ts";
import { own } from "../../initiative/shared/round-order.ts";
import { rotationUnitKey, type RotationCombatant, type RotationState } from "../../initiative/rotation/state.ts";
import { eventString } from "../host-events.ts";
import { rotationHost } from "../rotation-host.ts";
import type { HostCombatant, HostEvent } from "../ruleset-host.ts";
import { regrouped } from "./regrouped.ts";

type Outcome = Result<Transition<RotationState, HostEvent>>;

/** Events of the leave and join that make up a move and that did not really happen to the creature. */
const NOT_HAPPENED: ReadonlySet<string> = new Set(["combatantLeft", "combatantJoined", "combatantDefeated"]);

function othersIn(state: RotationState, groupId: string, id: string): RotationCombatant[] {
  return Object.values(state.combatants).filter((c) => c.groupId === groupId && c.id !== id);
}

/** ROT-3: whether a creature's slot this rotation is at or before the acting creature's. */
function acted(state: RotationState, id: string): boolean {
  const index = state.order.indexOf(id);
  return index >= 0 && index <= state.turnIndex;
}

/** While rotations run: the reason a move would change whose turns come, or null. */
function turnConflict(state: RotationState, moving: RotationCombatant, groupId: string | null): Outcome | null {
  const current = own(state.combatants, state.order[state.turnIndex] ?? "");
  if (current !== undefined) {
    const acting = rotationUnitKey(current);
    const target = groupId === null ? null : rotationUnitKey({ id: moving.id, groupId });
    if (rotationUnitKey(moving) === acting || target === acting)
      return err("TEMPO.ERRORS.Groups.ActingUnit", { id: moving.id });
  }
  if (groupId === null) return null;
  const placed = othersIn(state, groupId, moving.id).find((c) => state.order.includes(c.id));
  if (placed !== undefined && acted(state, placed.id) !== acted(state, moving.id))
    return err("TEMPO.ERRORS.Groups.TurnWouldChange", { id: moving.id });
  return null;
}

/**
 * `after` with its keys in `before`'s order (keys new in `after` at the end): the record as the stored
 * form merged key by key holds it. `after` itself when the order is already that.
 */
function inPlaceOf<T>(before: Readonly<Record<string, T>>, after: Readonly<Record<string, T>>): Record<string, T> {
  const keys = Object.keys(after);
  const kept = Object.keys(before).filter((key) => Object.hasOwn(after, key));
  const added = keys.filter((key) => !Object.hasOwn(before, key));
  const order = [...kept, ...added];
  if (order.every((key, i) => keys[i] === key)) return after;
  return Object.fromEntries(order.map((key) => [key, after[key] as T]));
}

/** ROT-4, ROT-5: `move` (the creature as it is, with its new group) applied to `state`. */
export function rotationRegroup(state: RotationState, move: HostCombatant): Outcome {
  const moving = own(state.combatants, move.id);
  if (moving === undefined) return err("TEMPO.ERRORS.Groups.UnknownCombatant", { id: move.id });
  if (moving.groupId === move.groupId) return ok({ state, events: [], requests: [] });
  if (state.status === "planning") return err("TEMPO.ERRORS.Groups.Planning", { id: move.id });
  if (state.status === "running") {
    const conflict = turnConflict(state, moving, move.groupId);
    if (conflict !== null) return conflict;
  }
  const host = rotationHost();
  const left = host.apply(state, { type: "leave", combatantId: move.id });
  if (!left.ok) return left;
  const joined = host.join(left.value.state, { ...move, defeated: moving.defeated });
  if (!joined.ok) return joined;
  let next = joined.value.state;
  const events = [...left.value.events, ...joined.value.events];
  const requests = [...left.value.requests, ...joined.value.requests];
  const alone = move.groupId === null || othersIn(next, move.groupId, move.id).length === 0;
  if (alone && moving.initiative !== null) {
    const kept = host.apply(next, { type: "setInitiative", combatantId: move.id, value: moving.initiative });
    if (!kept.ok) return kept;
    next = kept.value.state;
    events.push(...kept.value.events);
    requests.push(...kept.value.requests);
  }
  const { [move.id]: _newcomer, ...due } = next.firstTurnDue;
  const wasDue = own(state.firstTurnDue, move.id);
  next = {
    ...next,
    combatants: inPlaceOf(state.combatants, next.combatants),
    firstTurnDue: inPlaceOf(state.firstTurnDue, wasDue === undefined ? due : { ...due, [move.id]: wasDue }),
  };
  const open = new Set(next.rolls.map((r) => r.request.id));
  return ok({
    state: next,
    events: [
      regrouped(move.id, move.groupId),
      ...events.filter((e) => !(NOT_HAPPENED.has(e.type) && eventString(e, "combatantId") === move.id)),
    ],
    requests: requests.filter((r) => open.has(r.id)),
  });
}
