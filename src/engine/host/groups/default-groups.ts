/**
 * The groups a combat starts with when the GM made none (ROT-5, SEG-2), and the side groups creatures
 * without a group of their own fight with in segment rounds.
 *
 * - `rotation` with enemy groups on (ROT-5): enemies of one kind (one actor) are put in groups of 1–3,
 *   as even as they split (4 → 2 + 2, 5 → 3 + 2, 7 → 3 + 2 + 2). A group of one is a creature on its own,
 *   so a lone enemy stays ungrouped, as does an enemy of no known kind. Shared initiative alone (ROT-4)
 *   groups nobody: which creatures share is the GM's choice.
 * - `segment` (SEG-2): one group per side, the party (player characters and allies) and the enemies,
 *   holding every creature of that side not in a group yet.
 * - the other rulesets have no groups.
 */
import type { RulesetId } from "../../initiative/contract.ts";
import { ROTATION_MAX_ENEMY_GROUP } from "../../initiative/rotation/state.ts";
import type { HostOptions, HostSide } from "../ruleset-host.ts";

/** SEG-2: the two sides of a segment combat. */
export type GroupSide = "party" | "enemies";

export function groupSideOf(side: HostSide): GroupSide {
  return side === "enemy" ? "enemies" : "party";
}

/** What the planner reads of a creature. */
export interface GroupCandidate {
  readonly id: string;
  readonly side: HostSide;
  /** The group it is in already, or null. */
  readonly groupId: string | null;
  /** Creatures of one kind (one actor) share a key; null: a creature of its own kind. */
  readonly kind: string | null;
}

export interface PlannedGroup {
  /** Unique within the plan: the side's name, or the kind and a number. */
  readonly key: string;
  /** SEG-2: the side the group stands for; null for a rotation enemy group. */
  readonly side: GroupSide | null;
  /** The kind its members share (rotation), null for a side group. */
  readonly kind: string | null;
  /** 1, 2, … among the groups of one kind. */
  readonly number: number;
  readonly members: readonly string[];
}

/** ROT-5: `n` creatures in groups of at most `max`, as even as they split. */
export function evenSplit(n: number, max: number): number[] {
  if (n <= 0) return [];
  const groups = Math.ceil(n / max);
  const base = Math.floor(n / groups);
  const extra = n % groups;
  return Array.from({ length: groups }, (_, i) => base + (i < extra ? 1 : 0));
}

function enemyGroups(combatants: readonly GroupCandidate[]): PlannedGroup[] {
  const byKind = new Map<string, string[]>();
  for (const c of combatants) {
    if (c.side !== "enemy" || c.groupId !== null || c.kind === null) continue;
    byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c.id]);
  }
  const plan: PlannedGroup[] = [];
  for (const [kind, ids] of byKind) {
    let at = 0;
    evenSplit(ids.length, ROTATION_MAX_ENEMY_GROUP).forEach((size, i) => {
      const members = ids.slice(at, at + size);
      at += size;
      if (members.length > 1) plan.push({ key: `${kind}#${i + 1}`, side: null, kind, number: i + 1, members });
    });
  }
  return plan;
}

function sideGroups(combatants: readonly GroupCandidate[]): PlannedGroup[] {
  const sides: GroupSide[] = ["party", "enemies"];
  return sides.flatMap((side) => {
    const members = combatants.filter((c) => c.groupId === null && groupSideOf(c.side) === side).map((c) => c.id);
    return members.length === 0 ? [] : [{ key: side, side, kind: null, number: 1, members }];
  });
}

/** The groups to create at the start when the combat has `existingGroups` groups (none: the default). */
export function defaultGroupPlan(
  ruleset: RulesetId,
  options: HostOptions,
  combatants: readonly GroupCandidate[],
  existingGroups: number,
): readonly PlannedGroup[] {
  if (existingGroups > 0) return [];
  if (ruleset === "rotation") return options.enemyGroups ? enemyGroups(combatants) : [];
  if (ruleset === "segment") return sideGroups(combatants);
  return [];
}

/**
 * SEG-2: the group a creature without one fights with: its side's group when the combat has one
 * (`sides`: group id by side), in segment rounds only; null otherwise (segmentGroupOf then names the side).
 */
export function sideGroupFor(
  ruleset: RulesetId,
  side: HostSide,
  sides: Readonly<Partial<Record<GroupSide, string>>>,
): string | null {
  return ruleset === "segment" ? (sides[groupSideOf(side)] ?? null) : null;
}
