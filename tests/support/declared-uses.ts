/**
 * Issue 11, issue 18: the declared-use records a combatant has (src/foundry/combat/declared-uses.ts):
 * on its document for a player's creature, in the active GM's browser for one whose record is withheld
 * from players (secret-uses.ts: `tempo.secretUses.<world>.<combat>.<combatant>`).
 */
import type { World } from "./foundry-world.ts";

type Obj = Record<string, unknown>;

/** The record on the combatant's document (`system.declaredUses`). */
export function documentUses(combat: Combat.Implementation, combatantId: string): Obj {
  const combatant = combat.combatants.get(combatantId) as unknown as { system: { declaredUses?: Obj } } | undefined;
  return combatant?.system.declaredUses ?? {};
}

/** The record the GM's browser keeps for the combatant ({} when none). */
export function gmKeptUses(world: World, combat: Combat.Implementation, combatantId: string): Obj {
  const tail = `.${combat.id ?? "-"}.${combatantId}`;
  const storage = world.runtime.browserStorage(world.gm.id).snapshot();
  for (const [key, value] of storage)
    if (key.startsWith("tempo.secretUses.") && key.endsWith(tail)) return JSON.parse(value) as Obj;
  return {};
}
