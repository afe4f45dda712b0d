// Public API of dice and exact odds.
export * from "./distribution.ts";
export * from "./step-dice.ts";
