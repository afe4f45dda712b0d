/**
 * A step's conditions to set and clear on the tokens: what the scheduler holds after the step that it
 * did not hold before, and the reverse (held-conditions.ts says why a state diff and not the events:
 * an undo's only event is `undone`, yet it must clear what the undone step set).
 *
 * Pure. Ordered by combatant id, then by the table's order, so a host writes in a stable order.
 */
import { CONDITION_IDS, type ConditionId } from "./status-table.ts";
import type { HeldConditions } from "./held-conditions.ts";

export interface ConditionChange {
  readonly combatantId: string;
  readonly condition: ConditionId;
  /** true: set it; false: clear it. */
  readonly active: boolean;
}

const NONE: ReadonlySet<ConditionId> = new Set();

/**
 * The changes from `before` to `after`. A combatant present on one side only (it joined or left) is
 * compared with no conditions: a joiner gets what it is held in, a leaver is cleared of what it had.
 */
export function conditionChanges(before: HeldConditions, after: HeldConditions): readonly ConditionChange[] {
  // Issue 17: only the combatants whose conditions differ are sorted and listed (a step changes few of
  // a thousand); a set shared by both sides, or two empty ones, cannot differ.
  const changed: string[] = [];
  const differs = (was: ReadonlySet<ConditionId>, now: ReadonlySet<ConditionId>): boolean => {
    if (was === now || (was.size === 0 && now.size === 0)) return false;
    return CONDITION_IDS.some((condition) => was.has(condition) !== now.has(condition));
  };
  for (const [id, was] of before) if (differs(was, after.get(id) ?? NONE)) changed.push(id);
  for (const [id, now] of after) if (!before.has(id) && differs(NONE, now)) changed.push(id);
  const out: ConditionChange[] = [];
  for (const combatantId of changed.sort()) {
    const was = before.get(combatantId) ?? NONE;
    const now = after.get(combatantId) ?? NONE;
    for (const condition of CONDITION_IDS) {
      if (was.has(condition) !== now.has(condition)) out.push({ combatantId, condition, active: now.has(condition) });
    }
  }
  return out;
}
