import { err, ok, type Result } from "../core/result.ts";

/**
 * A damage roll in the simple form the ladder works on: `count`d`sides` + `bonus`.
 * The dice area owns general formula parsing; the ladder only needs this shape, so it keeps its own
 * small parser rather than wait on (or reach into) that one.
 */
export interface DamageDice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

const DICE_FORMULA = /^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/i;

/** Parses "2d6", "d8" or "1d10+3". Anything else is a typed error naming the formula. */
export function parseDamageDice(formula: string): Result<DamageDice> {
  const match = DICE_FORMULA.exec(formula);
  if (match === null) return err("TEMPO.ERRORS.Damage.BadFormula", { formula });
  const count = match[1] === undefined || match[1] === "" ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  const magnitude = match[4] === undefined ? 0 : Number(match[4]);
  const bonus = match[3] === "-" ? -magnitude : magnitude;
  if (count < 1 || sides < 1) return err("TEMPO.ERRORS.Damage.BadFormula", { formula });
  return ok({ count, sides, bonus });
}

/** "2d6", "16d6", "1d8+3", "1d8-1": the formula a Foundry `Roll` understands. */
export function formatDamageDice(dice: DamageDice): string {
  const base = `${dice.count}d${dice.sides}`;
  if (dice.bonus === 0) return base;
  return dice.bonus > 0 ? `${base}+${dice.bonus}` : `${base}-${-dice.bonus}`;
}
