/**
 * CNT-14 (ruling, ITEM_USE_RULINGS.deathSaveTally): the death save tally kept on the combatant
 * (`flags.tempo.deathSaves`): read for the end step's cards (a stable or dead creature gets none) and
 * started over, after a step, for the creatures that fell unconscious or woke (engine:
 * deathTallyResets). One Combatant write per creature with a tally to clear; none otherwise.
 */
import {
  ITEM_USE_RULINGS,
  deathSaveState,
  deathTallyResets,
  readDeathSaveTally,
  type DeathSaveTally,
} from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The combatant's stored tally, as stored. */
export function deathSavesOf(combatant: Combatant.Implementation): unknown {
  const flags = combatant.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[SYSTEM_ID]?.[ITEM_USE_RULINGS.deathSaveTally.flag];
}

/** Whether the combatant is past its death saves (stable or dead by the tally). */
export function deathSavesOver(combatant: Combatant.Implementation): boolean {
  return deathSaveState(readDeathSaveTally(deathSavesOf(combatant))) !== "dying";
}

/** Writes a tally on the combatant (one update). */
export async function writeDeathTally(combatant: Combatant.Implementation, tally: DeathSaveTally): Promise<void> {
  const flags = { [SYSTEM_ID]: { [ITEM_USE_RULINGS.deathSaveTally.flag]: { ...tally } } };
  await combatant.update({ flags } as Combatant.UpdateData);
}

/** After a step: starts over the tallies its events reset. */
export async function resetDeathTallies(
  combat: Combat.Implementation,
  events: readonly { readonly type: string }[],
): Promise<void> {
  const tallyOf = (id: string): DeathSaveTally => {
    const combatant = combat.combatants.get(id);
    return readDeathSaveTally(combatant === undefined ? null : deathSavesOf(combatant));
  };
  for (const id of deathTallyResets(events, tallyOf)) {
    const combatant = combat.combatants.get(id);
    if (combatant !== undefined) await writeDeathTally(combatant, { successes: 0, failures: 0 });
  }
}
