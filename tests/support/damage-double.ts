/**
 * Actors with Tempo system data, tokens to target and select, and the calls damage application makes,
 * installed over the world double (foundry-world.ts) and the chat messages of the runtime model (runtime/chat.ts):
 * - `actor.system` is the registered actor model (CONFIG.Actor.dataModels[type]) built from the source;
 *   an update merges dotted keys (`"system.hp.value"`) into the source, then the model's
 *   `validateJoint` runs on the result and a throw refuses the whole write, as Foundry's Crucible system
 *   shows for TypeDataModel.validateJoint; `prepareDerivedData` runs after every write.
 * - `Actor.implementation.updateDocuments(list)` is ONE write for several world actors (Foundry API:
 *   "update multiple Documents in a single transaction"); a user lacking permission on any of them
 *   makes the whole batch fail and nothing is written. The GM and the actor's owners may update it
 *   (`canUserModify(user, "update")`).
 * - `fromUuid("Actor.<id>")` resolves world actors; `game.user.targets` (a Set of tokens, core's
 *   UserTargets) and `canvas.tokens.controlled` (an array) hold token objects whose `actor` is the
 *   linked world actor, as dnd5e's damage application reads them.
 * Actors made here are world actors (`isToken` false); unlinked tokens' synthetic actors, built on
 * them, are in unlinked-token-double.ts.
 * Actors of the runtime model (world.addActor, runtime/actor.ts) pass through: their updates are the
 * model's `Actor.updateDocuments`, `fromUuid` gives the running client's own copy, and a user's
 * targets (or this client's selection) hold tokens of that user's (this client's) own copy.
 */
import { ActorDouble } from "./actor-double.ts";
import { foundryMerge, type UserDouble, type World } from "./foundry-world.ts";
import { ActorModel } from "./runtime/actor.ts";

type Obj = Record<string, unknown>;

interface ModelClass {
  new (data: Obj, options: Obj): { prepareDerivedData(): void };
  validateJoint(data: Obj): void;
}

export interface TokenDouble {
  readonly actor: SystemActorDouble | ActorModel;
}

/** Expands `{"system.hp.value": 3}` into `{system: {hp: {value: 3}}}` (Foundry's expandObject). */
function expand(changes: Obj): Obj {
  const out: Obj = {};
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node[part] = typeof next === "object" && next !== null ? next : {};
      node = node[part] as Obj;
    }
    node[parts.at(-1) ?? ""] = value;
  }
  return out;
}

export class SystemActorDouble extends ActorDouble {
  readonly isToken: boolean = false;
  system: unknown = null;
  _systemSource: Obj;
  constructor(
    readonly double: DamageDouble,
    world: ConstructorParameters<typeof ActorDouble>[0],
    id: string,
    name: string,
    owners: readonly string[],
    readonly type: "character" | "npc",
    system: Obj,
  ) {
    super(world, id, name, owners);
    this._systemSource = structuredClone(system);
    this.#build();
    // The stored source is the cleaned one, every field filled with its initial value, as Foundry stores it.
    const { parent: _parent, derived: _derived, ...cleaned } = this.system as Obj;
    this._systemSource = structuredClone(cleaned);
  }
  #modelClass(): ModelClass {
    const config = (globalThis as unknown as { CONFIG: { Actor: { dataModels: Record<string, ModelClass> } } }).CONFIG;
    const Model = config.Actor.dataModels[this.type];
    if (Model === undefined) throw new Error(`Foundry double: no actor model ${this.type}`);
    return Model;
  }
  #build(): void {
    const model = new (this.#modelClass())(structuredClone(this._systemSource), { parent: this });
    this.system = model;
    model.prepareDerivedData();
  }
  canUserModify(user: UserDouble, _action: string): boolean {
    return user.isGM || this.owners.has(user.id);
  }
  /** The merged source an update would leave, checked by the model (throws to refuse). */
  candidate(changes: Obj): Obj {
    return this.candidateSystem((expand(changes).system as Obj | undefined) ?? {});
  }
  /** The merged source a system-data change would leave, checked by the model (throws to refuse). */
  candidateSystem(system: Obj): Obj {
    const next = foundryMerge(this._systemSource, system);
    this.#modelClass().validateJoint(next);
    return next;
  }
  commit(next: Obj): void {
    this._systemSource = next;
    this.#build();
  }
  /**
   * The changes as the writing client sends them: expanded, then given to the model's `_preUpdate`
   * (Foundry's document `_preUpdate` forwards them to its TypeDataModel), which may adjust them.
   */
  async prepared(changes: Obj, user: UserDouble): Promise<Obj> {
    const expanded = expand(changes);
    const model = this.system as { _preUpdate(c: Obj, o: Obj, u: unknown): Promise<unknown> };
    await model._preUpdate(expanded, {}, user);
    return expanded;
  }
  async update(changes: Obj): Promise<this> {
    const user = this.world.current() as UserDouble;
    if (!this.canUserModify(user, "update")) throw new Error(`Foundry double: ${user.id} may not update ${this.name}`);
    const next = this.candidateSystem(((await this.prepared(changes, user)).system as Obj | undefined) ?? {});
    this.world.writes.push({ document: "Actor", userId: user.id, bytes: 0, data: [{ _id: this.id, ...changes }] });
    this.commit(next);
    return this;
  }
  /** The stored system source, for assertions. */
  get source(): Obj {
    return structuredClone(this._systemSource);
  }
}

