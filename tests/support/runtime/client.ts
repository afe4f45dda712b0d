/**
 * One connected client page: its user, its `game`, `Hooks`, `CONFIG` and `ui`, and its own copies of
 * the documents, changed only by what the server broadcasts, in delivery order.
 *
 * Modelled, with sources:
 * - `game.users.activeGM` is the designated active GM (foundryvtt/foundryvtt #11678: the connected GM
 *   with the highest role; between equals the model takes the lowest id, socketlib's rule);
 *   `userConnected(user, connected)` fires on the other clients when a user joins or leaves (API
 *   hookEvents.userConnected).
 * - `CONFIG.queries[name](data, { timeout })`: a query handler is not told who asked
 *   (foundryvtt/foundryvtt #13418, open; Draw Steel's sockets.mjs handler `(data, queryOptions)`);
 *   `user.query` to a user who is not connected, or who leaves before answering, rejects.
 * - `game.socket.emit("system.tempo", data)` reaches every OTHER connected client (not the sender),
 *   whose listeners get `(data, senderId)` with the id the server saw (socketlib's
 *   `_onSocketReceived(message, senderId)`, pf2e's `(...[message, userId])`; community wiki
 *   "sockets": emits are not echoed). `system.json` must say `socket: true`.
 * - World settings are written by GMs and broadcast to every client; `game.time.advance(delta)` is
 *   a world write too, and a Combat update with `worldTime: { delta }` in its options advances the
 *   clock in that same operation (foundryvtt/foundryvtt #10924); clients hear `updateWorldTime`.
 */
import type { Collection } from "./collection.ts";
import { Collection as DocCollection } from "./collection.ts";
import type { ClientDocument, ClientPort, DocumentContext, UserLike } from "./document.ts";
import type { Obj } from "./diff.ts";
import type { TypeDataModel } from "./fields.ts";
import { ClientHooks, type BootRegistration, type HookCall } from "./hooks.ts";
import type { DocumentName, ModifyRequest, ModifyResult } from "./protocol.ts";
import { EMBEDDED } from "./protocol.ts";
import { CombatModel, CombatantGroupModel, CombatantModel } from "./combat.ts";
import { ChatMessageModel } from "./chat.ts";
import { ActiveEffectModel, ActorModel, ItemModel } from "./actor.ts";
import { SceneModel, TokenModel, WallModel } from "./scene.ts";
import { RegionModel } from "./regions.ts";
import { afterTokenUpdate, tokenPosition } from "./token-move.ts";
import { fromCompendium } from "./uuid.ts";
import { ClientKeybindingsModel } from "./keybindings.ts";
import { packCollection } from "./packs.ts";
import { runOn, type ClientGlobals } from "./context.ts";
import type { Network } from "./network.ts";
import { BrowserStorage } from "./browser-storage.ts";
import { modelClock } from "./clock.ts";

export interface UserModel extends UserLike {
  readonly name: string;
  readonly role: number;
  active: boolean;
  readonly isSelf: boolean;
  readonly isActiveGM: boolean;
  readonly targets: Set<unknown>;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
  hasPermission(permission: string): boolean;
}

type SocketFn = (...args: unknown[]) => void;

export interface SettingRegistration {
  readonly scope?: string;
  readonly default?: unknown;
  readonly onChange?: (value: unknown) => void;
  readonly [key: string]: unknown;
}

const DEFAULT_CLASSES: Readonly<Record<DocumentName, new (s: Obj, c: DocumentContext) => ClientDocument>> = {
  Combat: CombatModel,
  Combatant: CombatantModel,
  CombatantGroup: CombatantGroupModel,
  ChatMessage: ChatMessageModel,
  Actor: ActorModel,
  Item: ItemModel,
  ActiveEffect: ActiveEffectModel,
  Scene: SceneModel,
  Token: TokenModel,
  Wall: WallModel,
  Region: RegionModel,
};

/** `target` with read-only getters added (Object.assign would copy their values once). */
function withGetters<T extends object>(target: T, getters: Readonly<Record<string, () => unknown>>): T {
  for (const [key, get] of Object.entries(getters)) Object.defineProperty(target, key, { get, configurable: true });
  return target;
}

