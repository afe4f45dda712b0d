/**
 * The runtime model's server: the one source of truth for every document, the permission check, the
 * diff of each write and its broadcast to every connected client.
 *
 * Modelled, with where it is shown in public:
 * - Permissions are the server's: a write a user may not make is refused whatever that user's client
 *   does, by the rules in permissions.ts (with their sources).
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
import { EMBEDDED, type DocumentName, type LedgerEntry, type ModifyRequest, type ModifyResult } from "./protocol.ts";
import { activeEffectDefaults } from "./active-effect-shape.ts";
import { DOCUMENT_DEFAULTS } from "./document-defaults.ts";
import {
  createRefusal,
  mayDelete,
  updateRefusal,
  type PermissionWorld,
  type ServerUser,
  type StoredDocument as Stored,
} from "./permissions.ts";

export interface ServerHooks {
  /** The data model class of a document's subtype (the system's models, which the server runs too). */
  modelOf(documentName: DocumentName, type: string): (typeof TypeDataModel & (new (...a: never[]) => object)) | null;
  /** A user's ownership level of a Combatant: its actor's (API Combatant#actor). */
  combatantLevel(source: Obj, userId: string): number;
  newId(): string;
}

export class PermissionError extends Error {}

export class Server {
  readonly users = new Map<string, ServerUser>();
  readonly #docs = new Map<string, Stored>();
  readonly ledger: LedgerEntry[] = [];
  readonly refusals: { readonly userId: string; readonly reason: string }[] = [];
  readonly settings = new Map<string, unknown>();
  worldTime = 0;

  /** What the permission rules read (permissions.ts). */
  readonly #rules: PermissionWorld = {
    stored: (documentName, id) => this.#docs.get(Server.key(documentName, id)),
    combatantLevel: (source, userId) => this.hooks.combatantLevel(source, userId),
  };

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
      const base =
        documentName === "ActiveEffect" ? activeEffectDefaults() : structuredClone(DOCUMENT_DEFAULTS[documentName]);
      const source = mergeUpdate(base, { ...data, _id: id });
      if (documentName === "ChatMessage") source.author ??= user.id;
      const refusal = createRefusal(this.#rules, documentName, source, user, parentId);
      if (refusal !== null) this.#refuse(user.id, refusal);
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
      const refusal = updateRefusal(this.#rules, stored, diff, user);
      if (refusal !== null) this.#refuse(user.id, refusal);
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

  #delete(request: ModifyRequest, user: ServerUser): ModifyResult | null {
    const { documentName, parentId } = request;
    const ids: string[] = [];
    for (const id of request.data as readonly string[]) {
      const stored = this.#docs.get(Server.key(documentName, id));
      if (stored === undefined) continue;
      if (!mayDelete(this.#rules, stored, user)) this.#refuse(user.id, `may not delete ${documentName} ${id}`);
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
