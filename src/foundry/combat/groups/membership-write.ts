/**
 * Writes one membership change: ONE Combatant update carrying core's `group` for the combatants that
 * move (their initiative is derived from the engine's state on every client: combatant-model.ts), then
 * the engine's step in one Combat update (write-step.ts). Tempo's own writes carry `tempoGroups`: the
 * engine already holds them and group-sync.ts leaves them alone.
 */
import type { AnyRulesetHost, CombatStep } from "../../../engine/index.ts";
import { writeStep } from "../write-step.ts";
import { ownGroupOf, TEMPO_GROUPS_OPTION } from "./membership.ts";

export async function writeMembership(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  step: CombatStep | null,
  groups: ReadonlyMap<string, string | null>,
): Promise<void> {
  const changes: { _id: string; group: string | null }[] = [];
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (id === null) continue;
    const group = groups.get(id);
    if (group !== undefined && group !== ownGroupOf(combatant)) changes.push({ _id: id, group });
  }
  if (changes.length > 0)
    await combat.updateEmbeddedDocuments("Combatant", changes, { [TEMPO_GROUPS_OPTION]: true } as never);
  if (step !== null) await writeStep(combat, host, step);
}
