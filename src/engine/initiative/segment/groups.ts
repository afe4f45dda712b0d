/**
 * Segment rounds, step 2: each group rolls a d6; the highest is HIGH, the others LOW; tied groups are all
 * HIGH (SEG-2).
 */
import { err, ok } from "../../core/result.ts";
import type { DiceRequest, RollResult } from "../contract.ts";
import { type Draft, type Step } from "./draft.ts";
import { segmentGroupRoll } from "./order.ts";
import { settleSchedule, settledSchedule, type BuiltSchedules } from "./round-schedule.ts";
import { segmentCombatants } from "./state.ts";
import { SEGMENT_ROLL_REASONS, type SegmentEvent, type SegmentPendingRoll, type SegmentState } from "./types.ts";

/**
 * SEG-2 step 2: asks for a group's d6 (the engine never rolls); the request names the group. Every band
 * may change with it, so a schedule already built from the other rolls is thrown away until this one is in.
 */
export function askGroup(d: Draft, groupId: string): void {
  const s = d.state;
  const request: DiceRequest = {
    id: `segment-${s.nextRequest}`,
    combatantId: null,
    groupId,
    formula: "1d6",
    reason: SEGMENT_ROLL_REASONS.group,
  };
  d.state = { ...s, rolls: [...s.rolls, { request, groupId }], nextRequest: s.nextRequest + 1, scheduleRound: 0 };
  d.requests.push(request);
}

/** SEG-2 step 2: the groups that have a creature still up, in join order. */
export function activeGroups(state: SegmentState): string[] {
  const seen = new Set<string>();
  for (const c of segmentCombatants(state)) if (!c.defeated) seen.add(c.groupId);
  return [...seen];
}

function ranking(state: SegmentState): { high: string[]; low: string[] } {
  const groups = Object.entries(state.groupRolls);
  const high: string[] = [];
  const low: string[] = [];
  for (const [group, roll] of groups) {
    const best = Math.max(Number.NEGATIVE_INFINITY, ...groups.filter(([g]) => g !== group).map(([, r]) => r));
    (roll >= best ? high : low).push(group);
  }
  return { high, low };
}

/**
 * SEG-2 step 2: while the groups roll (step 2), a group is asked for its d6 exactly when it has a creature still up:
 * a group emptied by a departure or a defeat stops blocking the round (when it was the last one pending, the
 * round is scheduled), a group revived or joined rolls.
 */
export function syncGroupRolls(d: Draft): void {
  const s = d.state;
  if (s.step !== 2) return;
  const active = activeGroups(s);
  const wanted = new Set(active);
  if (s.rolls.some((r) => !wanted.has(r.groupId)))
    d.state = { ...s, rolls: s.rolls.filter((r) => wanted.has(r.groupId)) };
  for (const group of active) {
    if (segmentGroupRoll(d.state, group) === undefined && !d.state.rolls.some((r) => r.groupId === group))
      askGroup(d, group);
  }
  settleSchedule(d);
}

/**
 * SEG-2 step 2: group d6 results fed back; once all are in, the groups are ranked HIGH and LOW and the round
 * is scheduled (the one large write of a round: "rolling initiative, one Combat update"). `built`: where
 * the host keeps the schedule built here (round-schedule.ts).
 */
export function rolls(state: SegmentState, results: readonly RollResult[], built?: BuiltSchedules): Step {
  const byId = new Map<string, SegmentPendingRoll>();
  for (const r of state.rolls) byId.set(r.request.id, r);
  const groupRolls = new Map<string, number>(Object.entries(state.groupRolls));
  const events: SegmentEvent[] = [];
  for (const result of results) {
    const pending = byId.get(result.requestId);
    if (pending === undefined) {
      const again = state.rolls.some((r) => r.request.id === result.requestId);
      return err(again ? "TEMPO.ERRORS.Segment.DuplicateRoll" : "TEMPO.ERRORS.Segment.UnknownRequest", {
        requestId: result.requestId,
      });
    }
    if (!Number.isInteger(result.total) || result.total < 1 || result.total > 6) {
      return err("TEMPO.ERRORS.Segment.InvalidRoll", { requestId: result.requestId, total: result.total });
    }
    byId.delete(result.requestId);
    groupRolls.set(pending.groupId, result.total);
    events.push({ type: "groupRolled", round: state.round, groupId: pending.groupId, roll: result.total });
  }
  const next: SegmentState = {
    ...state,
    groupRolls: Object.fromEntries(groupRolls),
    rolls: state.rolls.filter((r) => byId.has(r.request.id)),
  };
  if (next.rolls.length === 0 && results.length > 0)
    events.push({ type: "groupsRanked", round: state.round, ...ranking(next) });
  return ok({ state: settledSchedule(next, built), events, requests: [] });
}
