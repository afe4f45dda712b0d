/**
 * Keep pools ("roll these dice, keep the k highest or lowest") as plain data: the step-dice roll of
 * ADV-1/ADV-2 is one. A pool may be read back from a chat card or a document, so every function
 * here checks it first and answers with a typed error, never an exception.
 */
import { err, ok, type Result } from "../core/result.ts";
import { isRecord, isWhole } from "./checks.ts";
import type { Distribution } from "./distribution.ts";
import { MAX_DICE, MAX_SIDES, type FormulaTerm } from "./formula.ts";
import { formatTerm } from "./formula-format.ts";
import { MAX_DICE_WORK } from "./formula-odds.ts";
import { groupDice, keepCost } from "./keep.ts";
import { buildPoolDistribution, buildPoolTerm, type KeepPool } from "./keep-pool-build.ts";

export type { KeepPool } from "./keep-pool-build.ts";

/**
 * ADV-1 / ADV-2: checks any value as a pool: 1 to MAX_DICE dice of 2 to MAX_SIDES sides, a whole keep count from
 * 0 to the number of dice, and a boolean `highest`.
 */
export function checkKeepPool(v: unknown): Result<KeepPool> {
  const invalid = err<KeepPool>("TEMPO.ERRORS.Dice.PoolInvalid", { max: MAX_DICE, sides: MAX_SIDES });
  if (!isRecord(v)) return invalid;
  const { dice, keep, highest } = v;
  if (!Array.isArray(dice) || dice.length < 1 || dice.length > MAX_DICE) return invalid;
  if (!dice.every((s: unknown) => isWhole(s) && s >= 2 && s <= MAX_SIDES)) return invalid;
  if (!isWhole(keep) || keep < 0 || keep > dice.length || typeof highest !== "boolean") return invalid;
  return ok({ dice: dice.map(Number), keep, highest });
}

/** ADV-1 / ADV-2: exact distribution of the kept sum of a pool; a pool too large to compute is TooComplex. */
export function keepPoolDistribution(pool: KeepPool): Result<Distribution> {
  const valid = checkKeepPool(pool);
  if (!valid.ok) return valid;
  if (!(keepCost(groupDice(valid.value.dice), valid.value.keep) <= MAX_DICE_WORK))
    return err("TEMPO.ERRORS.Dice.TooComplex", { formula: formatTerm(buildPoolTerm(valid.value)) });
  return ok(buildPoolDistribution(valid.value));
}

/** ADV-1 / ADV-2: the pool as a formula term: 3d6kh2 for identical dice, {1d6,1d6,1d8}kh2 for mixed ones. */
export function keepPoolTerm(pool: KeepPool): Result<FormulaTerm> {
  const valid = checkKeepPool(pool);
  return valid.ok ? ok(buildPoolTerm(valid.value)) : valid;
}

/** ADV-1 / ADV-2: Foundry Roll formula for a pool, e.g. "2d6", "3d6kh2", "{1d6,1d6,1d8}kh2", "{1d6,1d6,1d12}kl2". */
export function keepPoolFormula(pool: KeepPool): Result<string> {
  const term = keepPoolTerm(pool);
  return term.ok ? ok(formatTerm(term.value)) : term;
}
