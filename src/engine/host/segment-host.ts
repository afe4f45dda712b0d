/** Segment rounds (RULES §4) as a host sees them (ruleset-host.ts). */
import {
  SEGMENTS_PER_ROUND,
  createSegmentState,
  parseSegmentState,
  segmentCombatant,
  segmentCombatants,
  segmentRoundSchedule,
  segmentScheduler,
  segmentStartSeconds,
  type SegmentCombatant,
  type SegmentCommand,
  type SegmentEntry,
  type SegmentState,
} from "../initiative/segment/index.ts";
import { vectorChanges, type PersistentVector } from "../initiative/shared/persistent-vector.ts";
import { SEGMENT_SECONDS } from "../conditions/round-time.ts";
import { segmentTurnLeft } from "../actions/turn-left.ts";
import { followFacts, guardedApply, joinAll, joinedDefeated, orderWithRest } from "./host-common.ts";
import type { HostCombatant, HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: SegmentState, command: HostCommand) => guardedApply(segmentScheduler.apply, state, command);

/** SEG-2: without a group of its own a creature fights with its side. */
export function segmentGroupOf(c: HostCombatant): string {
  return c.groupId ?? (c.side === "enemy" ? "enemies" : "party");
}

export function segmentHost(): RulesetHost<SegmentState> {
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
    apply,
    read: parseSegmentState,
    order: segmentTurnOrder(),
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
    facts: (state) =>
      new Map(
        segmentCombatants(state).map((c) => [
          c.id,
          { initiative: groupInitiative(state, c.groupId), defeated: c.defeated === true },
        ]),
      ),
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

/** The roster and schedule a turn order was found from, and that order. */
interface OrderFound {
  readonly schedule: readonly SegmentEntry[] | null;
  readonly combatants: PersistentVector<SegmentCombatant>;
  readonly order: readonly string[];
}

/** Whether two rosters (one made from the other) hold the same ids in the same slots: only records changed. */
function sameIds(before: PersistentVector<SegmentCombatant>, after: PersistentVector<SegmentCombatant>): boolean {
  let same = true;
  const comparable = vectorChanges(before, after, (was, now) => {
    if (was === null || now === null || was.id !== now.id) same = false;
  });
  return comparable && same;
}

/**
 * SEG-2: core's turns, the round's schedule (each creature at its first turn) then whoever it does not
 * hold, in join order. Issue 17: a step that keeps the schedule and changes only records (an ordinary
 * `next` at 1,000 creatures) keeps the order found last, with no pass over the roster or the schedule.
 */
function segmentTurnOrder(): (state: SegmentState) => readonly string[] {
  let last: OrderFound | null = null;
  return (state) => {
    const built = segmentRoundSchedule(state);
    const schedule = built.length === 0 ? null : built;
    if (last !== null && last.schedule === schedule && sameIds(last.combatants, state.combatants)) {
      last = { ...last, combatants: state.combatants };
      return last.order;
    }
    const order = orderWithRest(
      built.map((entry) => entry.combatantId),
      segmentCombatants(state).map((c) => c.id),
    );
    last = { schedule, combatants: state.combatants, order };
    return order;
  };
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
