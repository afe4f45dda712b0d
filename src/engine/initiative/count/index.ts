// Public API of the count-up track scheduler (RULES §1).
export * from "./order.ts";
export * from "./delay.ts";
export type * from "./types.ts";
export type { CountVec } from "./vec.ts";
export { COUNT_DEFAULT_OPTIONS, COUNT_REASON_CONTEST, COUNT_REASON_INITIATIVE, createCountState } from "./state.ts";
export { countPendingDetail, countPositionLabel } from "./timeline.ts";
export { countScheduler } from "./scheduler.ts";
