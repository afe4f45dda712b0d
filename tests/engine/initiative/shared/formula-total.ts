/**
 * Tests feed schedulers what the adapter would: the total of a request's formula. A scenario is easier to
 * read in die faces, so this turns faces into that total with the engine's own parser ("1d20 - 3" showing
 * 12 is 9; "2d6 + 1 - 2" showing 4 and 5 is 8). Plain dice and constants only; anything else throws.
 */
import { parseFormula } from "../../../../src/engine/dice/formula-parse.ts";
import { unwrap } from "../../../../src/engine/core/result.ts";

/**
 * The total `formula` gives when its dice show `faces`, in the order written (one face per die). A face off
 * the die (0, 21 on a d20) is added as it is: the total is then one the formula cannot roll.
 */
export function formulaTotal(formula: string, faces: readonly number[]): number {
  let total = 0;
  let used = 0;
  for (const { sign, term } of unwrap(parseFormula(formula)).terms) {
    if (term.type === "constant") {
      total += sign * term.value;
      continue;
    }
    if (term.type !== "dice" || term.keep !== null) throw new Error(`formulaTotal: plain dice only, not ${formula}`);
    for (let i = 0; i < term.count; i++) {
      const face = faces[used++];
      if (face === undefined) throw new Error(`formulaTotal: no face for die ${used} of ${formula}`);
      total += sign * face;
    }
  }
  if (used !== faces.length) throw new Error(`formulaTotal: ${faces.length} faces for ${used} dice in ${formula}`);
  return total;
}
