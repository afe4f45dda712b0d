// Public API of dice and exact odds. Unchecked building blocks (keep.ts, keep-pool-build.ts,
// validateFormula) stay internal: every entry point here checks its input and never throws.
export * from "./distribution.ts";
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
