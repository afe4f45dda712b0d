// Public API of this rule area; see src/engine/index.ts.
export * from "./round-time.ts";
export * from "./durations.ts";
export * from "./concentration.ts";
export * from "./concentration-move.ts";
export * from "./end-phase-save.ts";
export * from "./ongoing-save.ts";
export * from "./effect-duration.ts";
export * from "./duration-ledger.ts";
export * from "./status-table.ts";
export * from "./held-conditions.ts";
export * from "./condition-changes.ts";
export * from "./attack-conditions.ts";
export * from "./concentration-status.ts";
export * from "./save-outcomes.ts";
