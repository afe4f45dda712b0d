/**
 * The conditions a ruleset's scheduler holds its creatures in, through the one host interface
 * (ruleset-host.ts): a host holds states as `unknown` beside an `AnyRulesetHost`, and only here are
 * they taken back as the ruleset's own state, after the same field check the tracker facts use.
 */
import { conditionChanges, type ConditionChange } from "../conditions/condition-changes.ts";
import {
  countHeldConditions,
  countHeldFollowed,
  phaseHeldConditions,
  phaseHeldFollowed,
  rotationHeldConditions,
  segmentHeldConditions,
  segmentHeldFollowed,
  standardHeldConditions,
  type HeldConditions,
} from "../conditions/held-conditions.ts";
import type { CountState } from "../initiative/count/types.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import type { SegmentState } from "../initiative/segment/types.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

const SEGMENT_FIELDS = ["combatants", "schedule", "cursor", "round"];
const SEGMENT_FOLLOWED = [...SEGMENT_FIELDS, "index", "scheduleRound"];

/** A fresh empty map each time (a read-only one is shared only through the memo below). */
function none(): HeldConditions {
  return new Map();
}

/**
 * What `host`'s scheduler holds each combatant of `state` in; empty for a missing state (before the
 * combat has one) or one that is not the host's (a guard against a wrong pairing).
 */
export function heldConditionsOf(host: AnyRulesetHost, state: unknown): HeldConditions {
  if (typeof state !== "object" || state === null) return heldConditionsFresh(host, state);
  // Issue 17: a step compares the state before with the one after, and the one before was the last
  // step's after; states are never changed in place, so what one holds is worked out once.
  // (the host's memo, ruleset-host.ts `HostMemo`: a read-only map, shared).
  const memo = host.memo;
  const known = memo?.heldConditions.get(state) as HeldConditions | undefined;
  if (known !== undefined) return known;
  // Issue 17: a state made from the last one asked reads only the records that changed.
  const last = memo?.lastHeld ?? null;
  const conditions =
    (last === null ? null : heldConditionsFollowed(host, last.state, last.held as HeldConditions, state)) ??
    heldConditionsFresh(host, state);
  if (memo !== undefined) {
    memo.heldConditions.set(state, conditions);
    memo.lastHeld = { state, held: conditions };
  }
  return conditions;
}

/** The conditions of `after` followed from those of `before` where the ruleset can (held-conditions.ts), else null. */
function heldConditionsFollowed(
  host: AnyRulesetHost,
  before: object,
  known: HeldConditions,
  after: object,
): HeldConditions | null {
  switch (host.id) {
    case "count":
      return hasFields(before, ["combatants", "round"]) && hasFields(after, ["combatants", "round"])
        ? countHeldFollowed(before as unknown as CountState, known, after as unknown as CountState)
        : null;
    case "phase":
      return hasFields(before, ["combatants", "waits", "round"]) && hasFields(after, ["combatants", "waits", "round"])
        ? phaseHeldFollowed(before as unknown as PhaseState, known, after as unknown as PhaseState)
        : null;
    case "segment":
      return hasFields(before, SEGMENT_FOLLOWED) && hasFields(after, SEGMENT_FOLLOWED)
        ? segmentHeldFollowed(before as unknown as SegmentState, known, after as unknown as SegmentState)
        : null;
    default:
      return null;
  }
}

function heldConditionsFresh(host: AnyRulesetHost, state: unknown): HeldConditions {
  if (state === null || state === undefined) return none();
  // States travel only between a host's own functions: a checked one is the host's state type.
  switch (host.id) {
    case "count":
      return hasFields(state, ["combatants", "round"]) ? countHeldConditions(state as unknown as CountState) : none();
    case "standard":
      return hasFields(state, ["combatants", "delayed", "round"])
        ? standardHeldConditions(state as unknown as StandardState)
        : none();
    case "phase":
      return hasFields(state, ["combatants", "waits", "round"])
        ? phaseHeldConditions(state as unknown as PhaseState)
        : none();
    case "segment":
      return hasFields(state, SEGMENT_FIELDS) ? segmentHeldConditions(state as unknown as SegmentState) : none();
    case "rotation":
      return rotationHeldConditions();
  }
}

/** The conditions to set and clear on the tokens for a step from `before` to `after` (condition-changes.ts). */
export function stepConditionChanges(
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
): readonly ConditionChange[] {
  return conditionChanges(heldConditionsOf(host, before), heldConditionsOf(host, after));
}
