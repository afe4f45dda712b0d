/**
 * A client's copy of a document, with Foundry's client-side lifecycle (v13 `ClientDocumentMixin`, as
 * the Document API pages and every system's overrides show it):
 * - `update`, `delete`, `createEmbeddedDocuments`, `updateEmbeddedDocuments`,
 *   `deleteEmbeddedDocuments` and `static create` run `_preCreate` / `_preUpdate` / `_preDelete` and the
 *   `preCreateX` / `preUpdateX` / `preDeleteX` hooks on the initiating client only (a `false` from
 *   either cancels that document); the update is diffed against this client's source first and an
 *   empty diff is not sent;
 * - the server's result is applied on every client in delivery order: the source changes, then
 *   `_onCreate` / `_onUpdate` / `_onDelete`, the `createX` / `updateX` / `deleteX` hooks, and the
 *   parent's `_onCreateDescendantDocuments` / `_onUpdateDescendantDocuments` /
 *   `_onDeleteDescendantDocuments` (Draw Steel's and dnd5e's combat overrides of these run on every
 *   client, which is why they guard their writes with `game.users.activeGM?.isSelf`; the order and its
 *   sources: client.ts `receive`).
 * A document belongs to one client; calling it from another client's code is a test error.
 */
import { diffUpdate, expandDotted, isObj, mergeUpdate, type Obj } from "./diff.ts";
import type { TypeDataModel } from "./fields.ts";
import { OWNERSHIP } from "./permissions.ts";
import { currentClient } from "./context.ts";
import { modelClock } from "./clock.ts";
import { flagDeletion, warnLegacyDeletion } from "./operators.ts";
import type { DocumentName, ModifyRequest, ModifyResult } from "./protocol.ts";

export interface UserLike {
  readonly id: string;
  readonly isGM: boolean;
}

/** What a document needs of the client it lives on (client.ts). */
export interface ClientPort {
  readonly id: string;
  readonly user: UserLike;
  readonly users: readonly UserLike[];
  request(request: Omit<ModifyRequest, "userId">): Promise<ModifyResult | null>;
  dataModel(
    documentName: DocumentName,
    type: string,
  ): (new (data: Obj, options: { parent: unknown }) => TypeDataModel) | null;
  documentClass(documentName: DocumentName): new (source: Obj, context: DocumentContext) => ClientDocument;
  combatantLevel(source: Obj, userId: string): number;
  actor(actorId: string | null): unknown;
  callHook(name: string, ...args: unknown[]): boolean;
  /** Writes a core method call (a turn event) to the hook ledger. */
  record(name: string, args: readonly unknown[]): void;
  worldDocument(documentName: DocumentName, id: string): ClientDocument | undefined;
  /** This client's copy of a document (by name, id and parent id). */
  copyOf(documentName: DocumentName, id: string, parentId: string | null): ClientDocument | undefined;
}

export interface DocumentContext {
  readonly parent?: ClientDocument | null;
  readonly client: ClientPort;
}

const LEVELS: Readonly<Record<string, number>> = OWNERSHIP;

export abstract class ClientDocument {
  static documentName: DocumentName;
  _source: Obj;
  system: unknown = {};
  readonly parent: ClientDocument | null;
  readonly client: ClientPort;

