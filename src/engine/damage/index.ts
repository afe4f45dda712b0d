// Public API of damage: the die ladder and weapon feats (count ruleset), AP swings, DR, overshields,
// the damage pipeline and exact damage odds. Names are unique across the engine's areas.
export * from "./damage-dice.ts";
export * from "./die-ladder.ts";
export * from "./great-weapons.ts";
export * from "./weapon-properties.ts";
export * from "./weapon-features.ts";
export * from "./cleave.ts";
export * from "./areas.ts";
export * from "./multipliers.ts";
export * from "./action-points.ts";
export * from "./constant-damage.ts";
export * from "./damage-kinds.ts";
export * from "./damage-reduction.ts";
export * from "./overshield.ts";
export * from "./apply-damage.ts";
export * from "./apply-healing.ts";
export * from "./damage-odds.ts";
export * from "./critical-damage.ts";
export * from "./status-riders.ts";
