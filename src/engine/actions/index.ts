// Public API of this rule area; see src/engine/index.ts.
export * from "./economy.ts";
export * from "./standard-actions.ts";
export * from "./count-actions.ts";
export * from "./phase-actions.ts";
export * from "./rotation-actions.ts";
export * from "./segment-actions.ts";
export * from "./economies.ts";
export * from "./turn-left.ts";
