// Public API of the rotation scheduler; see src/engine/initiative/index.ts.
export {};
