/**
 * Moving creatures between groups (ROT-4, ROT-5, SEG-2) in a stored combat of any ruleset. The host
 * hands the creatures as they are now, each with the group it should be in (`groupId`, null: on its
 * own; segment: its side's group), and gets one transition back, or the reason the rules refuse it
 * now with nothing changed. `count`, `standard` and `phase` have no groups: a move changes nothing.
 *
 * Each ruleset decides when a move is allowed (rotation-regroup.ts, segment-regroup.ts). Every move
 * that changes the engine reports one `combatantRegrouped` event.
 */
import { ok, type Result } from "../../core/result.ts";
import type { DiceRequest, Transition } from "../../initiative/contract.ts";
import type { RotationState } from "../../initiative/rotation/state.ts";
import { segmentCombatant } from "../../initiative/segment/state.ts";
import type { SegmentState } from "../../initiative/segment/types.ts";
import { vectorValues } from "../../initiative/shared/persistent-vector.ts";
import { own } from "../../initiative/shared/round-order.ts";
import type { AnyRulesetHost } from "../ruleset-hosts.ts";
import type { HostCombatant, HostEvent } from "../ruleset-host.ts";
import { rotationRegroup } from "./rotation-regroup.ts";
import { segmentRegroup } from "./segment-regroup.ts";

/** ROT-4, ROT-5, SEG-2: applies every move in turn; the first one refused refuses them all. */
export function regroupCombatants(
  host: AnyRulesetHost,
  state: unknown,
  moves: readonly HostCombatant[],
): Result<Transition<unknown, HostEvent>> {
  let current = state;
  const events: HostEvent[] = [];
  const requests: DiceRequest[] = [];
  for (const move of moves) {
    const step = regroupOne(host, current, move);
    if (!step.ok) return step;
    current = step.value.state;
    events.push(...step.value.events);
    requests.push(...step.value.requests);
  }
  // A later move may have answered or dropped what an earlier one asked for.
  const open = new Set(host.pending(current).map((r) => r.id));
  return ok({ state: current, events, requests: requests.filter((r) => open.has(r.id)) });
}

function regroupOne(host: AnyRulesetHost, state: unknown, move: HostCombatant): Result<Transition<unknown, HostEvent>> {
  switch (host.id) {
    case "rotation":
      return rotationRegroup(state as RotationState, move);
    case "segment":
      return segmentRegroup(state as SegmentState, move);
    default:
      return ok({ state, events: [], requests: [] });
  }
}

/** The group the engine holds a creature in (segment: a side's name when it has none), or null. */
export function engineGroupOf(host: AnyRulesetHost, state: unknown, combatantId: string): string | null {
  switch (host.id) {
    case "rotation":
      return own((state as RotationState).combatants, combatantId)?.groupId ?? null;
    case "segment":
      return segmentCombatant(state as SegmentState, combatantId)?.groupId ?? null;
    default:
      return null;
  }
}

/**
 * SEG-2: whether any creature of a segment state is in group `groupId` (false for the other rulesets).
 * Issue 17: a side group's document stands for the side's name in the engine ("party", "enemies"), except
 * in a combat whose engine already holds the document's id (started by an older Tempo, which moved every
 * member into it): the Foundry layer asks this to keep such a combat as it is.
 */
export function engineHoldsGroup(host: AnyRulesetHost, state: unknown, groupId: string): boolean {
  if (host.id !== "segment" || typeof state !== "object" || state === null) return false;
  // The group ids a state holds, once per state where the host keeps a memo (states never change in place).
  let held = host.memo?.heldGroups.get(state);
  if (held === undefined) {
    held = new Set(vectorValues((state as SegmentState).combatants).map((c) => c.groupId));
    host.memo?.heldGroups.set(state, held);
  }
  return held.has(groupId);
}
