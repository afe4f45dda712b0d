import { err, ok, type Result } from "../core/result.ts";
import { formatDamageDice, parseDamageDice, type DamageDice } from "./damage-dice.ts";

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

/** The ladder level (1–9) of the dice, ignoring any flat bonus; 0 when they are not on the ladder. */
export function ladderLevelOf(dice: DamageDice): number {
  return DIE_LADDER.findIndex((rung) => rung.count === dice.count && rung.sides === dice.sides) + 1;
}

/** CNT-15: the ladder level of a formula such as "2d6" (level 6). Off-ladder dice are a typed error. */
export function ladderLevel(formula: string): Result<number> {
  const parsed = parseDamageDice(formula);
  if (!parsed.ok) return parsed;
  const level = ladderLevelOf(parsed.value);
  if (level === 0) return err("TEMPO.ERRORS.Damage.NotOnLadder", { die: formula });
  return ok(level);
}

/**
 * CNT-15: steps dice up (or down) the ladder, keeping any flat bonus.
 *
 * - At level 10 and above the result is the *original* dice (the ones passed in) times
 *   `primaryModifier`, never less than once: a Maul (2d6) stepped 4 levels with +8 STR rolls 16d6.
 *   Levels past 10 add nothing more; the text gives level 10 as the last row.
 * - **Ruling:** stepping down stops at level 1 (1d4); the text never steps below it.
 * - Dice not on the ladder cannot be stepped (typed error `NotOnLadder`), even by 0 steps, so the
 *   sheet can say so as soon as such a weapon is given a step.
 */
export function stepDamageDice(dice: DamageDice, steps: number, primaryModifier = 1): Result<DamageDice> {
  if (!Number.isInteger(steps)) return err("TEMPO.ERRORS.Damage.InvalidSteps", { steps: String(steps) });
  if (!Number.isInteger(primaryModifier)) {
    return err("TEMPO.ERRORS.Damage.InvalidModifier", { modifier: String(primaryModifier) });
  }
  const level = ladderLevelOf(dice);
  if (level === 0) return err("TEMPO.ERRORS.Damage.NotOnLadder", { die: formatDamageDice({ ...dice, bonus: 0 }) });
  const target = Math.max(1, level + steps);
  if (target >= LADDER_TOP_LEVEL) {
    const multiplier = Math.max(1, primaryModifier);
    return ok({ count: dice.count * multiplier, sides: dice.sides, bonus: dice.bonus });
  }
  const rung = DIE_LADDER[target - 1];
  if (rung === undefined) return err("TEMPO.ERRORS.Damage.NotOnLadder", { die: formatDamageDice({ ...dice, bonus: 0 }) });
  return ok({ count: rung.count, sides: rung.sides, bonus: dice.bonus });
}

/** CNT-15 on formulas: `stepDie("2d6", 4, 8)` is "16d6"; `stepDie("1d8", 1)` is "1d10". */
export function stepDie(formula: string, steps: number, primaryModifier = 1): Result<string> {
  const parsed = parseDamageDice(formula);
  if (!parsed.ok) return parsed;
  const stepped = stepDamageDice(parsed.value, steps, primaryModifier);
  return stepped.ok ? ok(formatDamageDice(stepped.value)) : stepped;
}