  /** `new Combat(data)` with no context is a temporary document of the running client (core allows it). */
  constructor(source: Obj = {}, context: Partial<DocumentContext> = {}) {
    // Core's copy of the source it is given is its own work (clock.ts), as the system model's cleaning is.
    this._source = modelClock.measure(() => structuredClone(source));
    this.parent = context.parent ?? null;
    this.client = context.client ?? (currentClient() as unknown as ClientPort);
    this.#buildSystem();
    this._initialize();
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof ClientDocument).documentName;
  }
  get id(): string | null {
    return typeof this._source._id === "string" ? this._source._id : null;
  }
  get _id(): string | null {
    return this.id;
  }
  get type(): string {
    return String(this._source.type ?? "base");
  }
  get name(): string {
    return String(this._source.name ?? "");
  }
  get flags(): Obj {
    return (this._source.flags as Obj | undefined) ?? {};
  }
  get uuid(): string {
    const own = `${this.documentName}.${this.id ?? ""}`;
    return this.parent === null ? own : `${this.parent.uuid}.${own}`;
  }

  #buildSystem(): void {
    const Model = this.client.dataModel(this.documentName, this.type);
    const data = isObj(this._source.system) ? this._source.system : {};
    // Cleaning and validating the source is Foundry's work (clock.ts); prepareData below is the system's.
    this.system = modelClock.measure(() =>
      Model === null ? structuredClone(data) : new Model(data, { parent: this }),
    );
  }

  /**
   * Rebuilds derived data as core's `prepareData` does: base, then the embedded documents, then
   * derived (API v13 ClientDocument#prepareData; the community wiki's "From Load to Render" guide). It
   * does not reset fields from the source: `_initialize` does, when the source changes.
   */
  prepareData(): void {
    const system = this.system as { prepareBaseData?(): void; prepareDerivedData?(): void };
    system.prepareBaseData?.();
    this.prepareEmbeddedDocuments();
    system.prepareDerivedData?.();
  }

  /** Core's `prepareEmbeddedDocuments`: each embedded document prepares its data (subclasses with some override). */
  prepareEmbeddedDocuments(): void {}

  /**
   * Core's `_initialize`: the document's fields set from its source again (a prepared value such as
   * a derived `combatant.initiative` is reset to the stored one), before `prepareData` runs. Subclasses
   * whose fields a system may prepare override it.
   */
  protected _initialize(): void {}

  /** Replaces this copy's whole source (a test's time machine, runtime.ts `restoreCombat`). */
  resetSource(source: Obj): void {
    this._source = structuredClone(source);
    this.#buildSystem();
    this._initialize();
    this.prepareData();
  }

  /** Changes this client's copy only (core's `updateSource`, used in `_preCreate`). */
  updateSource(changes: Obj): Obj {
    const diff = modelClock.measure(() => diffUpdate(this._source, expandDotted(changes)));
    this._source = modelClock.measure(() => mergeUpdate(this._source, diff));
    if ("system" in diff || "type" in diff) this.#buildSystem();
    this._initialize();
    this.prepareData();
    return diff;
  }

  toObject(): Obj {
    return modelClock.measure(() => structuredClone(this._source));
  }

  getFlag(scope: string, key: string): unknown {
    const scoped = this.flags[scope];
    return isObj(scoped) ? scoped[key] : undefined;
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    return this.update(flagDeletion(scope, key));
  }

  /** This user's ownership level (a GM owns everything). */
  getUserLevel(user: UserLike): number {
    return user.isGM ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
  }
  testUserPermission(user: UserLike, level: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const wanted = typeof level === "number" ? level : (LEVELS[level] ?? OWNERSHIP.OWNER);
    const has = this.getUserLevel(user);
    return exact ? has === wanted : has >= wanted;
  }
  /** Core's `isOwner` asks about `game.user`, the running client's user. */
  get isOwner(): boolean {
    return this.testUserPermission((currentClient() as unknown as ClientPort).user ?? this.client.user, "OWNER");
  }
  get hasPlayerOwner(): boolean {
    return this.client.users.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  canUserModify(user: UserLike, _action: string): boolean {
    return this.testUserPermission(user, "OWNER");
  }

  // Lifecycle methods a subclass overrides (core's are no-ops here unless a subclass says otherwise).
  protected async _preCreate(_data: Obj, _options: Obj, _user: UserLike): Promise<boolean | undefined> {
    return undefined;
  }
  /** Core's `_preUpdate` gives the system model its say (TypeDataModel#_preUpdate, v11+; dnd5e clamps there). */
  protected async _preUpdate(changes: Obj, options: Obj, user: UserLike): Promise<boolean | undefined> {
    const system = this.system as { _preUpdate?(c: Obj, o: Obj, u: UserLike): Promise<boolean | undefined> };
    if (typeof system._preUpdate === "function") return system._preUpdate(changes, options, user);
    return undefined;
  }
  protected async _preDelete(_options: Obj, _user: UserLike): Promise<boolean | undefined> {
    return undefined;
  }
  protected _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
  protected _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
  protected _onDelete(_options: Obj, _userId: string): void {}
  protected _onCreateDescendantDocuments(..._args: unknown[]): void {}
  protected _onUpdateDescendantDocuments(..._args: unknown[]): void {}
  protected _onDeleteDescendantDocuments(..._args: unknown[]): void {}

  /** The embedded collection of `documentName` (subclasses with embedded documents override). */
  getEmbeddedCollection(documentName: string): Map<string, ClientDocument> & { contents: ClientDocument[] } {
    throw new Error(`Runtime model: ${this.documentName} has no embedded ${documentName}`);
  }

  /**
   * The running client's copy of this document. A test may hold one client's copy and act as another
   * user (`world.as`); the action then happens where it would in Foundry: on that user's own copy.
   */
  here(): this {
    const running = currentClient() as unknown as ClientPort;
    if (running === this.client || typeof running.copyOf !== "function") return this;
    const copy = running.copyOf(this.documentName, this.id ?? "", this.parent?.id ?? null);
    if (copy === undefined) throw new Error(`Runtime model: ${this.uuid} is not on client ${running.id}`);
    return copy as this;
  }

  async update(data: Obj, options: Obj = {}): Promise<this> {
    const here = this.here();
    if (here !== this) return here.update(data, options);
    if (this.parent !== null) {
      await this.parent.updateEmbeddedDocuments(this.documentName, [{ ...data, _id: this.id }], options);
      return this;
    }
    warnLegacyDeletion(data);
    const changes = await this.#preUpdate(
      this,
      modelClock.measure(() => expandDotted(data)),
      options,
    );
    if (changes === null) return this;
    await this.client.request({
      action: "update",
      documentName: this.documentName,
      parentId: null,
      data: [changes],
      options,
    });
    return this;
  }

  async delete(options: Obj = {}): Promise<this> {
    const here = this.here();
    if (here !== this) return here.delete(options);
    if (this.parent !== null) {
      await this.parent.deleteEmbeddedDocuments(this.documentName, [this.id ?? ""], options);
      return this;
    }
    if (!(await this.#preDelete(this, options))) return this;
    await this.client.request({
      action: "delete",
      documentName: this.documentName,
      parentId: null,
      data: [this.id ?? ""],
      options,
    });
    return this;
  }

  async #preUpdate(doc: ClientDocument, changes: Obj, options: Obj): Promise<Obj | null> {
    return ClientDocument.preUpdate(doc, changes, options);
  }

  /**
   * Diffs `changes` against `doc`'s source and runs `_preUpdate` and the pre-hook; null: nothing to send.
   * The expansion of dotted keys and the diff are Foundry's own work on the initiating client (API v13/v14
   * `DatabaseUpdateOperation#diff`: "Difference each update object against current Document data and only
   * use differential data for the update operation"; `_preUpdate` is given the candidate changes): on the
   * model clock, as the receiving side's diff and merge are (`receiveUpdate`), so a bench does not book them
   * to Tempo. `_preUpdate` and the pre-hook run the system's and modules' code, and stay off it.
   */
  static async preUpdate(doc: ClientDocument, changes: Obj, options: Obj): Promise<Obj | null> {
    const user = doc.client.user;
    const diff = modelClock.measure(() => diffUpdate(doc._source, { ...changes, _id: undefined }));
    delete diff._id;
    if (Object.keys(diff).length === 0) return null;
    if ((await doc._preUpdate(diff, options, user)) === false) return null;
    if (!doc.client.callHook(`preUpdate${doc.documentName}`, doc, diff, options, user.id)) return null;
    return { ...diff, _id: doc.id };
  }

  async #preDelete(doc: ClientDocument, options: Obj): Promise<boolean> {
    const user = this.client.user;
    if ((await doc._preDelete(options, user)) === false) return false;
    return this.client.callHook(`preDelete${doc.documentName}`, doc, options, user.id);
  }

  /** Runs `_preCreate` and the pre-hook on a temporary copy; the data to send, or null when cancelled. */
  static async preCreate(doc: ClientDocument, data: Obj, options: Obj): Promise<Obj | null> {
    const user = doc.client.user;
    if ((await doc._preCreate(data, options, user)) === false) return null;
    if (!doc.client.callHook(`preCreate${doc.documentName}`, doc, data, options, user.id)) return null;
    return doc.toObject();
  }

  /** Core's `Combat.implementation`: the configured document class (CONFIG.Combat.documentClass). */
  static get implementation(): unknown {
    return (currentClient() as unknown as ClientPort).documentClass(this.documentName);
  }

  /**
   * Core's `Document.create(data, options)` for a world document, on the running client: `_preCreate`
   * and the pre-hook there, then the server; the client's own copy once its broadcast arrived.
   */
  static async create(
    this: typeof ClientDocument,
    data: Obj = {},
    options: Obj = {},
  ): Promise<ClientDocument | undefined> {
    const client = currentClient() as unknown as ClientPort;
    const Class = client.documentClass(this.documentName);
    const temp = new Class(
      modelClock.measure(() => expandDotted(data)),
      { client },
    );
    const sent = await ClientDocument.preCreate(temp, data, options);
    if (sent === null) return undefined;
    const result = await client.request({
      action: "create",
      documentName: this.documentName,
      parentId: null,
      data: [sent],
      options,
    });
    const id = String((result?.result[0] as Obj | undefined)?._id ?? "");
    return client.worldDocument(this.documentName, id);
  }

  async createEmbeddedDocuments(documentName: string, data: Obj[], options: Obj = {}): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.createEmbeddedDocuments(documentName, data, options);
    const Class = this.client.documentClass(documentName as DocumentName);
    const sends: Obj[] = [];
    for (const raw of data) {
      const temp = new Class(
        modelClock.measure(() => expandDotted(raw)),
        { parent: this, client: this.client },
      );
      const sent = await ClientDocument.preCreate(temp, raw, options);
      if (sent !== null) sends.push(sent);
    }
    if (sends.length === 0) return [];
    const result = await this.client.request({
      action: "create",
      documentName: documentName as DocumentName,
      parentId: this.id,
      data: sends,
      options,
    });
    const collection = this.getEmbeddedCollection(documentName);
    return ((result?.result ?? []) as Obj[]).map((s) => collection.get(String(s._id))).filter((d) => d !== undefined);
  }

  async updateEmbeddedDocuments(documentName: string, updates: Obj[], options: Obj = {}): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.updateEmbeddedDocuments(documentName, updates, options);
    for (const raw of updates) warnLegacyDeletion(raw);
    const collection = this.getEmbeddedCollection(documentName);
    const sends: Obj[] = [];
    for (const raw of updates) {
      const doc = collection.get(String(raw._id));
      if (doc === undefined) throw new Error(`Runtime model: no ${documentName} ${String(raw._id)} on ${this.uuid}`);
      const changes = await this.#preUpdate(
        doc,
        modelClock.measure(() => expandDotted(raw)),
        options,
      );
      if (changes !== null) sends.push(changes);
    }
    if (sends.length === 0) return [];
    await this.client.request({
      action: "update",
      documentName: documentName as DocumentName,
      parentId: this.id,
      data: sends,
      options,
    });
    return sends.map((s) => collection.get(String(s._id))).filter((d) => d !== undefined);
  }

  async deleteEmbeddedDocuments(documentName: string, ids: string[], options: Obj = {}): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.deleteEmbeddedDocuments(documentName, ids, options);
    const collection = this.getEmbeddedCollection(documentName);
    const docs: ClientDocument[] = [];
    for (const id of ids) {
      const doc = collection.get(id);
      if (doc !== undefined && (await this.#preDelete(doc, options))) docs.push(doc);
    }
    if (docs.length === 0) return [];
    await this.client.request({
      action: "delete",
      documentName: documentName as DocumentName,
      parentId: this.id,
      data: docs.map((d) => d.id ?? ""),
      options,
    });
    return docs;
  }

  // The receiving side (client.ts calls these in delivery order).
  /** @internal */ receiveUpdate(diff: Obj, options: Obj, userId: string): void {
    this.updateSource(diff);
    this._onUpdate(diff, options, userId);
  }
  /** @internal */ receiveCreate(options: Obj, userId: string): void {
    this.prepareData();
    this._onCreate(this._source, options, userId);
  }
  /** @internal */ receiveDelete(options: Obj, userId: string): void {
    this._onDelete(options, userId);
  }
  /** @internal */ descendants(kind: "create" | "update" | "delete", ...args: unknown[]): void {
    if (kind === "create") this._onCreateDescendantDocuments(...args);
    else if (kind === "update") this._onUpdateDescendantDocuments(...args);
    else this._onDeleteDescendantDocuments(...args);
  }
}
