/**
 * Unlinked tokens for the damage double (damage-double.ts): what a deploy puts on the scene for every
 * NPC (its tokens are made with `actorLink: false`). Modelled on how open v13 systems treat them:
 * - An unlinked token's actor is a synthetic actor: the base world actor's data with the token's
 *   ActorDelta (`token.delta`) merged over it. `actor.isToken` is true, `actor.token` is the token
 *   document and `token.parent` its scene; the actor keeps its base actor's id and its UUID is
 *   `Scene.<scene>.Token.<token>.Actor.<actor>` (pf2e's ActorDeltaPF2e resets the synthetic actor
 *   whenever the delta changes; dnd5e and pf2e resolve such UUIDs with `fromUuid`).
 * - `scene.updateEmbeddedDocuments("Token", [{ _id, delta: { system } }, …])` is ONE write for several
 *   tokens; each `delta` merges key by key into the token's delta and the synthetic actor is rebuilt.
 *   The RuneQuest system (sun-dragon-cult/fvtt-system-rqg) writes unlinked tokens' actor data this way,
 *   one batch per scene beside one `Actor.updateDocuments` for linked actors.
 * - A user may update the token when they may update its actor (the GM, or the base actor's owners:
 *   token ownership follows the actor's); one refused or invalid token refuses the whole batch and
 *   nothing is written. A synthetic actor's own `actor.update(…)` is one token write of its own.
 * The base actor is never changed by any of this (the tests check it stays as it was).
 */
import { SystemActorDouble } from "./damage-double.ts";
import { foundryMerge, type UserDouble, type World } from "./foundry-world.ts";

type Obj = Record<string, unknown>;

export interface UnlinkedTokenDouble {
  readonly id: string;
  readonly parent: UnlinkedSceneDouble;
  readonly actorLink: false;
  /** The token's ActorDelta source: what its actor has that the base actor has not. */
  delta: { system: Obj };
  readonly actor: TokenActorDouble;
}

/** The synthetic actor of an unlinked token. */
export class TokenActorDouble extends SystemActorDouble {
  override readonly isToken: boolean = true;
  #token: UnlinkedTokenDouble | null = null;
  constructor(readonly base: SystemActorDouble) {
    super(base.double, base.world, base.id, base.name, [...base.owners], base.type, base.source);
  }
  get token(): UnlinkedTokenDouble {
    if (this.#token === null) throw new Error("Foundry double: a synthetic actor without its token");
    return this.#token;
  }
  set token(token: UnlinkedTokenDouble) {
    this.#token = token;
  }
  override get uuid(): string {
    return `Scene.${this.token.parent.id}.Token.${this.token.id}.Actor.${this.id}`;
  }
  /** The actor's own update is a write of its token's delta, one per call. */
  override async update(changes: Obj): Promise<this> {
    const system: Obj = {};
    for (const [path, value] of Object.entries(changes)) {
      const parts = path.split(".");
      if (parts[0] !== "system") throw new Error(`Foundry double: only system data here, not ${path}`);
      let node = system;
      for (const part of parts.slice(1, -1)) node = (node[part] ??= {}) as Obj;
      node[parts.at(-1) ?? ""] = value;
    }
    await this.token.parent.updateEmbeddedDocuments("Token", [{ _id: this.token.id, delta: { system } }]);
    return this;
  }
}

export class UnlinkedSceneDouble {
  readonly documentName = "Scene";
  readonly tokens = new Map<string, UnlinkedTokenDouble>();
  constructor(
    readonly id: string,
    readonly world: World,
  ) {}
  async updateEmbeddedDocuments(name: string, list: Obj[]): Promise<UnlinkedTokenDouble[]> {
    if (name !== "Token") throw new Error(`Foundry double: this scene holds no ${name}`);
    const user = (globalThis as unknown as { game: { user: UserDouble } }).game.user;
    const checked = list.map((change) => {
      const token = this.tokens.get(String(change._id));
      if (token === undefined) throw new Error(`Foundry double: no token ${String(change._id)}`);
      if (!token.actor.canUserModify(user, "update"))
        throw new Error(`Foundry double: ${user.id} may not update ${token.actor.name}`);
      const system = ((change.delta as Obj | undefined)?.system as Obj | undefined) ?? {};
      return { token, system, next: token.actor.candidateSystem(system) };
    });
    this.world.writes.push({ document: "Token", userId: user.id, bytes: 0, data: structuredClone(list) });
    for (const { token, system, next } of checked) {
      token.delta = { system: foundryMerge(token.delta.system, system) };
      token.actor.commit(next);
    }
    return checked.map((c) => c.token);
  }
}

export interface UnlinkedTokens {
  readonly scene: UnlinkedSceneDouble;
  /** An unlinked token of `base` on the scene, as a deploy makes for an NPC; returns its synthetic actor. */
  place(base: SystemActorDouble): TokenActorDouble;
}

/** Installs one scene of unlinked tokens; `fromUuid` then also resolves their synthetic actors. */
export function installUnlinkedTokens(world: World, sceneId = "sceneUnlinked001"): UnlinkedTokens {
  const scene = new UnlinkedSceneDouble(sceneId, world);
  const synthetic = new Map<string, TokenActorDouble>();
  const previous = (globalThis as unknown as { fromUuid: (uuid: string) => Promise<unknown> }).fromUuid;
  Object.defineProperty(globalThis, "fromUuid", {
    value: async (uuid: string) => synthetic.get(uuid) ?? previous(uuid),
    configurable: true,
    writable: true,
  });
  let next = 0;
  return {
    scene,
    place(base) {
      const actor = new TokenActorDouble(base);
      const id = `tokUnlinked${String(++next).padStart(5, "0")}`;
      const token: UnlinkedTokenDouble = { id, parent: scene, actorLink: false, delta: { system: {} }, actor };
      actor.token = token;
      scene.tokens.set(id, token);
      synthetic.set(actor.uuid, actor);
      return actor;
    },
  };
}
