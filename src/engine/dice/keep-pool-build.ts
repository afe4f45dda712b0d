/**
 * Unchecked building blocks for keep pools (not re-exported from the barrel): callers pass a pool
 * that `checkKeepPool` accepted or that `stepDicePool` built. The public, checked entry points are
 * in `keep-pool.ts`.
 */
import type { Distribution } from "./distribution.ts";
import { constantTerm, diceTerm, poolTerm, type FormulaTerm } from "./formula.ts";
import { groupDice, keepDistribution } from "./keep.ts";

/** A pool of dice (each entry is the sides of one die) of which `keep` are kept. */
export interface KeepPool {
  readonly dice: readonly number[];
  readonly keep: number;
  readonly highest: boolean;
}

/** Exact distribution of the kept sum of a valid pool. */
export function buildPoolDistribution(pool: KeepPool): Distribution {
  return keepDistribution(groupDice(pool.dice), pool.keep, pool.highest);
}

/**
 * The pool as a formula term. Identical dice use the dice form (3d6kh2, or 2d6 when all are kept);
 * mixed dice use a Foundry pool ({1d6,1d6,1d8}kh2). Either way Foundry reports the faces in the
 * order of `pool.dice`, which is what `resolveKeepPool` expects.
 */
export function buildPoolTerm(pool: KeepPool): FormulaTerm {
  const count = pool.dice.length;
  const first = pool.dice[0];
  if (first === undefined) return constantTerm(0);
  const keep = pool.keep >= count ? null : { highest: pool.highest, count: pool.keep };
  if (pool.dice.every((s) => s === first)) return diceTerm(count, first, keep);
  return poolTerm(
    pool.dice.map((s) => diceTerm(1, s)),
    keep,
  );
}
