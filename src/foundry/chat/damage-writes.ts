/**
 * Writes new hit point and overshield values to several creatures at once, in as few writes as the
 * documents allow:
 * - world actors (linked tokens, player characters) in ONE `Actor.updateDocuments` call;
 * - unlinked tokens (every deployed NPC) in ONE `scene.updateEmbeddedDocuments("Token", …)` call per
 *   scene. In v13 an unlinked token's synthetic actor keeps its own data in the token's ActorDelta
 *   (`token.delta`), so a token update `{ _id, delta: { system: {…} } }` changes that actor; open systems
 *   batch unlinked tokens exactly so beside one `Actor.updateDocuments` for linked actors (the RuneQuest
 *   system sun-dragon-cult/fvtt-system-rqg writes `{ _id: token.id, delta: {…} }` through
 *   `scene.updateEmbeddedDocuments("Token", …)`, and pf2e's ActorDeltaPF2e rebuilds the synthetic actor
 *   whenever that delta changes).
 * A synthetic actor without a token on a scene (not a case damage targets give) is updated on its own.
 */
import type { StoredHealth, StoredOvershield } from "../../engine/index.ts";

export interface HealthWrite {
  readonly actor: Actor.Implementation;
  readonly values: Partial<StoredHealth>;
  /** OSH-5: the whole overshield a grant (or its Undo) writes, in the same update; null or absent: none. */
  readonly shield?: StoredOvershield | null;
}

type SystemChange = Record<string, Record<string, unknown>>;

/** The changed fields as system data (`{ hp: { value } }`), or null when nothing changes. */
function systemOf(write: HealthWrite): SystemChange | null {
  const { values } = write;
  const system: SystemChange = {};
  if (values.hp !== undefined) system.hp = { value: values.hp };
  if (values.overshield !== undefined) system.overshield = { value: values.overshield };
  if (write.shield !== undefined && write.shield !== null) system.overshield = { ...write.shield };
  return Object.keys(system).length === 0 ? null : system;
}

/** The same change as dotted actor update keys (`"system.hp.value"`). */
function dotted(system: SystemChange): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(system).flatMap(([field, values]) =>
      Object.entries(values).map(([key, value]) => [`system.${field}.${key}`, value]),
    ),
  );
}

interface TokenDelta {
  readonly _id: string;
  readonly delta: { readonly system: SystemChange };
}

/** Writes every non-empty change: one batch for world actors, one token batch per scene. */
export async function writeHealth(writes: readonly HealthWrite[]): Promise<void> {
  const worldActors: Record<string, unknown>[] = [];
  const scenes = new Map<Scene.Implementation, TokenDelta[]>();
  const alone: HealthWrite[] = [];
  for (const write of writes) {
    const system = systemOf(write);
    if (system === null) continue;
    const { actor } = write;
    if (!actor.isToken) {
      worldActors.push({ _id: actor.id, ...dotted(system) });
      continue;
    }
    const token = actor.token;
    const scene = token?.parent ?? null;
    if (token === null || scene === null || token.id === null) {
      alone.push(write);
      continue;
    }
    const batch = scenes.get(scene) ?? [];
    batch.push({ _id: token.id, delta: { system } });
    scenes.set(scene, batch);
  }
  if (worldActors.length > 0) await Actor.implementation.updateDocuments(worldActors as Actor.UpdateData[]);
  for (const [scene, deltas] of scenes) await scene.updateEmbeddedDocuments("Token", deltas);
  for (const write of alone) {
    const system = systemOf(write);
    if (system !== null) await write.actor.update(dotted(system));
  }
}
