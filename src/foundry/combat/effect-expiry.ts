/**
 * DUR-1: the active GM switches timed effects off when they expire and back on when an undo goes back
 * before their expiry, with ONE ActiveEffect update per actor per step.
 *
 * An expired effect is disabled (`disabled: true`) and marked `flags.tempo.expired`, not deleted: the
 * modules that expire effects (Times Up, "Automated Effect Expiration") delete or disable, and only a
 * disabled effect can come back when the GM undoes the step, so undo never loses an effect the GM did
 * not delete. It stays on the actor's sheet, inactive, for the GM to delete or enable. An undo
 * re-enables only effects Tempo itself switched off (the mark); an effect the GM disabled is left as
 * it is, and so is one that was already disabled when it expired.
 */
import { eventString, type HostEvent } from "../../engine/index.ts";
import { deletionOf } from "../compat/deletion.ts";

interface EffectUpdate {
  readonly _id: string;
  readonly disabled: boolean;
  readonly flags: { readonly tempo: Record<string, unknown> };
}

/** Whether Tempo switched this effect off (its `flags.tempo.expired` mark). */
export function expiredByTempo(effect: { readonly flags: unknown }): boolean {
  const flags = effect.flags as { readonly tempo?: { readonly expired?: unknown } } | null | undefined;
  return flags?.tempo?.expired === true;
}

function updateFor(
  combat: Combat.Implementation,
  event: HostEvent,
): { actor: Actor.Implementation; update: EffectUpdate } | null {
  const combatantId = eventString(event, "combatantId");
  const effectId = eventString(event, "effectId");
  const actor = combatantId === null ? null : (combat.combatants.get(combatantId)?.actor ?? null);
  const effect = effectId === null || actor === null ? undefined : actor.effects.get(effectId);
  if (actor === null || effect === undefined || effectId === null) return null;
  if (event.type === "effectExpired" && !effect.disabled) {
    return { actor, update: { _id: effectId, disabled: true, flags: { tempo: { expired: true } } } };
  }
  if (event.type === "effectRestored" && effect.disabled && expiredByTempo(effect)) {
    return { actor, update: { _id: effectId, disabled: false, flags: { tempo: deletionOf("expired") } } };
  }
  return null;
}

/** Applies a step's `effectExpired` / `effectRestored` events: one batched update per actor. */
export async function applyEffectTiming(combat: Combat.Implementation, events: readonly HostEvent[]): Promise<void> {
  const byActor = new Map<Actor.Implementation, EffectUpdate[]>();
  for (const event of events) {
    if (event.type !== "effectExpired" && event.type !== "effectRestored") continue;
    const found = updateFor(combat, event);
    if (found === null) continue;
    const list = byActor.get(found.actor) ?? [];
    list.push(found.update);
    byActor.set(found.actor, list);
  }
  for (const [actor, updates] of byActor) {
    // `flags.tempo` is Tempo's own flag scope, which the document types do not list.
    await actor.updateEmbeddedDocuments("ActiveEffect", updates as unknown as ActiveEffect.UpdateData[]);
  }
}
