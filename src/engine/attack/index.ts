// Public API of attack resolution and odds.
export * from "./step-dice-attack.ts";
export * from "./attack-outcome.ts";
export * from "./d20-attack.ts";
export * from "./segment-attack.ts";
export * from "./monster-hit-dice.ts";
export * from "./rotation-attack.ts";
export * from "./stealth.ts";
export * from "./stealth-watch.ts";
export * from "./opposed-roll.ts";
export * from "./grapple.ts";
export * from "./trip.ts";
export * from "./item-use-rulings.ts";
export * from "./spell-save.ts";
export * from "./rotation-contest.ts";
export * from "./monster-saves.ts";
