// Public API of the standard scheduler; see src/engine/initiative/index.ts.
export * from "./state.ts";
export * from "./order.ts";
export * from "./scheduler.ts";
export * from "./timeline.ts";
export * from "./stored.ts";
export * from "./facts.ts";
