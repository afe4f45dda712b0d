import { err, ok, readStoredCombat, type Result, type StoredCombat } from "../../engine/index.ts";
import { TempoCombatModel } from "../data/combat/combat-model.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";

import { tempoModelOf } from "./tempo-model-of.ts";

export { tempoModelOf } from "./tempo-model-of.ts";

/** A Tempo combat whose stored engine reads back: its model, its stored form and the state. */
export interface ReadableCombat {
  readonly model: TempoCombatModel;
  readonly stored: StoredCombat;
  readonly state: unknown;
}

/**
 * The combat's model, stored form and engine state, or why there are none: `Host.NotTempo` for a
 * combat of another type, `Host.InvalidState` for one whose stored engine does not read back (unless
 * `forReset`: a Reset replaces it).
 */
export function readableCombat(
  combat: Combat.Implementation | null | undefined,
  forReset = false,
): Result<ReadableCombat> {
  const model = tempoModelOf(combat);
  if (model === null) return err("TEMPO.ERRORS.Host.NotTempo");
  // Issue 17: this client's own last step is taken as it wrote it (combat/state-cache.ts).
  const stored = model.cachedStored ?? readStoredCombat(model);
  if (stored !== null && model.state === null && forReset) return resettable(combat, model, stored);
  if (stored === null || model.state === null) return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: model.ruleset });
  return ok({ model, stored, state: model.state });
}

/**
 * A combat whose stored state does not read back (saved by another Tempo: `model.resetReason`), for the
 * GM's Reset only: its state is the encounter rebuilt from its combatants, so the reset moves no clock.
 */
function resettable(
  combat: Combat.Implementation | null | undefined,
  model: TempoCombatModel,
  stored: StoredCombat,
): Result<ReadableCombat> {
  const combatants = combat?.combatants.contents.map((c) => hostCombatantOf(c)) ?? [];
  const created = model.host.create(combatants, model.hostOptions);
  return created.ok ? ok({ model, stored, state: created.value }) : created;
}
