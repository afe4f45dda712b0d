/**
 * The rules engine's public barrel. Pure: no Foundry, no DOM, no localized strings, no Math.random.
 * Each rule area exports from its own barrel; names are unique across areas.
 */
export * from "./core/result.ts";
export * from "./core/same-items.ts";
export * from "./dice/index.ts";
export * from "./attack/index.ts";
export * from "./damage/index.ts";
export * from "./movement/index.ts";
export * from "./encounters/index.ts";
export * from "./actions/index.ts";
export * from "./conditions/index.ts";
export * from "./initiative/index.ts";
export * from "./storage/index.ts";
export * from "./host/index.ts";
export * from "./actors/index.ts";
export * from "./items/index.ts";
export * from "./trust/index.ts";
