// Public API of this rule area; see src/engine/index.ts.
export {};
