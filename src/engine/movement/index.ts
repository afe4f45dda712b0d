// Public API of this rule area; see src/engine/index.ts.
export * from "./grid.ts";
export * from "./path-cost.ts";
export * from "./movement-turn.ts";
export * from "./grid-snapshot.ts";
export * from "./threat.ts";
export * from "./movement-powers.ts";
export * from "./line-of-effect.ts";
export * from "./shared-space.ts";
export * from "./rotation-moves.ts";
export * from "./scene-measures.ts";
export * from "./move-consequences.ts";
export * from "./movement-budget.ts";
export * from "./move-steps.ts";
export * from "./swim-water.ts";
