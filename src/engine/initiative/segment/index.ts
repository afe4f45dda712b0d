// Public API of the segment scheduler; see src/engine/initiative/index.ts.
export {};
