/**
 * SEG-2: a creature changes group in segment rounds. The group decides which d6 it acts on, and the
 * groups roll at step 2 of every round, so a creature may change group before the combat starts and
 * while actions are declared (step 1, the start of every round), keeping its declaration; from the
 * groups' rolls to the end of the round it is refused. Without a group of its own it fights with its
 * side's group (segmentGroupOf).
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { Transition } from "../../initiative/contract.ts";
import { putSegmentCombatant, segmentCombatant } from "../../initiative/segment/state.ts";
import type { SegmentState } from "../../initiative/segment/types.ts";
import type { HostCombatant, HostEvent } from "../ruleset-host.ts";
import { segmentGroupOf } from "../segment-host.ts";
import { regrouped } from "./regrouped.ts";

/** SEG-2: step 0 is before the start, step 1 the declarations, before the groups roll. */
export function segmentGroupsOpen(state: SegmentState): boolean {
  return state.step === 0 || state.step === 1;
}

export function segmentRegroup(state: SegmentState, move: HostCombatant): Result<Transition<SegmentState, HostEvent>> {
  const combatant = segmentCombatant(state, move.id);
  if (combatant === null) return err("TEMPO.ERRORS.Groups.UnknownCombatant", { id: move.id });
  const groupId = segmentGroupOf(move);
  if (combatant.groupId === groupId) return ok({ state, events: [], requests: [] });
  if (!segmentGroupsOpen(state)) return err("TEMPO.ERRORS.Groups.SegmentLocked", { id: move.id });
  return ok({
    state: putSegmentCombatant(state, { ...combatant, groupId }),
    events: [regrouped(move.id, groupId)],
    requests: [],
  });
}
