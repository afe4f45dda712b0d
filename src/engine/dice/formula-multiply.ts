/**
 * CNT-15, level 10 and above: "the weapon's original dice multiplied by the wielder's primary
 * weapon ability modifier" (a Maul, 2d6, with +8 STR rolls 16d6). Every dice count is multiplied,
 * keep counts with it (4d6kh3 × 2 = 8d6kh6); flat numbers are not. **Ruling:** the multiplier is
 * at least 1, so a modifier of 0 or less leaves the dice as they are.
 */
import { isWhole, shown } from "./checks.ts";
import { err, type Result } from "../core/result.ts";
import type { DiceTerm, Formula, FormulaTerm, KeepRule } from "./formula.ts";
import { formatFormula } from "./formula-format.ts";
import { checkFormula, validateFormula } from "./formula-validate.ts";

function scaleKeep(keep: KeepRule | null, k: number): KeepRule | null {
  return keep === null ? null : { highest: keep.highest, count: keep.count * k };
}

function scaleDice(term: DiceTerm, k: number): DiceTerm {
  return { type: "dice", count: term.count * k, sides: term.sides, keep: scaleKeep(term.keep, k) };
}

/** Dice are multiplied, also inside a pool (whose own keep counts members, so it stays). */
function scaleTerm(term: FormulaTerm, k: number): FormulaTerm {
  switch (term.type) {
    case "constant":
      return term;
    case "dice":
      return scaleDice(term, k);
    case "pool":
      return {
        type: "pool",
        members: term.members.map((m) => (m.type === "dice" ? scaleDice(m, k) : m)),
        keep: term.keep,
      };
  }
}

/** CNT-15: the formula with every die multiplied by `factor` (at least 1); errors past the dice limit. */
export function multiplyDice(f: Formula, factor: number): Result<Formula> {
  if (!isWhole(factor)) return err("TEMPO.ERRORS.Dice.InvalidMultiplier", { factor: shown(factor) });
  const valid = checkFormula(f);
  if (!valid.ok) return valid;
  const k = Math.max(1, factor);
  const scaled: Formula = { terms: valid.value.terms.map(({ sign, term }) => ({ sign, term: scaleTerm(term, k) })) };
  return validateFormula(scaled, formatFormula(scaled));
}
