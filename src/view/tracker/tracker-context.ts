/**
 * The whole tracker's context for one viewer (issue 9): the heading, the GM's bar, the sentence the
 * live region reads, and the part of the ruleset being run. The Foundry tracker and the preview page
 * render exactly this, with the same templates.
 */
import type { Message, RulesetId } from "../../engine/index.ts";
import { buildCountTrackContext, type CountTrackContext } from "./count-track-context.ts";
import { buildPhaseRoundContext, type PhaseRoundContext } from "./phase-round-context.ts";
import { buildOrderListContext, type OrderListContext } from "./order-list-context.ts";
import { buildSegmentRoundContext, type SegmentRoundContext } from "./segment-round-context.ts";
import { buildRotationOrderContext, type RotationOrderContext } from "./rotation-order-context.ts";
import { buildStandardOrderContext, type StandardOrderContext } from "./standard-order-context.ts";
import { trackerAnnouncement } from "./tracker-announcement.ts";
import { gmControls, type ControlContext } from "./tracker-controls.ts";
import { trackerScope, type TrackerInput, type TrackerScope } from "./tracker-input.ts";

/** The part each ruleset draws; `list` is the order list of ./order-list-context.ts. */
export type TrackerBody =
  | { readonly part: "count"; readonly count: CountTrackContext }
  | { readonly part: "standard"; readonly standard: StandardOrderContext }
  | { readonly part: "rotation"; readonly rotation: RotationOrderContext }
  | { readonly part: "segment"; readonly segment: SegmentRoundContext }
  | { readonly part: "phase"; readonly phase: PhaseRoundContext }
  | { readonly part: "list"; readonly list: OrderListContext };

export interface TrackerContext {
  readonly ruleset: RulesetId;
  readonly isGM: boolean;
  readonly heading: Message;
  readonly announcement: Message;
  readonly controls: readonly ControlContext[];
  readonly body: TrackerBody;
}

export function buildTrackerContext(input: TrackerInput): TrackerContext {
  const scope = trackerScope(input);
  const { host, state } = input;
  const body = trackerBody(scope);
  return {
    ruleset: host.id,
    isGM: input.viewer.isGM,
    // CNT-4: the count track names its own rounds (rolling, the surprise round).
    heading:
      body.part === "count"
        ? body.count.roundLabel
        : host.started(state)
          ? { key: "TEMPO.TRACKER.Round", data: { round: host.round(state) } }
          : { key: "TEMPO.TRACKER.NotStarted" },
    announcement: trackerAnnouncement(scope),
    controls: gmControls(scope),
    body,
  };
}

function trackerBody(scope: TrackerScope): TrackerBody {
  switch (scope.input.host.id) {
    case "count":
      return { part: "count", count: buildCountTrackContext(scope) };
    case "standard":
      return { part: "standard", standard: buildStandardOrderContext(scope) };
    case "rotation":
      return { part: "rotation", rotation: buildRotationOrderContext(scope) };
    case "phase": {
      const phase = buildPhaseRoundContext(scope);
      if (phase !== null) return { part: "phase", phase };
      break;
    }
    case "segment": {
      const segment = buildSegmentRoundContext(scope);
      if (segment !== null) return { part: "segment", segment };
      break;
    }
  }
  return { part: "list", list: buildOrderListContext(scope) };
}
