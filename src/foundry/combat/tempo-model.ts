import { err, ok, readStoredCombat, type Result, type StoredCombat } from "../../engine/index.ts";
import { TempoCombatModel } from "../data/combat/combat-model.ts";

/** The combat's Tempo data, or null for a combat of another type (core's `base`, a module's). */
export function tempoModelOf(combat: Combat.Implementation | null | undefined): TempoCombatModel | null {
  const system: unknown = combat?.system;
  return system instanceof TempoCombatModel ? system : null;
}

/** A Tempo combat whose stored engine reads back: its model, its stored form and the state. */
export interface ReadableCombat {
  readonly model: TempoCombatModel;
  readonly stored: StoredCombat;
  readonly state: unknown;
}

/**
 * The combat's model, stored form and engine state, or why there are none: `Host.NotTempo` for a
 * combat of another type, `Host.InvalidState` for one whose stored engine does not read back.
 */
export function readableCombat(combat: Combat.Implementation | null | undefined): Result<ReadableCombat> {
  const model = tempoModelOf(combat);
  if (model === null) return err("TEMPO.ERRORS.Host.NotTempo");
  const stored = readStoredCombat(model);
  if (stored === null || model.state === null) return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: model.ruleset });
  return ok({ model, stored, state: model.state });
}
