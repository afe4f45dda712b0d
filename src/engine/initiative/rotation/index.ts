// Public API of the rotation scheduler; see src/engine/initiative/index.ts.
export * from "./state.ts";
export * from "./order.ts";
export * from "./contest.ts";
export * from "./scheduler.ts";
export * from "./timeline.ts";
export * from "./stored.ts";
export * from "./facts.ts";
