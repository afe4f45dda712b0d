/** Standard order (STD-1, STD-2): one compare function shared by the scheduler and the Foundry layer. */
import { compareHighestFirst, compareIds } from "../shared/highest-first.ts";
import type { StandardCombatant } from "./state.ts";

/**
 * STD-1, STD-2: the order of two combatants: higher initiative, then higher DEX bonus, then the kept
 * tie-breaker rolls, then id (so the order is total while a tie-breaker is still being rolled).
 * The Foundry layer's `_sortCombatants` uses the same function.
 */
export function compareStandardOrder(a: StandardCombatant, b: StandardCombatant): number {
  const x = a.initiative;
  const y = b.initiative;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  }
  if (a.dexBonus !== b.dexBonus) return b.dexBonus - a.dexBonus;
  return compareHighestFirst(a.tieBreak, b.tieBreak) || compareIds(a.id, b.id);
}
