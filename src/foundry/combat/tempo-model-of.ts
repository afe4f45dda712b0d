import { TempoCombatModel } from "../data/combat/combat-model.ts";

/** The combat's Tempo data, or null for a combat of another type (core's `base`, a module's). */
export function tempoModelOf(combat: Combat.Implementation | null | undefined): TempoCombatModel | null {
  const system: unknown = combat?.system;
  return system instanceof TempoCombatModel ? system : null;
}
