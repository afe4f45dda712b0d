/**
 * Step dice for the phase ruleset (RULES §3, ADV-1, ADV-2, ADV-3).
 *
 * A roll is 2d6; with net advantage one extra die is added and the two highest are kept, with net
 * disadvantage one extra die is added and the two lowest are kept. The size of the extra die
 * depends on the number of net sources.
 */
import { err, ok, type Result } from "../core/result.ts";
import { isWhole, shown } from "./checks.ts";
import type { Distribution } from "./distribution.ts";
import type { FormulaTerm } from "./formula.ts";
import { formatTerm } from "./formula-format.ts";
import { buildPoolDistribution, buildPoolTerm, type KeepPool } from "./keep-pool-build.ts";

/** ADV-3: advantage and disadvantage sources cancel one for one (positive = net advantage); counts are whole numbers of 0 or more. */
export function netAdvantage(advantageSources: number, disadvantageSources: number): Result<number> {
  // Counts come from sheets and effects: a count that is not one is an error, not silently none.
  for (const n of [advantageSources, disadvantageSources])
    if (!isWhole(n) || n < 0) return err("TEMPO.ERRORS.Dice.SourcesInvalid", { value: shown(n) });
  return ok(advantageSources - disadvantageSources);
}

/** ADV-1: extra die by sources of advantage (index = sources, capped at 4). */
const ADVANTAGE_DIE = [6, 6, 8, 10, 12] as const;
/** ADV-2: extra die by sources of disadvantage (index = sources, capped at 4). */
const DISADVANTAGE_DIE = [12, 12, 10, 8, 6] as const;

/** ADV-1 / ADV-2: the pool rolled for a net count from netAdvantage (defensively, a fraction counts as its whole part and NaN as 0). */
export function stepDicePool(net: number): KeepPool {
  const n = Number.isFinite(net) ? Math.trunc(net) : 0;
  if (n === 0) return { dice: [6, 6], keep: 2, highest: true };
  const sources = Math.min(4, Math.abs(n));
  const extra = n > 0 ? ADVANTAGE_DIE[sources] : DISADVANTAGE_DIE[sources];
  return { dice: [6, 6, extra ?? 6], keep: 2, highest: n > 0 };
}

/** ADV-1 / ADV-2: exact distribution of the step-dice roll (without modifiers) for a net number of sources. */
export function stepDiceDistribution(net: number): Distribution {
  return buildPoolDistribution(stepDicePool(net));
}

/** ADV-1 / ADV-2: the step-dice roll as a formula term (2d6, 3d6kh2, {1d6,1d6,1d8}kh2, …). */
export function stepDiceTerm(net: number): FormulaTerm {
  return buildPoolTerm(stepDicePool(net));
}

/** ADV-1 / ADV-2: the Foundry Roll formula of the step-dice roll, e.g. "{1d6,1d6,1d12}kl2". */
export function stepDiceFormula(net: number): string {
  return formatTerm(stepDiceTerm(net));
}
