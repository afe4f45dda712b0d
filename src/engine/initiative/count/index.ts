// Public API of the count-up track scheduler (RULES §1).
export * from "./order.ts";
export * from "./delay.ts";
export type * from "./types.ts";
export {
  COUNT_DEFAULT_OPTIONS,
  COUNT_REASON_CONTEST,
  COUNT_REASON_INITIATIVE,
  countPendingActionsOf,
  createCountState,
} from "./state.ts";
/** A combatant's track record (count, kept contest totals, casting, reaction used …), or null. */
export { getCombatant as countCombatant } from "./state.ts";
export { surpriseCount as countSurpriseCount } from "./track.ts";
export { countPendingDetail, countPositionLabel } from "./timeline.ts";
export { countScheduler } from "./scheduler.ts";
