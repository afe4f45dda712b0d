export * from "./actor-stats.ts";
export * from "./actor-overshield.ts";
export * from "./validate-actor-stats.ts";
export * from "./actor-initiative.ts";
export * from "./actor-derived.ts";
export * from "./actor-source.ts";
export * from "./actor-damage.ts";
export * from "./damage-statuses.ts";
