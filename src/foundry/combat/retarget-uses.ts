/**
 * CNT-12 (issue 19): a reaction that retargets a pending attack or spell, or redirects pending attacks onto
 * one target, changes the targets its declared item rolls on (declared-uses.ts): Resolve on the pending card
 * then rolls against the creature the reaction named, not the one targeted when declaring. The record is
 * written in the reaction's own step, in the same batched Combatant update as every declared-use record
 * (mirror-combatants.ts; a record the rules keep from players stays in the active GM's browser,
 * secret-uses.ts), so the click stays one Combat write.
 * Undo and redo move the track's targets back and forth; the records follow them in the undo's (redo's)
 * own step: the targets the track names now (engine `countTargetsInForce`), else the ones recorded with
 * the declaration.
 */
import { countPendingActionsOf, countTargetsInForce, type CountState } from "../../engine/index.ts";
import { declaredUseOf, type DeclaredUse, type DeclaredUseWrites } from "./declared-uses.ts";

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The record rolling on `inForce` (combatant ids; null: the declared targets), or null when it already does. */
function aimedAt(
  combat: Combat.Implementation,
  use: DeclaredUse,
  inForce: readonly string[] | null,
): DeclaredUse | null {
  const declared = use.declaredTargetUuids ?? use.targetUuids;
  const targetUuids =
    inForce === null
      ? declared
      : inForce.flatMap((id) => {
          const uuid = combat.combatants.get(id)?.actor?.uuid;
          return uuid === undefined ? [] : [uuid];
        });
  if (sameList(targetUuids, use.targetUuids)) return null;
  return { ...use, targetUuids: [...targetUuids], declaredTargetUuids: [...declared] };
}

/**
 * The declared-use records a count step changes by moving pending actions' targets: the reacting creature's
 * after `actionRetargeted`, every creature's after an undo or redo. `state`: the track after the step.
 */
export function retargetUseWrites(
  combat: Combat.Implementation,
  ruleset: string,
  state: unknown,
  events: readonly { readonly type: string }[],
): DeclaredUseWrites {
  const writes = new Map<string, Record<string, DeclaredUse>>();
  if (ruleset !== "count") return writes;
  const moved = events.some((e) => e.type === "undone" || e.type === "redone");
  const named = new Set<string>();
  for (const event of events) {
    const id = field(field(event, "action"), "combatantId");
    if (event.type === "actionRetargeted" && typeof id === "string") named.add(id);
  }
  if (!moved && named.size === 0) return writes;
  const ids = moved ? combat.combatants.contents.flatMap((c) => (c.id === null ? [] : [c.id])) : [...named];
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    const record: Record<string, DeclaredUse> = {};
    // The count host's states are CountStates (the ruleset says which scheduler wrote it).
    for (const action of countPendingActionsOf(state as CountState, id)) {
      const use = declaredUseOf(combatant, `pending:${action.id}`);
      const next = use === null ? null : aimedAt(combat, use, countTargetsInForce(action));
      if (next !== null) record[action.id] = next;
    }
    if (Object.keys(record).length > 0) writes.set(id, record);
  }
  return writes;
}
