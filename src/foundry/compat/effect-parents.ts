/**
 * The world's documents that hold ActiveEffects, for the one-time passes over every effect when a world
 * moves from v13 to v14 (effect-length-stamp.ts on v13, effect-migration.ts on v14): world actors, world
 * items, the items of each, and unlinked tokens' own effects (below), as Star Wars FFG's
 * v14 migration walks them (StarWarsFoundryVTT/StarWarsFFG PR #2280, modules/migration/active-effects-v14.js).
 * Compendium packs are left out (locked system packs are rebuilt with each release).
 */

/** A document holding effects, read through its effects' stored sources (`_source`). */
export interface EffectParent {
  readonly effects?: Iterable<{ readonly _source: unknown }>;
  readonly items?: Iterable<EffectParent>;
  updateEmbeddedDocuments(name: "ActiveEffect", updates: object[]): Promise<unknown>;
}

/**
 * An unlinked token's own effects (those its ActorDelta stores, `token.delta.effects`), written through
 * its synthetic actor (dnd5e migrates each unlinked token through `token.actor`, foundryvtt/dnd5e
 * module/migration.mjs `migrateWorld`). The base actor's effects the synthetic actor also shows are the
 * world actor's, passed once there: written through the token they would become copies in its delta.
 */
interface UnlinkedToken {
  actorLink?: boolean;
  actor?: EffectParent | null;
  delta?: { effects?: Iterable<{ readonly _source: unknown }> } | null;
}

function tokenParent(token: UnlinkedToken): EffectParent | null {
  const actor = token.actor;
  if (token.actorLink === true || actor === null || actor === undefined) return null;
  return {
    effects: token.delta?.effects ?? [],
    updateEmbeddedDocuments: (name, updates) => actor.updateEmbeddedDocuments(name, updates),
  };
}

export function effectParents(): EffectParent[] {
  const world = game as unknown as {
    actors?: Iterable<EffectParent>;
    items?: Iterable<EffectParent>;
    scenes?: Iterable<{ tokens?: Iterable<UnlinkedToken> }>;
  };
  const out: EffectParent[] = [...(world.actors ?? []), ...(world.items ?? [])];
  for (const scene of world.scenes ?? [])
    for (const token of scene.tokens ?? []) {
      const parent = tokenParent(token);
      if (parent !== null) out.push(parent);
    }
  return out;
}
