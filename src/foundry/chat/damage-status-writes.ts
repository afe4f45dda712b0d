/**
 * The statuses a damage card's Apply sets and its Undo takes off (engine: damage-statuses.ts), written
 * with the hit points: per creature at most ONE ActiveEffect write (a batched create on Apply, a
 * batched delete on Undo), none when nothing changes. The writes carry no Tempo mark on purpose: in a
 * running combat they reach the engine like a token HUD toggle (conditions/status-sync.ts: unconscious
 * holds the creature at count 20 in count and defeats it elsewhere, core's defeated status defeats it).
 */
import { effectsCarrying, statusEffectData } from "../conditions/status-effect-data.ts";

export interface StatusWrite {
  readonly actor: Actor.Implementation;
  /** Engine-named statuses to set (Apply) or to take off (Undo). */
  readonly statuses: readonly string[];
}

/** Apply: one create per creature with statuses to set. */
export async function setStatuses(writes: readonly StatusWrite[]): Promise<void> {
  for (const { actor, statuses } of writes) {
    const data = statuses.map(statusEffectData).filter((d) => d !== null);
    if (data.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", data);
  }
}

/** Undo: one delete per creature still showing a status the Apply set. */
export async function clearStatuses(writes: readonly StatusWrite[]): Promise<void> {
  for (const { actor, statuses } of writes) {
    const ids = effectsCarrying(actor, statuses);
    if (ids.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  }
}
