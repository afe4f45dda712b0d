/**
 * The runtime model's server: the one source of truth for every document, the permission check, the
 * diff of each write and its broadcast to every connected client.
 *
 * Modelled, with where it is shown in public:
 * - Permissions are the server's: a write a user may not make is refused whatever that user's client
 *   does (Foundry's permission model, knowledge base "Users and Permissions"; ARCHITECTURE
 *   "Permissions"). A Combat is created, deleted and updated by a GM; a player may write only its
 *   `turn` and `round` (core lets a player end a turn, the round's last included, through them: the
 *   Nimble system's PR Nimble-Co/FoundryVTT-Nimble#853 "Foundry lets a non-GM update a Combat's
 *   turn-only fields", fvtt-fria-ligan/yearzero-combat-fvtt#85 where a player's last-turn "next" fails
 *   only on the system's own flag write; Foundry's Crucible system refuses a player's round change
 *   itself, in its own `nextRound`, foundryvtt/crucible#1136). A Combatant may be
 *   written by a GM or an owner of its actor; the `system` paths system.json lists as `gmOnlyFields`
 *   for the document's subtype only by a GM (`ServerSanitizationFields.gmOnlyFields`, "Fields that can
 *   only be updated by a GM user", https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.ServerSanitizationFields.html;
 *   Draw Steel declares `biography.director` there, its commit 26aec2ff; a DataField `gmOnly` option
 *   does nothing, Draw Steel src/module/data/item/base-item.mjs:35). CombatantGroups are written by a GM. Any user creates a ChatMessage, as its author;
 *   its author and the GMs update and delete it (chat.ts names the sources). A GM creates and deletes
 *   an Actor: creating actors is the ACTOR_CREATE permission, whose default role is 3 (API
 *   CONST.USER_PERMISSIONS `ACTOR_CREATE.defaultRole: 3`), the Assistant GM (API CONST.USER_ROLES
 *   `ASSISTANT: 3`), so of the model's roles (player 1, GM 4) only a GM has it. Its owners and the
 *   GMs update it and write its embedded Items and ActiveEffects, whose level is the actor's
 *   (actor.ts): a player owning an actor creates an Item on it (`Item.create(data, { parent: actor })`
 *   succeeds for the player in foundryvtt/foundryvtt#12938), while an embedded document's own
 *   `ownership` "may only be modified by a GM or Assistant GM user" (the server's error quoted there);
 *   only a GM changes `ownership`. Scenes, Tokens and Walls are created and deleted by a GM; a Token
 *   is updated by its actor's owners too (scene.ts).
 * - `system` is cleaned and validated by the subtype's TypeDataModel on the server as on the client
 *   (v11+ server-side validation): an invalid write is refused and nothing changes.
 * - An update is diffed against the stored source (diff.ts) and the broadcast carries only the diff
 *   (API DatabaseUpdateOperation `diff`: "Difference each update object against current Document data
 *   and only use differential data"; the `updateDocument` hook gets "Differential data that was used
 *   to update the document"); an update that changes nothing is broadcast to nobody. The operation options travel with it to
 *   every client (modules and systems pass their own option keys to `_onUpdate` on other clients,
 *   e.g. dnd5e's `isRest`, Draw Steel's `ds.` options).
 * - Every broadcast is counted in the ledger: bytes one client receives and how many receive it.
 */
import { diffUpdate, expandDotted, isObj, jsonBytes, mergeUpdate, type Obj } from "./diff.ts";
import type { TypeDataModel } from "./fields.ts";
import { gmOnlyFields } from "./system-manifest.ts";
import { EMBEDDED, type DocumentName, type LedgerEntry, type ModifyRequest, type ModifyResult } from "./protocol.ts";
import { activeEffectDefaults } from "./active-effect-shape.ts";

export interface ServerUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active: boolean;
}

interface Stored {
  readonly documentName: DocumentName;
  source: Obj;
  readonly parentId: string | null;
}

/** Ownership levels (CONST.DOCUMENT_OWNERSHIP_LEVELS). */
export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/**
 * A user's level of an actor source: `ownership[user]`, else `ownership.default` (API
 * DocumentOwnershipField; CONST.DOCUMENT_OWNERSHIP_LEVELS); a GM owns everything.
 */
export function actorLevel(source: Obj, user: { readonly id: string; readonly isGM: boolean }): number {
  if (user.isGM) return OWNERSHIP.OWNER;
  const ownership = isObj(source.ownership) ? source.ownership : {};
  const level = ownership[user.id] ?? ownership.default;
  return typeof level === "number" ? level : OWNERSHIP.NONE;
}

