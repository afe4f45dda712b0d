// Public API of dice and exact odds.
export * from "./distribution.ts";
export * from "./keep.ts";
export * from "./step-dice.ts";
export * from "./keep-resolve.ts";
export * from "./formula.ts";
export * from "./formula-validate.ts";
export * from "./formula-parse.ts";
export * from "./formula-format.ts";
export * from "./formula-odds.ts";
export * from "./formula-multiply.ts";
export * from "./d20.ts";
