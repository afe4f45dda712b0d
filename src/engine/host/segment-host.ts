/** Segment rounds (RULES §4) as a host sees them (ruleset-host.ts). */
import {
  SEGMENTS_PER_ROUND,
  applySegment,
  createSegmentState,
  parseSegmentState,
  segmentCombatant,
  segmentCombatants,
  segmentRoundSchedule,
  segmentScheduler,
  segmentStartSeconds,
  type SegmentCombatant,
  type SegmentCommand,
  type SegmentState,
} from "../initiative/segment/index.ts";
import { SEGMENT_SECONDS } from "../conditions/round-time.ts";
import { segmentTurnLeft } from "../actions/turn-left.ts";
import { followFacts, guardedApply, joinAll, joinedDefeated, vectorOrder } from "./host-common.ts";
import type { CombatantFacts, HostCombatant, HostCommand, RulesetHost } from "./ruleset-host.ts";
import { leaveAll as segmentLeaveAll } from "../initiative/segment/changes.ts";
import type { BuiltSchedules } from "../initiative/segment/round-schedule.ts";

const apply = (state: SegmentState, command: HostCommand) => guardedApply(segmentScheduler.apply, state, command);

/** {@link apply}, keeping the schedules the steps build in `built` (issue 17: round-schedule.ts). */
function applyKeeping(built: BuiltSchedules): (state: SegmentState, command: HostCommand) => ReturnType<typeof apply> {
  const keeping = (s: SegmentState, c: SegmentCommand) => applySegment(s, c, built);
  return (state, command) => guardedApply(keeping, state, command);
}

/** SEG-2: without a group of its own a creature fights with its side. */
export function segmentGroupOf(c: HostCombatant): string {
  return c.groupId ?? (c.side === "enemy" ? "enemies" : "party");
}

/** `built`: where the host keeps the schedules its steps build (round-schedule.ts); none: not kept. */
export function segmentHost(built?: BuiltSchedules): RulesetHost<SegmentState> {
  const host: RulesetHost<SegmentState> = {
    id: "segment",
    create: (combatants, options) =>
      joinAll(
        createSegmentState([], { groupOrder: options.groupOrder, dexReaction: options.dexReaction }),
        combatants,
        host.join,
      ),
    join: (state, c) =>
      joinedDefeated(
        apply(state, {
          type: "join",
          combatant: { id: c.id, groupId: segmentGroupOf(c), dexReaction: c.dexReaction, surprised: c.surprised },
        } satisfies SegmentCommand),
        c,
        apply,
      ),
    apply: built === undefined ? apply : applyKeeping(built),
    leaveAll: segmentLeaveAll,
    read: parseSegmentState,
    // SEG-2: core's turns, the round's schedule (each creature at its first turn) then whoever it does not
    // hold, in join order; issue 17: kept while the schedule is the same and a step changes only records.
    order: vectorOrder(
      (state) => segmentRoundSchedule(state).map((entry) => entry.combatantId),
      (state) => {
        const schedule = segmentRoundSchedule(state);
        return [schedule.length === 0 ? null : schedule];
      },
      (state) => state.combatants,
      (state) => segmentCombatants(state).map((c) => c.id),
    ),
    current: segmentScheduler.current,
    round: (state) => state.round,
    started: (state) => state.round > 0,
    // SEG-2: a creature's initiative is its group's d6 this round; until it is rolled, the last one
    // its group rolled (issue 17: a round boundary writes no null to every combatant).
    initiative: (state, id) => {
      const combatant = segmentCombatant(state, id);
      return combatant === null ? null : groupInitiative(state, combatant.groupId);
    },
    defeated: (state, id) => segmentCombatant(state, id)?.defeated === true,
    facts: everyFact,
    // A record's facts follow from it and its group's rolls (the same rolls: the same objects).
    followFacts: (before, known, after) =>
      before.groupRolls !== after.groupRolls || before.lastGroupRolls !== after.lastGroupRolls
        ? false
        : followFacts(known, before.combatants, after.combatants, (c) => ({
            initiative: groupInitiative(after, c.groupId),
            defeated: c.defeated === true,
          })),
    pending: segmentScheduler.pending,
    timeline: segmentScheduler.timeline,
    // SEG-1: a round is 10 segments of 6 seconds; time passes segment by segment.
    left: segmentTurnLeft,
    clock: (state) =>
      Math.max(0, state.round - 1) * SEGMENTS_PER_ROUND * SEGMENT_SECONDS +
      (state.segment > 0 ? segmentStartSeconds(state.segment) : 0),
  };
  return host;
}

/**
 * Every combatant's facts. Issue 17: asked of the state a round's first `next` makes (every group's roll
 * is new), so each group's initiative is found once, not once per creature.
 */
function everyFact(state: SegmentState): Map<string, CombatantFacts> {
  const facts = new Map<string, CombatantFacts>();
  const initiatives = new Map<string, number | null>();
  const combatants = segmentCombatants(state);
  for (let i = 0; i < combatants.length; i++) {
    const c = combatants[i] as SegmentCombatant;
    let initiative = initiatives.get(c.groupId);
    if (initiative === undefined) initiatives.set(c.groupId, (initiative = groupInitiative(state, c.groupId)));
    facts.set(c.id, { initiative, defeated: c.defeated === true });
  }
  return facts;
}

/**
 * SEG-2: a creature's initiative is its group's d6 this round; until it is rolled, the last one its
 * group rolled (issue 17: a round boundary writes no null to every combatant).
 */
function groupInitiative(state: SegmentState, group: string): number | null {
  if (Object.hasOwn(state.groupRolls, group)) return state.groupRolls[group] ?? null;
  const last = state.lastGroupRolls;
  return last !== undefined && Object.hasOwn(last, group) ? (last[group] ?? null) : null;
}
