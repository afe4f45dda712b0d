// Public API of dice and exact odds. Unchecked building blocks (keep.ts, keep-pool-build.ts,
// validateFormula) stay internal: every entry point here checks its input and never throws.
// The distribution algebra has short generic names (add, map, repeat, die, …): the barrel exports it
// as one namespace, so `odds.add` cannot be mistaken for anything else in the engine's one barrel.
// The read-out a card needs most stands alone.
export * as odds from "./distribution.ts";
export { probAtLeast, type Distribution } from "./distribution.ts";
export * from "./step-dice.ts";
export * from "./keep-pool.ts";
export * from "./keep-resolve.ts";
export * from "./formula.ts";
export { checkFormula, isFormulaShape } from "./formula-validate.ts";
export * from "./formula-parse.ts";
export * from "./formula-format.ts";
export * from "./formula-odds.ts";
export * from "./formula-multiply.ts";
export * from "./d20.ts";