export class Client implements ClientPort, ClientGlobals {
  readonly hooks: ClientHooks;
  readonly combats = new DocCollection<CombatModel>();
  readonly messages = new DocCollection<ChatMessageModel>();
  readonly actors = new DocCollection<ActorModel>();
  /** World Items (`game.items`); owned ones are their actor's. */
  readonly items = new DocCollection<ItemModel>();
  readonly scenes = new DocCollection<SceneModel>();
  readonly userModels = new DocCollection<UserModel>();
  readonly socketListeners = new Map<string, SocketFn[]>();
  readonly settingRegistrations = new Map<string, SettingRegistration>();
  readonly localSettings = new Map<string, unknown>();
  readonly keybindings = new ClientKeybindingsModel();
  readonly game: object;
  readonly CONFIG: Obj;
  readonly ui: Obj;
  /** This user's browser storage (browser-storage.ts): a reload of the same user finds it again. */
  readonly localStorage: BrowserStorage;
  connected = true;

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly network: Network,
    ledger: HookCall[],
    boot: readonly BootRegistration[],
    config: Obj,
    shared: { game: Obj; ui: Obj },
    storage: BrowserStorage = new BrowserStorage(),
  ) {
    this.localStorage = storage;
    this.hooks = new ClientHooks(id, ledger, boot);
    this.CONFIG = config;
    this.ui = Object.assign(Object.create(shared.ui) as Obj, {});
    this.game = this.#makeGame(shared.game);
  }

  get Hooks(): object {
    return this.hooks;
  }

  get user(): UserModel {
    const user = this.userModels.get(this.userId);
    if (user === undefined) throw new Error(`Runtime model: client ${this.id} has no user`);
    return user;
  }
  get users(): readonly UserModel[] {
    return this.userModels.contents;
  }

  run<T>(fn: () => T): T {
    // The host-step bench counts what runs on a client other than the one it measures as not Tempo's there.
    return modelClock.elsewhere(this.userId, () => runOn(this, fn));
  }

  copyOf(documentName: DocumentName, id: string, parentId: string | null): ClientDocument | undefined {
    return this.#collection(documentName, parentId)?.get(id);
  }

  worldDocument(documentName: DocumentName, id: string): ClientDocument | undefined {
    return this.#collection(documentName, null)?.get(id);
  }

  record(name: string, args: readonly unknown[]): void {
    this.hooks.ledger.push({ client: this.id, name, args });
  }

  callHook(name: string, ...args: unknown[]): boolean {
    return this.hooks.call(name, ...args);
  }

  dataModel(
    documentName: DocumentName,
    type: string,
  ): (new (data: Obj, options: { parent: unknown }) => TypeDataModel) | null {
    const entry = this.CONFIG[documentName] as { dataModels?: Record<string, unknown> } | undefined;
    const Model = entry?.dataModels?.[type];
    return typeof Model === "function"
      ? (Model as new (data: Obj, options: { parent: unknown }) => TypeDataModel)
      : null;
  }

  documentClass(documentName: DocumentName): new (source: Obj, context: DocumentContext) => ClientDocument {
    const entry = this.CONFIG[documentName] as { documentClass?: unknown } | undefined;
    const Class = entry?.documentClass;
    return typeof Class === "function"
      ? (Class as new (source: Obj, context: DocumentContext) => ClientDocument)
      : DEFAULT_CLASSES[documentName];
  }

  combatantLevel(source: Obj, userId: string): number {
    return this.network.actors.level(source, userId);
  }
  /**
   * A combatant's actor: this client's own copy of the world actor `actorId` (API Combatant#actor
   * is `game.actors.get(actorId)` for a linked token, each page's own collection).
   */
  actor(actorId: string | null): unknown {
    return (actorId === null ? undefined : this.actors.get(actorId)) ?? null;
  }

  request(request: Omit<ModifyRequest, "userId">): Promise<ModifyResult | null> {
    // Serializing the operation's options for the socket is core's work (clock.ts).
    const options = modelClock.measure(() => structuredClone(request.options));
    return this.network.request(this, { ...request, options, userId: this.userId });
  }

  /** This client's collection of a world document type (`game.actors`, `game.scenes` …). */
  worldCollection(documentName: DocumentName): Collection<ClientDocument> {
    const collection = this.#collection(documentName, null);
    if (collection === null) throw new Error(`Runtime model: ${documentName} is not a world document`);
    return collection;
  }

  #collection(documentName: DocumentName, parentId: string | null): Collection<ClientDocument> | null {
    if (documentName === "Combat") return this.combats as unknown as Collection<ClientDocument>;
    if (documentName === "ChatMessage") return this.messages as unknown as Collection<ClientDocument>;
    if (documentName === "Actor") return this.actors as unknown as Collection<ClientDocument>;
    if (documentName === "Scene") return this.scenes as unknown as Collection<ClientDocument>;
    if (documentName === "Item" && parentId === null) return this.items as unknown as Collection<ClientDocument>;
    const parent = this.#parent(documentName, parentId);
    if (parent === null) return null;
    return parent.getEmbeddedCollection(documentName) as unknown as Collection<ClientDocument>;
  }

  /** The parent of an embedded document on this client (protocol.ts EMBEDDED). */
  #parent(documentName: DocumentName, parentId: string | null): ClientDocument | null {
    const embedded = EMBEDDED[documentName];
    if (embedded === undefined || parentId === null) return null;
    const parent = this.#collection(embedded.parent, null)?.get(parentId);
    if (parent !== undefined || documentName !== "ActiveEffect") return parent ?? null;
    // An Item's effect: a world Item's, or an owned one's (ids are unique in a world).
    return this.items.get(parentId) ?? this.actors.find((a) => a.items.has(parentId))?.items.get(parentId) ?? null;
  }

  /** Puts this client's copy of a combat back to `entries` in place (runtime.ts `restoreCombat`). */
  restoreCombat(entries: readonly { documentName: DocumentName; source: Obj; parentId: string | null }[]): void {
    const own = entries.find((e) => e.documentName === "Combat");
    const combat = own === undefined ? undefined : this.combats.get(String(own.source._id));
    if (own === undefined || combat === undefined) return;
    for (const name of ["Combatant", "CombatantGroup"] as const) {
      const collection = combat.getEmbeddedCollection(name);
      const wanted = entries.filter((e) => e.documentName === name);
      for (const id of [...collection.keys()]) if (!wanted.some((e) => e.source._id === id)) collection.delete(id);
      for (const e of wanted) {
        const doc = collection.get(String(e.source._id));
        if (doc !== undefined) doc.resetSource(e.source);
        else
          collection.set(
            String(e.source._id),
            new (this.documentClass(name))(e.source, { parent: combat, client: this }),
          );
      }
    }
    combat.resetSource(own.source);
    combat.setupTurns();
  }

  /**
   * Applies a broadcast operation to this client's documents and runs the lifecycle (document.ts): each
   * document's `_onCreate` / `_onUpdate` / `_onDelete` and its hook, then the parent's descendant
   * callback. The document hooks fire "for all connected clients after the creation has been
   * processed" (API hookEvents.createDocument); the parent's callback is given the documents already
   * in its collection (the RuneQuest system's `_onCreateDescendantDocuments` updates them,
   * sun-dragon-cult/fvtt-system-rqg#863). That the child's callback and hook come BEFORE the parent's
   * descendant callback is the model's order: no public source found states the relative order.
   */
  receive(result: ModifyResult): void {
    this.run(() => {
      const { documentName, parentId, options, userId } = result;
      const collection = this.#collection(documentName, parentId);
      if (collection === null) return;
      const parent = this.#parent(documentName, parentId);
      const embedded = EMBEDDED[documentName]?.collection ?? null;
      // An owned Item's change prepares its actor again, which prepares its items (the actor's derived data
      // reads them): foundryvtt/foundryvtt#7987, "If an Owned Item or its owning Actor receives an update,
      // the item's prepareData function runs twice", the maintainer's answer naming both calls, the parent's
      // initialization of its embedded documents and core's `prepareEmbeddedDocuments`. That double call was
      // a bug (closed); the model prepares each item once, through the actor.
      const reprepare = () => {
        if (documentName === "Item") parent?.prepareData();
      };
      if (result.action === "create") {
        const Class = this.documentClass(documentName);
        const sources = result.result as Obj[];
        const docs = sources.map((s) => new Class(s, { parent, client: this }));
        for (const doc of docs) collection.set(doc.id ?? "", doc);
        for (const doc of docs) {
          doc.receiveCreate(options, userId);
          this.hooks.callAll(`create${documentName}`, doc, options, userId);
        }
        reprepare();
        parent?.descendants("create", parent, embedded, docs, sources, options, userId);
      } else if (result.action === "update") {
        const diffs = result.result as Obj[];
        const docs = diffs.map((d) => collection.get(String(d._id))).filter((d) => d !== undefined);
        const before = documentName === "Token" ? docs.map((d) => tokenPosition(d)) : [];
        diffs.forEach((diff, i) => docs[i]?.receiveUpdate(diff, options, userId));
        diffs.forEach((diff, i) => this.hooks.callAll(`update${documentName}`, docs[i], diff, options, userId));
        // Core's movement hooks after the update's own (token-move.ts).
        if (documentName === "Token")
          diffs.forEach((diff, i) => afterTokenUpdate(this, docs[i], diff, options, userId, before[i]));
        reprepare();
        parent?.descendants("update", parent, embedded, docs, diffs, options, userId);
      } else {
        const ids = result.result as string[];
        const docs = ids.map((id) => collection.get(id)).filter((d) => d !== undefined);
        for (const id of ids) collection.delete(id);
        for (const doc of docs) {
          doc.receiveDelete(options, userId);
          this.hooks.callAll(`delete${documentName}`, doc, options, userId);
        }
        reprepare();
        parent?.descendants("delete", parent, embedded, docs, ids, options, userId);
      }
    });
  }

  #makeGame(shared: Obj): object {
    return makeGame(this, shared);
  }
}

