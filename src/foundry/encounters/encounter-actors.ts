/**
 * The actors an encounter names, found by UUID (`fromUuid`, world or compendium), and the world actors
 * its tokens need: a token stands for a world actor, so a compendium actor is imported first, once, as
 * dnd5e and Draw Steel do when a compendium actor is dropped on a scene (`game.actors.fromCompendium`
 * then `Actor.createDocuments`). A world actor imported from that compendium entry before
 * (`_stats.compendiumSource`) is reused. All imports are ONE batched creation; their ids are returned so
 * an undo can remove exactly them.
 */
import { isActor } from "../document-kinds.ts";

/** The actors found, by UUID; a UUID that names no actor is left out (the caller reports it by name). */
export async function findActors(uuids: readonly string[]): Promise<Map<string, Actor.Implementation>> {
  const found = new Map<string, Actor.Implementation>();
  for (const uuid of new Set(uuids)) {
    // A pack that is not installed throws: missing, like an id that is not in it.
    const doc: unknown = await fromUuid(uuid as `Actor.${string}`).catch(() => null);
    if (isActor(doc) && doc.type !== "encounter") found.set(uuid, doc);
  }
  return found;
}

export interface WorldActors {
  /** The world actor standing for each UUID. */
  readonly byUuid: ReadonlyMap<string, Actor.Implementation>;
  /** Ids of the actors imported now (for undo). */
  readonly imported: readonly string[];
}

function compendiumSourceOf(actor: Actor.Implementation): string | null {
  const stats: unknown = Reflect.get(actor, "_stats");
  const source = typeof stats === "object" && stats !== null ? Reflect.get(stats, "compendiumSource") : null;
  return typeof source === "string" ? source : null;
}

/** World actors for the found ones: compendium actors reused or imported in one batch. */
export async function worldActors(found: ReadonlyMap<string, Actor.Implementation>): Promise<WorldActors> {
  const byUuid = new Map<string, Actor.Implementation>();
  const toImport: [string, Actor.Implementation][] = [];
  for (const [uuid, actor] of found) {
    if (actor.pack === null) {
      byUuid.set(uuid, actor);
      continue;
    }
    const copy = game.actors.find((a) => compendiumSourceOf(a) === uuid);
    if (copy !== undefined) byUuid.set(uuid, copy);
    else toImport.push([uuid, actor]);
  }
  if (toImport.length === 0) return { byUuid, imported: [] };
  const data = toImport.map(([, actor]) => game.actors.fromCompendium(actor));
  const created = (await Actor.implementation.createDocuments(data as never)) as readonly Actor.Implementation[];
  const imported: string[] = [];
  created.forEach((actor, i) => {
    const uuid = toImport[i]?.[0];
    if (uuid !== undefined) byUuid.set(uuid, actor);
    if (actor.id !== null) imported.push(actor.id);
  });
  return { byUuid, imported };
}
