// Public API of the phase scheduler; see src/engine/initiative/index.ts.
export {};
