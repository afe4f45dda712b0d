// Public API of items: item stats (types, defaults), validation with typed problems, derived values from
// the rule functions, and the source check the models and the pack build share.
export * from "./item-types.ts";
export * from "./item-problem.ts";
export * from "./weapon-stats.ts";
export * from "./spell-stats.ts";
export * from "./armor-stats.ts";
export * from "./feat-stats.ts";
export * from "./power-stats.ts";
export * from "./gear-stats.ts";
export * from "./item-source.ts";
export * from "./battle-use.ts";
