/**
 * Group membership as the documents say it, translated for the engine: core's `combatant.group` (a
 * CombatantGroup id) is the group a creature is in; a creature without one (or whose group is gone)
 * fights with its side's group in segment rounds when the combat has one (SEG-2, decided by the
 * engine's `sideGroupFor`).
 */
import { sideGroupFor, type GroupSide, type HostCombatant, type HostSide } from "../../../engine/index.ts";
import { groupSideOfDocument } from "../../data/combatant-group/combatant-group-model.ts";
import { tempoModelOf } from "../tempo-model-of.ts";

const NONE: ReadonlySet<string> = new Set();

/** The option Tempo's own membership writes carry: the engine already holds them (group-sync.ts, tempo-write.ts). */
export { TEMPO_GROUPS_OPTION } from "../tempo-write.ts";

/** SEG-2: the combat's side groups (the first of each side), leaving out the groups in `gone`. */
export function sideGroupsOf(
  combat: Combat.Implementation,
  gone: ReadonlySet<string> = NONE,
): Partial<Record<GroupSide, string>> {
  const sides: Partial<Record<GroupSide, string>> = {};
  for (const group of combat.groups) {
    const id = group.id;
    const side = groupSideOfDocument(group);
    if (id === null || side === null || gone.has(id) || sides[side] !== undefined) continue;
    sides[side] = id;
  }
  return sides;
}

/** The group the engine holds a creature of `side` in whose own group is `own` (null: none). */
export function effectiveGroupId(
  combat: Combat.Implementation,
  side: HostSide,
  own: string | null,
  gone: ReadonlySet<string> = NONE,
): string | null {
  if (own !== null && !gone.has(own) && combat.groups.has(own)) return own;
  const model = tempoModelOf(combat);
  return model === null ? null : sideGroupFor(model.ruleset, side, sideGroupsOf(combat, gone));
}

/** A combatant's own group as its document stores it. */
export function ownGroupOf(combatant: Combatant.Implementation): string | null {
  return combatant._source.group ?? null;
}

/**
 * Every combatant the engine holds, with the group it should be in: its document's group, or the one
 * `overrides` gives it (a change not written yet), groups in `gone` left out. Creatures leaving a group
 * come first, so a swap between two full groups goes through. `facts` reads a combatant's other facts.
 */
export function rosterMoves(
  combat: Combat.Implementation,
  facts: (combatant: Combatant.Implementation) => HostCombatant,
  overrides: ReadonlyMap<string, string | null> = new Map(),
  gone: ReadonlySet<string> = NONE,
): HostCombatant[] {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) return [];
  const known = new Set(model.host.order(model.state));
  const moves: HostCombatant[] = [];
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (id === null || !known.has(id)) continue;
    const base = facts(combatant);
    const own = overrides.has(id) ? (overrides.get(id) ?? null) : ownGroupOf(combatant);
    moves.push({ ...base, groupId: effectiveGroupId(combat, base.side, own, gone) });
  }
  return [...moves.filter((m) => m.groupId === null), ...moves.filter((m) => m.groupId !== null)];
}
