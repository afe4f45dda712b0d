/**
 * The groups a combat starts with when the GM made none (ROT-5 enemy groups, SEG-2 one group per side;
 * decided by the engine's `defaultGroupPlan`), made by the active GM just before `start`: the groups in
 * ONE `createEmbeddedDocuments` call, core's `combatant.group` in one Combatant update, the engine in
 * one Combat update. A side group (SEG-2) moves nobody: its members keep no group of their own, the
 * engine already holds them in their side's group, and every client derives their `combatant.group`
 * (membership.ts), so a segment start writes the two groups and the Combat, nothing per creature. Enemies are grouped by actor; a group is named after its side, or after its first
 * member ("Goblin 2" when one kind makes several groups).
 */
import {
  defaultGroupPlan,
  ok,
  regroupCombatants,
  type HostCombatant,
  type PlannedGroup,
  type Result,
} from "../../../engine/index.ts";
import { TEMPO_GROUP_TYPE } from "../../data/combatant-group/combatant-group-model.ts";
import { hostCombatantOf } from "../../data/combatant/combatant-model.ts";
import { readableCombat } from "../tempo-model.ts";
import { TEMPO_GROUPS_OPTION } from "./membership.ts";

function nameOf(combat: Combat.Implementation, group: PlannedGroup, plan: readonly PlannedGroup[]): string {
  if (group.side === "party") return game.i18n.localize("TEMPO.GROUPS.Party");
  if (group.side === "enemies") return game.i18n.localize("TEMPO.GROUPS.Enemies");
  const first = combat.combatants.get(group.members[0] ?? "");
  const name = first?.name ?? "";
  const several = plan.filter((g) => g.kind === group.kind).length > 1;
  return several ? game.i18n.format("TEMPO.GROUPS.Kind", { name, number: String(group.number) }) : name;
}

/** The engine state with the default groups joined, and each member's new group (written with the start). */
export interface StartGroups {
  readonly state: unknown;
  readonly groups: ReadonlyMap<string, string | null>;
}

/**
 * Makes the default groups of a combat not started yet (the CombatantGroup documents, in one creation)
 * and returns the engine regrouped, for the caller to start and write with the members' `group` in the
 * start's one Combatant update; null when the GM made groups or the rules want none.
 */
export async function startGroups(combat: Combat.Implementation): Promise<Result<StartGroups | null>> {
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const { model, state } = read.value;
  const host = model.host;
  if (host.started(state)) return ok(null);
  const known = new Set(host.order(state));
  const facts = new Map<string, HostCombatant>();
  for (const combatant of combat.combatants)
    if (combatant.id !== null && known.has(combatant.id)) facts.set(combatant.id, hostCombatantOf(combatant));
  const candidates = [...facts.values()].map((c) => ({
    id: c.id,
    side: c.side,
    groupId: c.groupId,
    kind: combat.combatants.get(c.id)?.actorId ?? null,
  }));
  const plan = defaultGroupPlan(model.ruleset, model.hostOptions, candidates, combat.groups.size);
  if (plan.length === 0) return ok(null);
  const ids = plan.map(() => foundry.utils.randomID());
  // SEG-2, issue 17: a side group's members stay without a group of their own: the engine already holds
  // them in their side's group (membership.ts), and every client derives their `combatant.group`.
  const moves = plan.flatMap((group, i) =>
    group.side !== null
      ? []
      : group.members.flatMap((id) => {
          const c = facts.get(id);
          return c === undefined ? [] : [{ ...c, groupId: ids[i] ?? null }];
        }),
  );
  const moved = regroupCombatants(host, state, moves);
  if (!moved.ok) return moved;
  const groups = plan.map((group, i) => ({
    _id: ids[i],
    name: nameOf(combat, group, plan),
    type: TEMPO_GROUP_TYPE,
    system: { side: group.side },
  }));
  const options = { keepId: true, [TEMPO_GROUPS_OPTION]: true };
  await combat.createEmbeddedDocuments("CombatantGroup", groups as never, options as never);
  return ok({ state: moved.value.state, groups: new Map(moves.map((m) => [m.id, m.groupId])) });
}
