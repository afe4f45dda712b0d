// Public API of the standard scheduler; see src/engine/initiative/index.ts.
export {};
