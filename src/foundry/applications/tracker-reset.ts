/**
 * The tracker context of a Tempo combat that must be reset (its model's `resetReason`, combat-model.ts),
 * or null when it can run (or is not Tempo's). The view decides what is shown (reset-context.ts).
 */
import { buildResetTrackerContext } from "../../view/tracker/reset-context.ts";
import type { TrackerContext } from "../../view/tracker/tracker-context.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";

export function resetTrackerContextOf(combat: Combat.Implementation, user: User.Implementation): TrackerContext | null {
  const model = tempoModelOf(combat);
  if (model?.resetReason == null) return null;
  return buildResetTrackerContext(model.ruleset, user.isGM, model.resetReason);
}
