/** Standard order (STD-1, STD-2): one compare function shared by the scheduler and the Foundry layer. */
import { compareHighestFirst, compareIds, compareTotals } from "../shared/highest-first.ts";
import type { StandardCombatant } from "./state.ts";

/**
 * STD-1, STD-2: the order of two combatants: higher initiative, then higher DEX bonus, then the kept
 * tie-breaker rolls, then id (so the order is total while a tie-breaker is still being rolled).
 * The Foundry layer's `_sortCombatants` uses the same function.
 */
export function compareStandardOrder(a: StandardCombatant, b: StandardCombatant): number {
  return (
    compareTotals(a.initiative, b.initiative) ||
    b.dexBonus - a.dexBonus ||
    compareHighestFirst(a.tieBreak, b.tieBreak) ||
    compareIds(a.id, b.id)
  );
}