export interface DamageDouble {
  addCreature(name: string, type: "character" | "npc", system: Obj, owners?: readonly string[]): SystemActorDouble;
  tokenOf(actor: SystemActorDouble | ActorModel): TokenDouble;
  /** Sets `game.user.targets` of `user`. */
  target(user: UserDouble, actors: readonly (SystemActorDouble | ActorModel)[]): void;
  /** Sets `canvas.tokens.controlled` (this client's selection). */
  select(actors: readonly (SystemActorDouble | ActorModel)[]): void;
}

export function installDamageDouble(world: World): DamageDouble {
  const g = globalThis as unknown as { game: Obj & { user: UserDouble } };
  const controlled: TokenDouble[] = [];
  const tokens = new Map<string, TokenDouble>();
  // `game.user.targets`: the runtime model keeps each user's (runtime/runtime.ts).
  const targetsOf = (user: UserDouble): Set<TokenDouble> => world.runtime.targetsOf(user.id) as Set<TokenDouble>;

  // One counter for actor and effect ids: two effects made in one batch need two ids.
  let nextId = 0;
  const actorWorld = {
    writes: world.writes,
    current: () => g.game.user,
    clients: () => [...world.users.values()].filter((u) => u.active),
    as: <T>(user: unknown, fn: () => Promise<T>) => world.as(user as UserDouble, fn),
    callHook: (hook: string, ...args: unknown[]) => world.callHook(hook, ...args),
    newId: () => `a${String(++nextId).padStart(15, "0")}`,
    worldTime: () => world.worldTime,
    merge: foundryMerge,
  };

  const ActorGlobal = {
    get implementation() {
      return ActorGlobal;
    },
    async updateDocuments(list: Obj[]): Promise<unknown[]> {
      const onServer = list.filter((c) => world.runtime.server.source("Actor", String(c._id)) !== null);
      if (onServer.length > 0 && onServer.length < list.length)
        throw new Error("Foundry double: one update of runtime and legacy actors together");
      if (onServer.length > 0) return ActorModel.updateDocuments(list);
      const user = g.game.user;
      const actors = list.map((change) => {
        const actor = world.actors.get(String(change._id));
        if (!(actor instanceof SystemActorDouble)) throw new Error(`Foundry double: no actor ${String(change._id)}`);
        if (!actor.canUserModify(user, "update"))
          throw new Error(`Foundry double: ${user.id} may not update ${actor.name}`);
        return actor;
      });
      const prepared = await Promise.all(
        actors.map(async (actor, i) => {
          const { _id: _, ...changes } = list[i] as Obj;
          return actor.prepared(changes, user);
        }),
      );
      const nexts = actors.map((actor, i) => actor.candidateSystem((prepared[i]?.system as Obj | undefined) ?? {}));
      world.writes.push({ document: "Actor", userId: user.id, bytes: 0, data: structuredClone(list) });
      actors.forEach((actor, i) => actor.commit(nexts[i] as Obj));
      return actors;
    },
  };
  Object.defineProperty(globalThis, "Actor", { value: ActorGlobal, configurable: true, writable: true });
  const modelFromUuid = (globalThis as unknown as { fromUuid(uuid: string): Promise<unknown> }).fromUuid;
  Object.defineProperty(globalThis, "fromUuid", {
    value: async (uuid: string) => (await modelFromUuid(uuid)) ?? world.actors.get(uuid.replace(/^Actor\./, "")) ?? null,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(globalThis, "canvas", {
    value: { tokens: { controlled } },
    configurable: true,
    writable: true,
  });

  /** A runtime actor's copy on `userId`'s client; a legacy actor as it is. */
  const copyOn = (userId: string, actor: SystemActorDouble | ActorModel): SystemActorDouble | ActorModel => {
    if (!(actor instanceof ActorModel)) return actor;
    const copy = world.runtime.clientOf(userId).actors.get(actor.id ?? "");
    if (copy === undefined) throw new Error(`Foundry double: ${actor.name} is not on ${userId}'s client`);
    return copy;
  };

  const double: DamageDouble = {
    addCreature(name, type, system, owners = []) {
      const id = actorWorld.newId();
      const actor = new SystemActorDouble(double, actorWorld, id, name, owners, type, { weaponSkills: [], ...system });
      world.actors.set(id, actor);
      return actor;
    },
    tokenOf(actor) {
      // Keyed by UUID (an unlinked token's synthetic actor shares its base actor's id), and by client
      // for a runtime actor's copies.
      const key = actor instanceof ActorModel ? `${actor.client.id}:${actor.uuid}` : actor.uuid;
      const token = tokens.get(key) ?? { actor };
      tokens.set(key, token);
      return token;
    },
    target(user, actors) {
      const set = targetsOf(user);
      set.clear();
      for (const actor of actors) set.add(double.tokenOf(copyOn(user.id, actor)));
    },
    select(actors) {
      controlled.splice(0, controlled.length, ...actors.map((a) => double.tokenOf(copyOn(g.game.user.id, a))));
    },
  };
  return double;
}
