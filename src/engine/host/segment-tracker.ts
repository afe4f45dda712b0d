/**
 * The segment tracker's facts through the one host interface (ruleset-host.ts): a view holds the state as
 * `unknown` next to an `AnyRulesetHost`, and only here is it taken back as the segment state it is.
 */
import { segmentTrackerFacts, type SegmentTrackerFacts } from "../initiative/segment/tracker-facts.ts";
import type { SegmentState, SegmentViewer } from "../initiative/segment/types.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/**
 * SEG-2: what the segment tracker shows `viewer`, or null when `host` is not the segment host or `state`
 * is not a state it made (a view is handed the state `host.read` produced, so this is a guard against a
 * wrong pairing, not a check of a stored state: `read` does that).
 */
export function segmentTrackerFactsOf(
  host: AnyRulesetHost,
  state: unknown,
  viewer: SegmentViewer,
): SegmentTrackerFacts | null {
  if (host.id !== "segment" || !hasFields(state, ["round", "step", "segment", "combatants", "schedule"])) return null;
  // The segment host's states are SegmentStates: states travel only between a host's own functions.
  return segmentTrackerFacts(state as unknown as SegmentState, viewer);
}