/** One client's `game` (see the file comment); keys it does not have are the shared legacy ones. */
function makeGame(client: Client, shared: Obj): object {
  const own: Obj = {
    get user() {
      return client.user;
    },
    users: withGetters(client.userModels, {
      activeGM: () => client.network.activeGm(client),
      players: () => client.userModels.filter((u) => !u.isGM),
    }),
    combats: withGetters(client.combats, { active: () => client.combats.find((c) => c.active) }),
    messages: client.messages,
    actors: Object.assign(client.actors, { fromCompendium }),
    items: client.items,
    scenes: client.scenes,
    // API `Game#packs`: the world's compendium collections (packs.ts: the system's, from its manifest).
    packs: packCollection({
      get: (ns: string, key: string) => client.network.getSetting(client, `${ns}.${key}`),
      set: (ns: string, key: string, value: unknown) => client.network.setSetting(client, `${ns}.${key}`, value),
    }),
    keybindings: client.keybindings,
    get combat(): CombatModel | null {
      return client.combats.find((c) => c.active) ?? client.combats.contents[0] ?? null;
    },
    userId: client.userId,
    settings: {
      // API ClientSettings#settings: the registered settings, a Map by `namespace.key`.
      settings: client.settingRegistrations,
      register: (ns: string, key: string, cfg: SettingRegistration) =>
        client.settingRegistrations.set(`${ns}.${key}`, cfg),
      get: (ns: string, key: string) => client.network.getSetting(client, `${ns}.${key}`),
      set: (ns: string, key: string, value: unknown) => client.network.setSetting(client, `${ns}.${key}`, value),
    },
    socket: {
      on: (event: string, fn: SocketFn) =>
        client.socketListeners.set(event, [...(client.socketListeners.get(event) ?? []), fn]),
      off: (event: string) => client.socketListeners.delete(event),
      emit: (event: string, ...args: unknown[]) => client.network.emit(client, event, args),
    },
    time: {
      get worldTime(): number {
        return client.network.server.worldTime;
      },
      advance: (delta: number) => client.network.advanceTime(client, delta),
    },
  };
  // Keys the world shares (i18n …) are the same object on every client.
  return new Proxy(own, {
    get: (target, key) => (key in target ? Reflect.get(target, key) : Reflect.get(shared, key)),
    has: (target, key) => key in target || key in shared,
    set: (target, key, value) => (key in target ? Reflect.set(target, key, value) : Reflect.set(shared, key, value)),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(shared, key, descriptor),
  });
}
