// Public API of the segment scheduler; see src/engine/initiative/index.ts.
export { DEFAULT_SEGMENT_SETTINGS, SEGMENT_ACTIONS, SEGMENT_ROLL_REASONS } from "./types.ts";
export type {
  SegmentAction,
  SegmentBand,
  SegmentCombatant,
  SegmentCommand,
  SegmentDeclaration,
  SegmentEntry,
  SegmentEvent,
  SegmentJoin,
  SegmentMinor,
  SegmentOrderStep,
  SegmentPart,
  SegmentPendingRoll,
  SegmentSettings,
  SegmentState,
  SegmentViewer,
} from "./types.ts";
export { checkSegmentSettings, createSegmentState, segmentCombatant, segmentCombatants } from "./state.ts";
export {
  SEGMENTS_PER_ROUND,
  SEGMENT_NO_DECLARATION,
  MISSILE_GROUPS,
  weaponDeclaredAs,
  checkSegmentDeclaration,
  checkDeclaredRoutines,
  routineWeapons,
  NATURAL_WEAPON_GROUP,
  segmentStartSeconds,
  segmentActsLow,
  segmentFastRank,
  segmentIsMultiAttack,
  segmentTieSpeed,
} from "./declaration.ts";
export {
  compareSegmentEntries,
  segmentBand,
  segmentDeclarationOf,
  segmentEntriesFor,
  segmentRollBand,
} from "./order.ts";
export { segmentRoundSchedule } from "./round-schedule.ts";
export { parseSegmentState } from "./stored.ts";
export { applySegment, segmentCurrent, segmentScheduler } from "./scheduler.ts";
export {
  SEGMENT_STEP_LABELS,
  segmentDeclarationMessage,
  segmentTimeline,
  segmentTimelineFor,
  type SegmentTimelineEntry,
} from "./timeline.ts";
export {
  segmentTrackerFacts,
  type SegmentTrackerCreature,
  type SegmentTrackerFacts,
  type SegmentTrackerGroup,
  type SegmentTrackerTurn,
} from "./tracker-facts.ts";
export { segmentCastingUnderway, segmentRollTargets, segmentTargetInForce } from "./actions.ts";
export { segmentAttackCardDue, segmentDeclaredAttackRefusal } from "./declared-attack.ts";
