/** Standard order (STD-1, STD-2): one compare function shared by the scheduler, its timeline and its tests. */
import { compareHighestFirst, compareIds, compareTotals } from "../shared/highest-first.ts";
import { own } from "../shared/round-order.ts";
import type { StandardCombatant } from "./state.ts";

const NO_RANKS: Readonly<Record<string, number>> = {};

/** Delay ruling: a creature's delay rank (0 unless it re-entered after a delay). */
export function standardDelayRank(ranks: Readonly<Record<string, number>>, id: string): number {
  return own(ranks, id) ?? 0;
}

/**
 * STD-1, STD-2: the order of two combatants: higher initiative, then (Delay ruling) the lower delay
 * rank, then higher DEX bonus, then the kept tie-breaker rolls (one still to roll after those with more
 * rolls), then id (so the order is total and transitive while a tie-breaker is still being rolled).
 * `ranks` is the state's `delayRank`.
 */
export function compareStandardOrder(
  a: StandardCombatant,
  b: StandardCombatant,
  ranks: Readonly<Record<string, number>> = NO_RANKS,
): number {
  return (
    compareTotals(a.initiative, b.initiative) ||
    standardDelayRank(ranks, a.id) - standardDelayRank(ranks, b.id) ||
    b.dexBonus - a.dexBonus ||
    compareHighestFirst(a.tieBreak, b.tieBreak) ||
    // Level so far: one still waiting for a tie-breaker stands after those that rolled more. Without
    // this the order was not transitive (by id against one, by roll against another).
    b.tieBreak.length - a.tieBreak.length ||
    compareIds(a.id, b.id)
  );
}
