/**
 * Scenes, tokens, walls, world and compendium actors for the encounter tests, installed on top of the
 * world double (foundry-world.ts). Modelled as open v13 systems use them:
 * - `scene.dimensions` gives the scene rectangle inside the canvas padding (`sceneX`, `sceneY`,
 *   `sceneWidth`, `sceneHeight`) and the grid `size` in pixels; a token's `x`, `y` are its top-left corner
 *   in pixels and its `width`, `height` in squares; a wall's `c` is [x0, y0, x1, y1] and `move` 0 lets
 *   movement through (dnd5e's and Draw Steel's placement code read the same fields).
 * - `scene.createEmbeddedDocuments("Token", data)` and `deleteEmbeddedDocuments` write one batch each.
 * - `fromUuid` finds world actors (`Actor.<id>`) and compendium actors
 *   (`Compendium.<package>.<pack>.Actor.<id>`); a compendium actor has `pack` set, a world one `pack: null`.
 * - `game.actors.fromCompendium(doc)` gives creation data whose `_stats.compendiumSource` is the entry's
 *   UUID (core since v12), and `Actor.implementation.createDocuments` / `deleteDocuments` write one batch.
 * - `actor.getTokenDocument(data)` gives a token of the prototype token with `data` applied.
 */
import type { ActorDouble } from "./actor-double.ts";
import type { World } from "./foundry-world.ts";

type Obj = Record<string, unknown>;

export interface ActorSpec {
  readonly size?: number;
  readonly owners?: readonly string[];
  readonly type?: string;
}

export interface TokenDouble {
  readonly id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  readonly actorId: string | null;
  readonly name: string;
  readonly hidden: boolean;
  readonly actor: ActorDouble | null;
}

export interface SceneDouble {
  readonly id: string;
  readonly dimensions: { sceneX: number; sceneY: number; sceneWidth: number; sceneHeight: number; size: number };
  readonly tokens: { contents: TokenDouble[]; has(id: string): boolean; get(id: string): TokenDouble | undefined };
  readonly walls: { contents: { c: number[]; move: number }[] };
  createEmbeddedDocuments(name: string, data: Obj[]): Promise<TokenDouble[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<void>;
}

export interface Scenes {
  readonly scene: SceneDouble;
  /** A compendium actor `Compendium.tempo.<pack>.Actor.<id>` (not in the world). */
  compendiumActor(pack: string, id: string, name: string, spec?: ActorSpec): string;
  /** A world actor; returns its UUID. */
  worldActor(name: string, spec?: ActorSpec): ActorDouble;
  /** A token already on the scene, at square (x, y). */
  placeToken(actor: ActorDouble, x: number, y: number): TokenDouble;
}

export function installScenes(world: World, squares = 20, size = 100, padding = 300): Scenes {
  const compendium = new Map<string, Obj>();
  let nextId = 1;
  const newId = () => `tok${String(nextId++).padStart(13, "0")}`;
  const tokens = new Map<string, TokenDouble>();
  const write = (document: "Token" | "Actor" | "Combat", data: unknown) =>
    world.writes.push({ document, userId: game.user.id ?? "", bytes: 0, data: structuredClone(data) });

  const dress = (actor: ActorDouble, name: string, spec: ActorSpec, source: string | null): ActorDouble => {
    const side = spec.size ?? 1;
    Object.assign(actor, {
      type: spec.type ?? "npc",
      pack: null,
      system: {},
      _stats: { compendiumSource: source },
      prototypeToken: { name, width: side, height: side, disposition: -1 },
    });
    Object.defineProperty(actor, "hasPlayerOwner", { get: () => actor.owners.size > 0 });
    Object.defineProperty(actor, "getTokenDocument", {
      value: async (data: Obj) => {
        const token = { name, width: side, height: side, actorId: actor.id, actorLink: false, hidden: false, ...data };
        return { toObject: () => structuredClone(token) };
      },
    });
    return actor;
  };
  const worldActor = (name: string, spec: ActorSpec = {}, source: string | null = null) =>
    dress(world.addLegacyActor(name, spec.owners ?? []), name, spec, source);

  const makeToken = (data: Obj): TokenDouble => {
    const actorId = typeof data.actorId === "string" ? data.actorId : null;
    const token: TokenDouble = {
      id: newId(),
      x: Number(data.x),
      y: Number(data.y),
      width: Number(data.width ?? 1),
      height: Number(data.height ?? 1),
      actorId,
      name: String(data.name ?? ""),
      hidden: data.hidden === true,
      get actor() {
        return actorId === null ? null : (world.actors.get(actorId) ?? null);
      },
    };
    tokens.set(token.id, token);
    return token;
  };

  const scene: SceneDouble = {
    id: "scene00000000001",
    dimensions: { sceneX: padding, sceneY: padding, sceneWidth: squares * size, sceneHeight: squares * size, size },
    tokens: {
      get contents() {
        return [...tokens.values()];
      },
      has: (id) => tokens.has(id),
      get: (id) => tokens.get(id),
    },
    walls: { contents: [] },
    async createEmbeddedDocuments(name, data) {
      if (name !== "Token") throw new Error(`Foundry double: scenes hold no ${name} here`);
      write("Token", data);
      return data.map(makeToken);
    },
    async deleteEmbeddedDocuments(name, ids) {
      if (name !== "Token") throw new Error(`Foundry double: scenes hold no ${name} here`);
      write("Token", { deleted: ids });
      for (const id of ids) tokens.delete(id);
    },
  };

  const g = game as unknown as Obj;
  g.scenes = { get: (id: string) => (id === scene.id ? scene : undefined), contents: [scene] };
  g.actors = {
    get: (id: string) => world.actors.get(id),
    has: (id: string) => world.actors.has(id),
    find: (fn: (a: ActorDouble) => boolean) => [...world.actors.values()].find(fn),
    fromCompendium: (doc: Obj) => ({ ...(doc.data as Obj), _stats: { compendiumSource: doc.uuid } }),
  };
  Object.defineProperty(globalThis, "fromUuid", {
    configurable: true,
    value: async (uuid: string) => {
      if (uuid.startsWith("Actor.")) return world.actors.get(uuid.slice(6)) ?? null;
      return compendium.get(uuid) ?? null;
    },
  });
  Object.defineProperty(globalThis, "Actor", {
    configurable: true,
    value: {
      implementation: {
        async createDocuments(list: Obj[]) {
          write("Actor", list);
          return list.map((d) => {
            const source = (d._stats as Obj | undefined)?.compendiumSource;
            return worldActor(String(d.name), d.spec as ActorSpec, typeof source === "string" ? source : null);
          });
        },
        async deleteDocuments(ids: string[]) {
          write("Actor", { deleted: ids });
          for (const id of ids) world.actors.delete(id);
        },
      },
    },
  });
  return {
    scene,
    compendiumActor(pack, id, name, spec = {}) {
      const uuid = `Compendium.tempo.${pack}.Actor.${id}`;
      const side = spec.size ?? 1;
      compendium.set(uuid, {
        documentName: "Actor",
        uuid,
        id,
        name,
        type: spec.type ?? "npc",
        pack: `tempo.${pack}`,
        prototypeToken: { name, width: side, height: side },
        data: { name, type: spec.type ?? "npc", spec },
      });
      return uuid;
    },
    worldActor,
    placeToken(actor, x, y) {
      const s = (actor as unknown as { prototypeToken: { width: number } }).prototypeToken.width;
      return makeToken({
        actorId: actor.id,
        x: padding + x * size,
        y: padding + y * size,
        width: s,
        height: s,
        name: actor.name,
      });
    },
  };
}
