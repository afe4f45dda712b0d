/**
 * Group membership as the documents say it, translated for the engine: core's `combatant.group` (a
 * CombatantGroup id) is the group a creature is in; a creature without one (or whose group is gone)
 * fights with its side's group in segment rounds when the combat has one (SEG-2, decided by the
 * engine's `sideGroupFor`).
 *
 * Issue 17: in the engine a side's group is the side's name ("party", "enemies": segmentGroupOf), also
 * once its CombatantGroup document exists, so the start writes no group to any creature and no group id
 * to the engine; every client derives `combatant.group` (combatant-model.ts) and the tracker's names
 * (`groupDocumentOf`). A combat started by an older Tempo holds the document's id: kept as it is
 * (`engineHoldsGroup`).
 */
import {
  engineHoldsGroup,
  groupSideOf,
  sideGroupFor,
  type GroupSide,
  type HostCombatant,
  type HostSide,
} from "../../../engine/index.ts";
import { groupSideOfDocument } from "../../data/combatant-group/combatant-group-model.ts";
import { perPass } from "../../data/combat/per-pass.ts";
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

/** The side a segment combat's side group document stands for, or null (another group, another ruleset). */
function sideOfDocument(combat: Combat.Implementation, id: string, gone: ReadonlySet<string>): GroupSide | null {
  if (tempoModelOf(combat)?.ruleset !== "segment") return null;
  const sides = sideGroupsOf(combat, gone);
  return sides.party === id ? "party" : sides.enemies === id ? "enemies" : null;
}

/** SEG-2: the engine's id of a side group document: the side's name, or the document's id in an older combat. */
function engineSideId(combat: Combat.Implementation, documentId: string, side: GroupSide): string {
  const model = tempoModelOf(combat);
  const older = model !== null && model.state !== null && engineHoldsGroup(model.host, model.state, documentId);
  return older ? documentId : side;
}

/** The group the engine holds a creature of `side` in whose own group is `own` (null: none). */
export function effectiveGroupId(
  combat: Combat.Implementation,
  side: HostSide,
  own: string | null,
  gone: ReadonlySet<string> = NONE,
): string | null {
  if (own !== null && !gone.has(own) && combat.groups.has(own)) {
    const ownSide = sideOfDocument(combat, own, gone);
    return ownSide === null ? own : engineSideId(combat, own, ownSide);
  }
  const model = tempoModelOf(combat);
  if (model === null) return null;
  const document = sideGroupFor(model.ruleset, side, sideGroupsOf(combat, gone));
  return document === null ? null : engineSideId(combat, document, groupSideOf(side));
}

/**
 * The CombatantGroup document an engine group id stands for (SEG-2: a side's name is its side group's
 * document), or null when there is none.
 */
export function groupDocumentOf(combat: Combat.Implementation, engineId: string): string | null {
  if (combat.groups.has(engineId)) return engineId;
  if (engineId !== "party" && engineId !== "enemies") return null;
  return tempoModelOf(combat)?.ruleset === "segment" ? (sideGroupsOf(combat)[engineId] ?? null) : null;
}

/**
 * The group a combatant's document shows, derived on every client (issue 17: never written for a
 * creature that fights with its side): its own, else its side's group document in segment rounds.
 */
export function shownGroupOf(combatant: Combatant.Implementation, side: () => HostSide): string | null {
  const own = ownGroupOf(combatant);
  const combat = combatant.parent;
  if (own !== null || combat === null || combat.groups.size === 0) return own;
  const model = tempoModelOf(combat);
  if (model?.ruleset !== "segment") return null;
  return sideGroupFor(model.ruleset, side(), passSideGroupsOf(combat, model.combatantPass));
}

/** The side groups found once per combatant pass (combat-model.ts `combatantPass`): no group changes within one. */
const passSideGroups = perPass<Partial<Record<GroupSide, string>>>();

function passSideGroupsOf(combat: Combat.Implementation, pass: object | null): Partial<Record<GroupSide, string>> {
  return passSideGroups(pass, () => sideGroupsOf(combat));
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
