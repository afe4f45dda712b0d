/** Standard order (STD-1, STD-2): one compare function shared by the scheduler and the Foundry layer. */
import { compareHighestFirst, compareIds, compareTotals } from "../shared/highest-first.ts";
import type { StandardCombatant } from "./state.ts";

/**
 * STD-1, STD-2: the order of two combatants: higher initiative, then higher DEX bonus, then the kept
 * tie-breaker rolls (one still to roll after those with more rolls), then id (so the order is total
 * and transitive while a tie-breaker is still being rolled).
 * The Foundry layer's `_sortCombatants` uses the same function.
 */
export function compareStandardOrder(a: StandardCombatant, b: StandardCombatant): number {
  return (
    compareTotals(a.initiative, b.initiative) ||
    b.dexBonus - a.dexBonus ||
    compareHighestFirst(a.tieBreak, b.tieBreak) ||
    // Level so far: one still waiting for a tie-breaker stands after those that rolled more. Without
    // this the order was not transitive (by id against one, by roll against another).
    b.tieBreak.length - a.tieBreak.length ||
    compareIds(a.id, b.id)
  );
}
