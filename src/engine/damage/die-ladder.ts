import { err, ok, type Result } from "../core/result.ts";
import { diceTerm, type Formula } from "../dice/formula.ts";
import { formatTerm } from "../dice/formula-format.ts";
import { multiplyDice } from "../dice/formula-multiply.ts";
import {
  damageDiceOf,
  formatDamageFormula,
  parseDamageDice,
  parseDamageFormula,
  type DamageDice,
} from "./damage-dice.ts";
import { shown } from "../dice/checks.ts";

/**
 * CNT-15 damage die ladder. Index 0 is level 1. Level 10 and above leave the ladder: the weapon's
 * original dice are multiplied by the wielder's primary weapon ability modifier (at least 1).
 */
export const DIE_LADDER: readonly { readonly count: number; readonly sides: number }[] = [
  { count: 1, sides: 4 },
  { count: 1, sides: 6 },
  { count: 1, sides: 8 },
  { count: 1, sides: 10 },
  { count: 1, sides: 12 },
  { count: 2, sides: 6 },
  { count: 2, sides: 8 },
  { count: 2, sides: 10 },
  { count: 2, sides: 12 },
];

/** The first level that leaves the ladder (CNT-15). */
export const LADDER_TOP_LEVEL = 10;

/** CNT-15: the ladder level (1–9) of the dice, ignoring any flat bonus; 0 when they are not on the ladder. */
export function ladderLevelOf(dice: DamageDice): number {
  return DIE_LADDER.findIndex((rung) => rung.count === dice.count && rung.sides === dice.sides) + 1;
}

function notOnLadder(dice: DamageDice): Result<never> {
  return err("TEMPO.ERRORS.Damage.NotOnLadder", { die: formatTerm(diceTerm(dice.count, dice.sides)) });
}

/** CNT-15: the ladder level of a formula such as "2d6" (level 6). Off-ladder dice are a typed error. */
export function ladderLevel(formula: string): Result<number> {
  const parsed = parseDamageDice(formula);
  if (!parsed.ok) return parsed;
  const level = ladderLevelOf(parsed.value);
  return level === 0 ? notOnLadder(parsed.value) : ok(level);
}

/**
 * CNT-15: steps a damage formula's dice up (or down) the ladder, keeping any flat numbers.
 *
 * - At level 10 and above the result is the *original* dice (the ones passed in) times
 *   `primaryModifier`, never less than once (the dice area's `multiplyDice`): a Maul (2d6) stepped
 *   4 levels with +8 STR rolls 16d6. Levels past 10 add nothing more; the text gives level 10 as the
 *   last row. A product past the dice area's limit is its `TEMPO.ERRORS.Dice.TooManyDice`.
 * - **Ruling:** stepping down stops at level 1 (1d4); the text never steps below it.
 * - Only one plain NdX plus flat numbers can be stepped (`BadFormula` otherwise); dice not on the
 *   ladder cannot be stepped (`NotOnLadder`), even by 0 steps, so the sheet can say so as soon as
 *   such a weapon is given a step.
 */
export function stepDamageFormula(formula: Formula, steps: number, primaryModifier = 1): Result<Formula> {
  if (!Number.isInteger(steps)) return err("TEMPO.ERRORS.Damage.InvalidSteps", { steps: shown(steps) });
  if (!Number.isInteger(primaryModifier)) {
    return err("TEMPO.ERRORS.Damage.InvalidModifier", { modifier: shown(primaryModifier) });
  }
  const dice = damageDiceOf(formula);
  if (dice === null) return err("TEMPO.ERRORS.Damage.BadFormula", { formula: formatDamageFormula(formula) });
  const level = ladderLevelOf(dice);
  if (level === 0) return notOnLadder(dice);
  const target = Math.max(1, level + steps);
  if (target >= LADDER_TOP_LEVEL) return multiplyDice(formula, primaryModifier);
  const rung = DIE_LADDER[target - 1];
  if (rung === undefined) return notOnLadder(dice);
  const stepped = diceTerm(rung.count, rung.sides);
  return ok({ terms: formula.terms.map((t) => (t.term.type === "dice" ? { sign: t.sign, term: stepped } : t)) });
}

/** CNT-15 on text: `stepDie("2d6", 4, 8)` is "16d6"; `stepDie("1d8+3", 1)` is "1d10+3". */
export function stepDie(formula: string, steps: number, primaryModifier = 1): Result<string> {
  const parsed = parseDamageFormula(formula);
  if (!parsed.ok) return parsed;
  const stepped = stepDamageFormula(parsed.value, steps, primaryModifier);
  return stepped.ok ? ok(formatDamageFormula(stepped.value)) : stepped;
}
