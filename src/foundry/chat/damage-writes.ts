/**
 * Writes new hit point and overshield values to several creatures at once. World actors (linked
 * tokens) go in ONE `Actor.updateDocuments` call; an unlinked token's synthetic actor is a different
 * document (its data lives in the token's delta), so each of those is one `actor.update`. Public
 * systems batch damage the same way: a linked-actor list through `Actor.updateDocuments` and unlinked
 * token actors one by one (e.g. the `bulkApplyHp` helper of a public Pokémon-style system).
 */
import type { StoredHealth } from "../../engine/index.ts";

export interface HealthWrite {
  readonly actor: Actor.Implementation;
  readonly values: Partial<StoredHealth>;
}

function changesOf(values: Partial<StoredHealth>): Record<string, number> {
  const changes: Record<string, number> = {};
  if (values.hp !== undefined) changes["system.hp.value"] = values.hp;
  if (values.overshield !== undefined) changes["system.overshield.value"] = values.overshield;
  return changes;
}

/** Writes every non-empty change: one batched update for world actors, one per unlinked token actor. */
export async function writeHealth(writes: readonly HealthWrite[]): Promise<void> {
  const batch: Record<string, unknown>[] = [];
  const synthetic: Promise<unknown>[] = [];
  for (const { actor, values } of writes) {
    const changes = changesOf(values);
    if (Object.keys(changes).length === 0) continue;
    if (actor.isToken) synthetic.push(actor.update(changes));
    else batch.push({ _id: actor.id, ...changes });
  }
  if (batch.length > 0) await Actor.implementation.updateDocuments(batch as Actor.UpdateData[]);
  await Promise.all(synthetic);
}
