/**
 * A user's targets and this client's selection, over the runtime model's actors and tokens
 * (runtime/actor.ts, runtime/scene.ts): `game.user.targets` (a Set of token placeables, core's
 * UserTargets) and `canvas.tokens.controlled` (an array) hold token objects whose `actor` is the actor
 * the token stands for: a world actor for a linked token, the synthetic actor for an unlinked one
 * (dnd5e's damage application reads them so). A placeable's `document` is its TokenDocument.
 * The canvas is not modelled: a placeable is the running client's view of one token, read live, so
 * an unlinked token's synthetic actor is the current one after its delta changes.
 * Each user's targets hold tokens of that user's own copies (runtime/runtime.ts keeps them per user);
 * the selection is this client's.
 */
import type { WorldUser, World } from "./foundry-world.ts";
import { ActorModel } from "./runtime/actor.ts";
import type { TokenModel } from "./runtime/scene.ts";

export interface Placeable {
  readonly actor: ActorModel | null;
  readonly document: TokenModel | null;
}

/** A world actor (a linked token with no document on a scene) or a token on a scene. */
export type Targetable = ActorModel | TokenModel;

export interface Targeting {
  /** Sets `game.user.targets` of `user`. */
  target(user: WorldUser, targets: readonly Targetable[]): void;
  /** Sets `canvas.tokens.controlled` (this client's selection). */
  select(targets: readonly Targetable[]): void;
}

export function installTargets(world: World): Targeting {
  const g = globalThis as unknown as { game: { user: WorldUser } };
  const controlled: Placeable[] = [];
  // `game.user.targets`: the runtime model keeps each user's (runtime/runtime.ts).
  const targetsOf = (user: WorldUser): Set<Placeable> => world.runtime.targetsOf(user.id) as Set<Placeable>;
  Object.defineProperty(globalThis, "canvas", {
    value: { tokens: { controlled } },
    configurable: true,
    writable: true,
  });

  /** `userId`'s placeable of an actor or a token: that client's own copy, read live. */
  const placeable = (userId: string, target: Targetable): Placeable => {
    const client = world.runtime.clientOf(userId);
    if (target instanceof ActorModel) {
      const copy = client.actors.get(target.id ?? "");
      if (copy === undefined) throw new Error(`Runtime model: ${target.name} is not on ${userId}'s client`);
      return { actor: copy, document: null };
    }
    const token = client.copyOf("Token", target.id ?? "", target.parent?.id ?? null) as TokenModel | undefined;
    if (token === undefined) throw new Error(`Runtime model: token ${target.id ?? ""} is not on ${userId}'s client`);
    return {
      get actor() {
        return token.actor;
      },
      document: token,
    };
  };

  return {
    target(user, targets) {
      const set = targetsOf(user);
      set.clear();
      for (const target of targets) set.add(placeable(user.id, target));
    },
    select(targets) {
      controlled.splice(0, controlled.length, ...targets.map((t) => placeable(g.game.user.id, t)));
    },
  };
}