export interface ServerHooks {
  /** The data model class of a document's subtype (the system's models, which the server runs too). */
  modelOf(documentName: DocumentName, type: string): (typeof TypeDataModel & (new (...a: never[]) => object)) | null;
  /** A user's ownership level of a Combatant: its actor's (API Combatant#actor). */
  combatantLevel(source: Obj, userId: string): number;
  newId(): string;
}

const DEFAULTS: Readonly<Record<DocumentName, Obj>> = {
  Combat: { type: "base", round: 0, turn: null, active: true, scene: null, sort: 0, flags: {}, system: {} },
  Combatant: {
    type: "base",
    actorId: null,
    tokenId: null,
    sceneId: null,
    name: "",
    img: null,
    initiative: null,
    hidden: false,
    defeated: false,
    group: null,
    flags: {},
    system: {},
  },
  CombatantGroup: { type: "base", name: "", img: null, initiative: null, flags: {}, system: {} },
  Actor: { type: "base", name: "", img: null, ownership: { default: 0 }, flags: {}, system: {} },
  Item: { type: "base", name: "", img: null, flags: {}, system: {} },
  ActiveEffect: {}, // per generation: active-effect-shape.ts
  Scene: { name: "", width: 4000, height: 3000, padding: 0.25, grid: { size: 100 }, flags: {} },
  Token: {
    name: "",
    actorId: null,
    actorLink: false,
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    hidden: false,
    disposition: -1,
    delta: {},
    flags: {},
  },
  Wall: { c: [0, 0, 0, 0], move: 20, flags: {} },
  Region: { name: "", shapes: [], behaviors: [], flags: {} },
  ChatMessage: {
    type: "base",
    author: null,
    content: "",
    speaker: {},
    whisper: [],
    blind: false,
    rolls: [],
    timestamp: 0,
    flags: {},
    system: {},
  },
};

export class PermissionError extends Error {}

export class Server {
  readonly users = new Map<string, ServerUser>();
  readonly #docs = new Map<string, Stored>();
  readonly ledger: LedgerEntry[] = [];
  readonly refusals: { readonly userId: string; readonly reason: string }[] = [];
  readonly settings = new Map<string, unknown>();
  worldTime = 0;

  constructor(readonly hooks: ServerHooks) {}

  static key(documentName: string, id: string): string {
    return `${documentName}.${id}`;
  }

  /** Every stored document (a client loads them when it connects). */
  snapshot(): { documentName: DocumentName; source: Obj; parentId: string | null }[] {
    return [...this.#docs.values()].map((d) => ({ ...d, source: structuredClone(d.source) }));
  }

  /** A combat's stored source and its embedded documents', as JSON (a test's snapshot; runtime.ts). */
  combatJson(id: string): string {
    const entries = [...this.#docs.values()]
      .filter((d) => (d.documentName === "Combat" && d.source._id === id) || d.parentId === id)
      .sort((a, b) => (a.documentName + String(a.source._id) < b.documentName + String(b.source._id) ? -1 : 1));
    return JSON.stringify(entries);
  }

  /** Copies of the sources embedded in the document `parentId` (a test reads them without copying the world). */
  childrenOf(parentId: string): Obj[] {
    const out: Obj[] = [];
    for (const stored of this.#docs.values())
      if (stored.parentId === parentId) out.push(structuredClone(stored.source));
    return out;
  }

  /** A test's time machine: puts stored sources back without any broadcast (runtime.ts `restore`). */
  replace(entries: readonly { documentName: DocumentName; source: Obj; parentId: string | null }[]): void {
    // Not an operation, but the sources change: runtime.ts `restoreCombat` must not take them as unchanged.
    this.#modifications++;
    const parents = new Set(entries.filter((e) => e.parentId === null).map((e) => String(e.source._id)));
    for (const [key, stored] of this.#docs)
      if (stored.parentId !== null && parents.has(stored.parentId)) this.#docs.delete(key);
    for (const e of entries)
      this.#docs.set(Server.key(e.documentName, String(e.source._id)), { ...e, source: structuredClone(e.source) });
  }

  source(documentName: DocumentName, id: string): Obj | null {
    return this.#docs.get(Server.key(documentName, id))?.source ?? null;
  }

  get connected(): ServerUser[] {
    return [...this.users.values()].filter((u) => u.active);
  }

  #refuse(userId: string, reason: string): never {
    this.refusals.push({ userId, reason });
    throw new PermissionError(`${reason} (user ${userId})`);
  }

  #user(userId: string): ServerUser {
    const user = this.users.get(userId);
    if (user === undefined || !user.active) this.#refuse(userId, "unknown or disconnected user");
    return user;
  }

  #level(documentName: DocumentName, source: Obj, user: ServerUser, parentId: string | null = null): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    if (documentName === "Actor") return actorLevel(source, user);
    if (documentName === "Item" || documentName === "ActiveEffect") {
      // An owned Item's effect has its actor's level; a world Item's effect the item's own (actor.ts).
      const item = parentId === null ? null : this.#docs.get(Server.key("Item", parentId));
      const owner = item === undefined || item === null ? parentId : item.parentId;
      const parent = owner === null ? item?.source : this.source("Actor", owner);
      return isObj(parent) ? actorLevel(parent, user) : OWNERSHIP.NONE;
    }
    if (documentName === "Combatant") {
      return this.hooks.combatantLevel(source, user.id);
    }
    if (documentName === "Token") {
      const actor = typeof source.actorId === "string" ? this.source("Actor", source.actorId) : null;
      return actor === null ? OWNERSHIP.NONE : actorLevel(actor, user);
    }
    if (documentName === "ChatMessage") return source.author === user.id ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
    return OWNERSHIP.NONE;
  }

  #checkSystem(documentName: DocumentName, type: string, system: Obj): Obj {
    const Model = this.hooks.modelOf(documentName, type);
    return Model === null ? system : Model.cleanSource(system);
  }

