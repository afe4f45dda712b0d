/**
 * Issue 18 item 3: a creature the GM hides (or shows) changes what the published state may tell
 * (engine/host/published.ts): the active GM writes the state it holds again at once, published for the
 * new secrecy, as a step that changes nothing else (no history, no events, no clock). Hiding cannot take
 * back what players' clients already received; it withholds from now on.
 */
import type { CombatStep } from "../../engine/index.ts";
import { readableCombat } from "./tempo-model.ts";
import { changesPublished, writeStep } from "./write-step.ts";

/** Whether a Combatant update changed who is hidden. */
export function changesHidden(changes: readonly Record<string, unknown>[]): boolean {
  return changes.some((change) => "hidden" in change);
}

/** Writes `combat`'s state again in its published form, when that differs from what the document holds. */
export async function republish(combat: Combat.Implementation): Promise<void> {
  const read = readableCombat(combat);
  if (!read.ok) return;
  const { model, stored, state } = read.value;
  const step: CombatStep = { state, stored, update: null, events: [], requests: [], seconds: 0 };
  if (changesPublished(combat, model.host, step))
    await writeStep(combat, model.host, step, new Map(), [], new Map(), false);
}
