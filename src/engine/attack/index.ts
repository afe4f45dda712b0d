// Public API of attack resolution and odds.
export * from "./step-dice-attack.ts";
