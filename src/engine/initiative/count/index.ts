// Public API of the count-up track scheduler (RULES §1).
export * from "./order.ts";
export * from "./delay.ts";
export type * from "./types.ts";
export {
  COUNT_DEFAULT_OPTIONS,
  COUNT_ROLL_REASONS,
  countAreaOrigin,
  countPendingActionsOf,
  countTargetsInForce,
  createCountState,
} from "./state.ts";
/** A combatant's track record (count, kept contest totals, casting, reaction used …), or null. */
export { getCombatant as countCombatant, presentCombatants as countPresentCombatants } from "./state.ts";
export { surpriseCount as countSurpriseCount } from "./walk.ts";
/** CNT-13: the count a stored record holds in a round (what `countCombatant` reads), without a copy. */
export { shownCount as countShownIn, trackRound as countTrackRound } from "./walk.ts";
/** CNT-3: this round's turns in track order (finished, under way, still to come). */
export { roundTurns as countRoundTurns, roundTurnsMemo as countRoundTurnsMemo } from "./round-turns.ts";
/** CNT-6: the creature whose turn is under way, or null (waiting on dice, in the end step). */
export { currentId as countCurrent } from "./track.ts";
export { countPendingDetail, countPositionLabel } from "./timeline.ts";
export { countScheduler } from "./scheduler.ts";
export { parseCountState } from "./stored.ts";
export {
  countTrackerFacts,
  type CountCreatureFacts,
  type CountIdleDrop,
  type CountTrackerFacts,
} from "./tracker-facts.ts";
export { actionPieces as checkCountAction } from "./actions.ts";
