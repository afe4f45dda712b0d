/**
 * The world's documents that hold ActiveEffects, for the one-time passes over every effect when a world
 * moves from v13 to v14 (effect-length-stamp.ts on v13, effect-migration.ts on v14): world actors, world
 * items, the items of each, and unlinked tokens' actors (whose effects are their own), as Star Wars FFG's
 * v14 migration walks them (StarWarsFoundryVTT/StarWarsFFG PR #2280, modules/migration/active-effects-v14.js).
 * Compendium packs are left out (locked system packs are rebuilt with each release).
 */

/** A document holding effects, read through its effects' stored sources (`_source`). */
export interface EffectParent {
  readonly effects?: Iterable<{ readonly _source: unknown }>;
  readonly items?: Iterable<EffectParent>;
  updateEmbeddedDocuments(name: "ActiveEffect", updates: object[]): Promise<unknown>;
}

export function effectParents(): EffectParent[] {
  const world = game as unknown as {
    actors?: Iterable<EffectParent>;
    items?: Iterable<EffectParent>;
    scenes?: Iterable<{ tokens?: Iterable<{ actorLink?: boolean; actor?: EffectParent | null }> }>;
  };
  const out: EffectParent[] = [...(world.actors ?? []), ...(world.items ?? [])];
  for (const scene of world.scenes ?? [])
    for (const token of scene.tokens ?? []) if (token.actorLink !== true && token.actor) out.push(token.actor);
  return out;
}
