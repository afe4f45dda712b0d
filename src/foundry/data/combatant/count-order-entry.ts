import type { CountOrderEntry } from "../../../engine/initiative/index.ts";
import { TempoCombatantModel } from "./combatant-model.ts";

/** What the count track reads from a Combatant; `null` while it has no count yet. */
export function countOrderEntry(combatant: Combatant.Implementation): CountOrderEntry | null {
  const system = combatant.system;
  if (!(system instanceof TempoCombatantModel) || system.count === null) return null;
  return { id: combatant.id ?? "", count: system.count, contest: [...system.contest] };
}
