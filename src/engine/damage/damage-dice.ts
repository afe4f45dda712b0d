import { err, ok, type Result } from "../core/result.ts";
import type { DiceTerm, Formula } from "../dice/formula.ts";
import { formatFormula } from "../dice/formula-format.ts";
import { parseFormula } from "../dice/formula-parse.ts";

/**
 * A damage roll in the simple form the die ladder works on (CNT-15): `count`d`sides` + `bonus`.
 * Parsing and formatting belong to the dice area (`parseFormula`, `formatFormula`); this file only
 * narrows a parsed formula to that shape and writes it back the way weapon data does ("1d8+3").
 */
export interface DamageDice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

/**
 * CNT-15: the ladder's view of a formula: exactly one added dice term with no keep rule, plus any flat
 * numbers (summed into `bonus`); null for anything else ("2d6+1d4", "4d6kh3", "{1d6,1d8}kh1", "5").
 */
export function damageDiceOf(formula: Formula): DamageDice | null {
  let dice: DiceTerm | null = null;
  let bonus = 0;
  for (const { sign, term } of formula.terms) {
    if (term.type === "constant") bonus += sign * term.value;
    else if (term.type === "dice" && sign === 1 && term.keep === null && dice === null) dice = term;
    else return null;
  }
  return dice === null ? null : { count: dice.count, sides: dice.sides, bonus };
}

/**
 * CNT-15: reads a damage formula ("2d6", "d8", "1d10 + 3") with the dice area's `parseFormula` (its
 * `TEMPO.ERRORS.Dice.*` errors for unreadable text or broken limits), then requires the simple
 * NdX ± B shape (`TEMPO.ERRORS.Damage.BadFormula` otherwise).
 */
export function parseDamageFormula(text: string): Result<Formula> {
  const parsed = parseSimple(text);
  return parsed.ok ? ok(parsed.value.formula) : parsed;
}

/** CNT-15: `parseDamageFormula`, as count, sides and bonus. */
export function parseDamageDice(text: string): Result<DamageDice> {
  const parsed = parseSimple(text);
  return parsed.ok ? ok(parsed.value.dice) : parsed;
}

/** One parse for both readers: the formula and its NdX ± B view. */
function parseSimple(text: string): Result<{ readonly formula: Formula; readonly dice: DamageDice }> {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed;
  const dice = damageDiceOf(parsed.value);
  return dice === null ? err("TEMPO.ERRORS.Damage.BadFormula", { formula: text }) : ok({ formula: parsed.value, dice });
}

/** CNT-15: "1d8+3", "16d6-1": `formatFormula`'s Foundry `Roll` text without spaces, as weapon data writes it. */
export function formatDamageFormula(formula: Formula): string {
  return formatFormula(formula).replaceAll(" ", "");
}
