/**
 * A small dice-formula AST: what the rules need and nothing more. Every formula it can express
 * formats to valid Foundry `Roll` syntax (see `formula-format.ts`), so the adapter can roll it.
 *
 *   formula  := ["-"] term (("+" | "-") term)*
 *   term     := dice | pool | constant
 *   dice     := [N] "d" X [("kh" | "kl") [K]]          e.g. 2d6, d20, 4d6kh3, 2d20kl1
 *   pool     := "{" member ("," member)* "}" [("kh" | "kl") [K]]   e.g. {1d6,1d6,1d8}kh2
 *   member   := dice | constant
 *   constant := digits
 *
 * A pool keeps whole members (Foundry's PoolTerm): "{2d6,1d8}kh1" keeps the better of the 2d6 total
 * and the d8. State is plain JSON (formulas may be stored in documents and chat cards).
 */

/** Keep the `count` highest (or lowest) results. */
export interface KeepRule {
  readonly highest: boolean;
  readonly count: number;
}

/** `count` dice with `sides` faces each, optionally keeping some of them. */
export interface DiceTerm {
  readonly type: "dice";
  readonly count: number;
  readonly sides: number;
  readonly keep: KeepRule | null;
}

/** A non-negative whole number (the sign lives on the surrounding `SignedTerm`). */
export interface ConstantTerm {
  readonly type: "constant";
  readonly value: number;
}

/** A pool of members rolled together; the kept members' totals are added. */
export interface PoolTerm {
  readonly type: "pool";
  readonly members: readonly PoolMember[];
  readonly keep: KeepRule | null;
}

export type PoolMember = DiceTerm | ConstantTerm;
export type FormulaTerm = DiceTerm | ConstantTerm | PoolTerm;

export interface SignedTerm {
  readonly sign: 1 | -1;
  readonly term: FormulaTerm;
}

/** A sum of signed terms, in the order written. */
export interface Formula {
  readonly terms: readonly SignedTerm[];
}

/** Largest number of dice a formula may roll in all (rules never need more; guards user input). */
export const MAX_DICE = 1000;
/** Largest die a formula may use. */
export const MAX_SIDES = 1000;
/** Largest flat number a formula may contain. */
export const MAX_CONSTANT = 1_000_000;
/** Largest number of terms and pool members a formula may hold in all (text up to 2000 characters never has more). */
export const MAX_TERMS = 1000;

/** `count` dice of `sides` sides, optionally keeping some: diceTerm(4, 6, { highest: true, count: 3 }) is 4d6kh3. */
export function diceTerm(count: number, sides: number, keep: KeepRule | null = null): DiceTerm {
  return { type: "dice", count, sides, keep };
}

/** A flat number (non-negative; `makeFormula` turns a negative one into a subtracted term). */
export function constantTerm(value: number): ConstantTerm {
  return { type: "constant", value };
}

/** A Foundry pool of members, optionally keeping whole members: {1d6,1d6,1d8}kh2. */
export function poolTerm(members: readonly PoolMember[], keep: KeepRule | null = null): PoolTerm {
  return { type: "pool", members, keep };
}

/** Builds a formula from terms; a negative constant becomes a subtracted positive one. */
export function makeFormula(...terms: readonly (FormulaTerm | SignedTerm)[]): Formula {
  return {
    terms: terms.map((t): SignedTerm => {
      if ("sign" in t) return t;
      if (t.type === "constant" && t.value < 0) return { sign: -1, term: constantTerm(-t.value) };
      return { sign: 1, term: t };
    }),
  };
}
