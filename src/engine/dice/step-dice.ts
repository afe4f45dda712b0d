/**
 * Step dice for the phase ruleset (RULES §3, ADV-1, ADV-2, ADV-3).
 *
 * A roll is 2d6; with net advantage one extra die is added and the two highest are kept, with net
 * disadvantage one extra die is added and the two lowest are kept. The size of the extra die
 * depends on the number of net sources.
 */
import type { Distribution } from "./distribution.ts";
import { constantTerm, diceTerm, poolTerm, type FormulaTerm } from "./formula.ts";
import { formatTerm } from "./formula-format.ts";
import { groupDice, keepDistribution } from "./keep.ts";

/** ADV-3: advantage and disadvantage sources cancel one for one. Positive = net advantage. */
export function netAdvantage(advantageSources: number, disadvantageSources: number): number {
  // Counts come from sheets and effects: anything that is not a count of 1 or more counts as none.
  const count = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  const adv = count(advantageSources);
  const dis = count(disadvantageSources);
  return adv - dis;
}

/** A pool of dice (each entry is the sides of one die) of which `keep` are kept. */
export interface KeepPool {
  readonly dice: readonly number[];
  readonly keep: number;
  readonly highest: boolean;
}

/** ADV-1: extra die by sources of advantage (index = sources, capped at 4). */
const ADVANTAGE_DIE = [6, 6, 8, 10, 12] as const;
/** ADV-2: extra die by sources of disadvantage (index = sources, capped at 4). */
const DISADVANTAGE_DIE = [12, 12, 10, 8, 6] as const;

/** ADV-1 / ADV-2: the pool rolled for a net number of advantage sources. */
export function stepDicePool(net: number): KeepPool {
  const n = Number.isFinite(net) ? Math.trunc(net) : 0;
  if (n === 0) return { dice: [6, 6], keep: 2, highest: true };
  const sources = Math.min(4, Math.abs(n));
  const extra = n > 0 ? ADVANTAGE_DIE[sources] : DISADVANTAGE_DIE[sources];
  return { dice: [6, 6, extra ?? 6], keep: 2, highest: n > 0 };
}

/** Exact distribution of the kept sum of a pool. */
export function keepPoolDistribution(pool: KeepPool): Distribution {
  return keepDistribution(groupDice(pool.dice), pool.keep, pool.highest);
}

/** Exact distribution of the step-dice roll (without modifiers) for a net number of sources. */
export function stepDiceDistribution(net: number): Distribution {
  return keepPoolDistribution(stepDicePool(net));
}

/**
 * The pool as a formula term. Identical dice use the dice form (3d6kh2, or 2d6 when all are kept);
 * mixed dice use a Foundry pool ({1d6,1d6,1d8}kh2). Either way Foundry reports the faces in the
 * order of `pool.dice`, which is what `resolveKeepPool` expects.
 */
export function keepPoolTerm(pool: KeepPool): FormulaTerm {
  const count = pool.dice.length;
  if (count === 0) return constantTerm(0);
  const keepCount = Math.max(0, Math.min(Math.floor(pool.keep), count));
  const keep = keepCount >= count ? null : { highest: pool.highest, count: keepCount };
  const first = pool.dice[0] ?? 6;
  if (pool.dice.every((s) => s === first)) return diceTerm(count, first, keep);
  return poolTerm(
    pool.dice.map((s) => diceTerm(1, s)),
    keep,
  );
}

/** Foundry Roll formula for a pool, e.g. "2d6", "3d6kh2", "{1d6,1d6,1d8}kh2", "{1d6,1d6,1d12}kl2". */
export function keepPoolFormula(pool: KeepPool): string {
  return formatTerm(keepPoolTerm(pool));
}