  /** Applies one operation, or throws (nothing changed) when it is not allowed or not valid. */
  modify(request: ModifyRequest): ModifyResult | null {
    const user = this.#user(request.userId);
    const { documentName, parentId } = request;
    const embedded = EMBEDDED[documentName];
    // A world Item has no parent; an ActiveEffect's parent is an Actor or an Item (actor.ts ItemModel).
    const parentOk =
      parentId === null
        ? documentName === "Item"
        : this.#docs.has(Server.key(embedded?.parent ?? "Actor", parentId)) ||
          (documentName === "ActiveEffect" && this.#docs.has(Server.key("Item", parentId)));
    if (embedded !== undefined && !parentOk) this.#refuse(user.id, `no parent for ${documentName}`);
    if (request.action === "create") return this.#create(request, user);
    if (request.action === "update") return this.#update(request, user);
    return this.#delete(request, user);
  }

  #create(request: ModifyRequest, user: ServerUser): ModifyResult {
    const { documentName, parentId } = request;
    const created: Obj[] = [];
    for (const raw of request.data as readonly Obj[]) {
      const data = expandDotted(raw);
      const id = request.options.keepId === true && typeof data._id === "string" ? data._id : this.hooks.newId();
      const base = documentName === "ActiveEffect" ? activeEffectDefaults() : structuredClone(DEFAULTS[documentName]);
      const source = mergeUpdate(base, { ...data, _id: id });
      if (["Combat", "CombatantGroup", "Actor", "Scene", "Token", "Wall", "Region"].includes(documentName)) {
        if (!user.isGM) this.#refuse(user.id, `only a GM creates a ${documentName}`);
      } else if (documentName === "ChatMessage") {
        source.author ??= user.id;
        if (source.author !== user.id && !user.isGM) this.#refuse(user.id, "a player writes only as the author");
      } else if (this.#level(documentName, source, user, parentId) < OWNERSHIP.OWNER)
        this.#refuse(user.id, `may not create ${documentName}`);
      source.system = this.#checkSystem(documentName, String(source.type), isObj(source.system) ? source.system : {});
      created.push(source);
    }
    for (const source of created)
      this.#docs.set(Server.key(documentName, String(source._id)), { documentName, source, parentId });
    return this.#broadcast({
      action: "create",
      documentName,
      parentId,
      result: created,
      options: request.options,
      userId: user.id,
    });
  }

  #update(request: ModifyRequest, user: ServerUser): ModifyResult | null {
    const { documentName, parentId } = request;
    const planned: { stored: Stored; next: Obj; diff: Obj }[] = [];
    for (const raw of request.data as readonly Obj[]) {
      const change = expandDotted(raw);
      const id = String(change._id);
      const stored = this.#docs.get(Server.key(documentName, id));
      if (stored === undefined) this.#refuse(user.id, `no ${documentName} ${id}`);
      const diff = diffUpdate(stored.source, { ...change, _id: undefined });
      delete diff._id;
      if (Object.keys(diff).length === 0) continue;
      this.#checkUpdate(documentName, stored, diff, user);
      const next = mergeUpdate(stored.source, diff);
      if ("system" in diff)
        next.system = this.#checkSystem(documentName, String(next.type), isObj(next.system) ? next.system : {});
      if (documentName === "Token" && "delta" in diff) this.#checkDelta(next);
      planned.push({ stored, next, diff: { _id: id, ...diff } });
    }
    if (planned.length === 0) return null;
    for (const p of planned) p.stored.source = p.next;
    return this.#broadcast({
      action: "update",
      documentName,
      parentId,
      result: planned.map((p) => p.diff),
      options: request.options,
      userId: user.id,
    });
  }

  /** An unlinked token's actor (its base actor with the delta over it) must be a valid actor (scene.ts). */
  #checkDelta(token: Obj): void {
    const base = typeof token.actorId === "string" ? this.source("Actor", token.actorId) : null;
    const delta = isObj(token.delta) ? token.delta : {};
    if (base === null || !isObj(delta.system)) return;
    this.#checkSystem("Actor", String(base.type), mergeUpdate(isObj(base.system) ? base.system : {}, delta.system));
  }

  #checkUpdate(documentName: DocumentName, stored: Stored, diff: Obj, user: ServerUser): void {
    if (user.isGM) return;
    const source = stored.source;
    if (["Actor", "Item", "ActiveEffect", "Token"].includes(documentName)) {
      if (this.#level(documentName, source, user, stored.parentId) < OWNERSHIP.OWNER || "ownership" in diff)
        this.#refuse(user.id, `only an owner or a GM updates ${documentName} ${String(source._id)}`);
      return;
    }
    if (documentName === "Combat") {
      const other = Object.keys(diff).filter((k) => k !== "turn" && k !== "round");
      if (other.length > 0)
        this.#refuse(user.id, `a player may write only turn and round of a Combat (${other.join(", ")})`);
      return;
    }
    if (documentName === "ChatMessage") {
      if (this.#level(documentName, source, user) < OWNERSHIP.OWNER || "author" in diff)
        this.#refuse(user.id, `only its author or a GM updates ChatMessage ${String(source._id)}`);
      return;
    }
    if (documentName !== "Combatant" || this.#level(documentName, source, user) < OWNERSHIP.OWNER)
      this.#refuse(user.id, `may not update ${documentName} ${String(source._id)}`);
    const system = diff.system;
    if (!isObj(system)) return;
    for (const path of gmOnlyFields(documentName, String(source.type))) {
      let node: unknown = system;
      for (const part of path.split(".")) node = isObj(node) ? node[part] : undefined;
      if (node !== undefined) this.#refuse(user.id, `system.${path} is GM-only`);
    }
  }

  #delete(request: ModifyRequest, user: ServerUser): ModifyResult | null {
    const { documentName, parentId } = request;
    const ids: string[] = [];
    for (const id of request.data as readonly string[]) {
      const stored = this.#docs.get(Server.key(documentName, id));
      if (stored === undefined) continue;
      const mayDelete =
        documentName === "Combatant" ||
        documentName === "ChatMessage" ||
        documentName === "Item" ||
        documentName === "ActiveEffect"
          ? this.#level(documentName, stored.source, user, stored.parentId) >= OWNERSHIP.OWNER
          : user.isGM;
      if (!mayDelete) this.#refuse(user.id, `may not delete ${documentName} ${id}`);
      ids.push(id);
    }
    if (ids.length === 0) return null;
    // A deleted document takes its embedded documents with it (an owned Item its effects).
    const gone = [...ids];
    for (const id of gone) {
      this.#docs.delete(Server.key(documentName, id));
      const children = [...this.#docs].filter(([, stored]) => stored.parentId === id);
      for (const [key, stored] of children) gone.push(String(this.#docs.delete(key) && stored.source._id));
    }
    return this.#broadcast({
      action: "delete",
      documentName,
      parentId,
      result: ids,
      options: request.options,
      userId: user.id,
    });
  }

  /** How many document operations the server has committed, and replacements made (runtime.ts `restoreCombat`). */
  get modifications(): number {
    return this.#modifications;
  }
  #modifications = 0;

  #broadcast(result: ModifyResult): ModifyResult {
    this.#modifications++;
    const optionBytes = jsonBytes(result.options);
    this.ledger.push({
      kind: "modify",
      documentName: result.documentName,
      action: result.action,
      userId: result.userId,
      bytes: jsonBytes(result.result) + optionBytes,
      recipients: this.connected.length,
      optionBytes,
      result: result.result,
      options: result.options,
    });
    return structuredClone(result);
  }

  /** Counts a broadcast that is not a document operation (socket, query, setting, world time). */
  count(kind: LedgerEntry["kind"], userId: string, payload: unknown, recipients: number): void {
    this.ledger.push({ kind, userId, bytes: jsonBytes(payload), recipients, optionBytes: 0, result: payload });
  }
}
