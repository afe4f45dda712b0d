// Public API of this rule area; see src/engine/index.ts.
export * from "./formation.ts";
export * from "./wall-geometry.ts";
export * from "./encounter.ts";
export * from "./encounter-roster.ts";
