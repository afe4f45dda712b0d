/**
 * Core's Actor with its embedded Items and ActiveEffects on one client, as public sources show v13:
 * - an actor's `ownership` maps user ids (and `default`) to CONST.DOCUMENT_OWNERSHIP_LEVELS (NONE,
 *   LIMITED, OBSERVER, OWNER; API `DocumentOwnershipField`); a GM owns everything. Embedded Items and
 *   ActiveEffects have their parent actor's level: the actor's owner may create them
 *   (foundryvtt/foundryvtt#12938 shows a player's `Item.create(data, { parent: actor })` succeed), and
 *   their own `ownership` is a GM's to change (the server error quoted in the same issue). The server
 *   (server.ts) enforces it on every write.
 * - `actor.statuses` is the Set of status ids of its active (not disabled) effects (v11+; dnd5e and
 *   Draw Steel read `actor.statuses.has(id)`); `toggleStatusEffect(id, { active })` is what the token
 *   HUD calls: with `active: false` it deletes every effect carrying the status, with `active: true`
 *   it makes one only when none carries it, and without `active` it flips (the GURPS system's
 *   override of it and modules calling it with `{ active }` show core's behaviour).
 * - an effect's `duration.startTime` is the world time when it is made (API EffectDurationData: "The
 *   world time when the active effect first started"), filled on the creating client; in v14 it is
 *   `start.time` (EffectStartData: "The world time when the Effect first started"). v14's effect shape
 *   and its warnings on v13's fields: active-effect-shape.ts.
 * - `Actor.updateDocuments(list)` is ONE write for several actors (API: "update multiple Documents
 *   in a single transaction"); the server refuses the whole batch when one change is refused.
 *   `createDocuments` and `deleteDocuments` are one write each too.
 * - `actor.prototypeToken` is the token data a new token of it starts from, and
 *   `actor.getTokenDocument(data)` a temporary token of that data with `data` over it and `actorId` set
 *   (API Actor#getTokenDocument; dnd5e's and Draw Steel's placement helpers call it); `pack` is null
 *   for a world actor (uuid.ts for compendium ones) and `_stats.compendiumSource` the UUID it was
 *   imported from.
 */
import { Collection } from "./collection.ts";
import { currentClient } from "./context.ts";
import { expandDotted, isObj, type Obj } from "./diff.ts";
import { warnLegacyDeletion } from "./operators.ts";
import { ClientDocument, type ClientPort, type DocumentContext, type UserLike } from "./document.ts";
import { actorLevel, OWNERSHIP } from "./permissions.ts";
import { preparedDuration, shimLegacyEffectData } from "./active-effect-shape.ts";
import { worldGeneration } from "./generation.ts";

export class ActiveEffectModel extends ClientDocument {
  static override documentName = "ActiveEffect" as const;
  get origin(): string | null {
    return typeof this._source.origin === "string" ? this._source.origin : null;
  }
  get disabled(): boolean {
    return this._source.disabled === true;
  }
  get img(): string | null {
    return typeof this._source.img === "string" ? this._source.img : null;
  }
  get duration(): Obj {
    if (worldGeneration.current >= 14) return preparedDuration(this._source);
    return isObj(this._source.duration) ? this._source.duration : {};
  }
  /** v14's start block (v13 has none). */
  get start(): Obj | undefined {
    if (worldGeneration.current < 14) return undefined;
    return isObj(this._source.start) ? this._source.start : {};
  }
  get statuses(): Set<string> {
    return new Set(Array.isArray(this._source.statuses) ? this._source.statuses.map(String) : []);
  }
  override getUserLevel(user: UserLike): number {
    return this.parent?.getUserLevel(user) ?? (user.isGM ? OWNERSHIP.OWNER : OWNERSHIP.NONE);
  }
  /** v14 only: whether `event` is this effect's expiry event (effect-registry.ts; v13 has no such method). */
  isExpiryEvent(event: string, _context: Obj = {}): boolean {
    if (worldGeneration.current < 14) throw new Error("Runtime model: ActiveEffect#isExpiryEvent is v14's");
    return event === this.duration.expiry;
  }
  protected override async _preCreate(data: Obj, options: Obj, user: UserLike): Promise<boolean | undefined> {
    shimLegacyEffectData(this._source);
    const time = (currentClient().game as { time: { worldTime: number } }).time.worldTime;
    if (worldGeneration.current >= 14) {
      if (this.start?.time === null || this.start?.time === undefined) this.updateSource({ start: { time } });
      // v14 core's `getEffectStart(combat)`: "the initial start data for a newly-created ActiveEffect,
      // based on the supplied Combat (defaulting to game.combat)" (dnd5e PR #6837 calls it in `_preCreate`).
      const combat = (
        currentClient().game as {
          combat?: { id: string | null; round: number; turn: number | null; combatant?: { id: string | null } } | null;
        }
      ).combat;
      if (this.start?.combat == null && combat != null)
        this.updateSource({
          start: { combat: combat.id, combatant: combat.combatant?.id ?? null, round: combat.round, turn: combat.turn },
        });
    } else if (this.duration.startTime === null || this.duration.startTime === undefined) {
      this.updateSource({ duration: { startTime: time } });
    }
    return super._preCreate(data, options, user);
  }
  protected override async _preUpdate(changes: Obj, options: Obj, user: UserLike): Promise<boolean | undefined> {
    shimLegacyEffectData(changes);
    return super._preUpdate(changes, options, user);
  }
}

/**
 * An Item, world or owned, with its own ActiveEffects (`item.effects`; dnd5e's world migration walks
 * `game.items` and writes each item's `effects`, foundryvtt/dnd5e module/migration.mjs `migrateWorld`).
 * An owned item's level is its actor's; a world item's is its own `ownership`.
 */
export class ItemModel extends ClientDocument {
  static override documentName = "Item" as const;
  readonly effects = new Collection<ActiveEffectModel>();
  override getEmbeddedCollection(documentName: string): Collection<ClientDocument> & Map<string, ClientDocument> {
    if (documentName !== "ActiveEffect") return super.getEmbeddedCollection(documentName) as never;
    return this.effects as unknown as Collection<ClientDocument> & Map<string, ClientDocument>;
  }
  get actor(): ActorModel | null {
    return this.parent instanceof ActorModel ? this.parent : null;
  }
  get img(): string | null {
    return typeof this._source.img === "string" ? this._source.img : null;
  }
  override getUserLevel(user: UserLike): number {
    return this.parent?.getUserLevel(user) ?? actorLevel(this._source, user);
  }
}

export class ActorModel extends ClientDocument {
  static override documentName = "Actor" as const;
  readonly items = new Collection<ItemModel>();
  readonly effects = new Collection<ActiveEffectModel>();
  readonly isToken: boolean = false;

  constructor(source: Obj = {}, context: Partial<DocumentContext> = {}) {
    super(source, context);
  }

  get img(): string | null {
    return typeof this._source.img === "string" ? this._source.img : null;
  }
  get pack(): string | null {
    return null;
  }
  get _stats(): Obj {
    return isObj(this._source._stats) ? this._source._stats : {};
  }
  get prototypeToken(): Obj {
    return { name: this.name, width: 1, height: 1, actorLink: false, disposition: -1, ...this.#prototype() };
  }
  #prototype(): Obj {
    return isObj(this._source.prototypeToken) ? this._source.prototypeToken : {};
  }
  async getTokenDocument(data: Obj = {}): Promise<ClientDocument> {
    const Token = this.client.documentClass("Token");
    return new Token({ ...this.prototypeToken, actorId: this.id, ...data }, { client: this.client });
  }
  get ownership(): Obj {
    return isObj(this._source.ownership) ? this._source.ownership : {};
  }
  override getUserLevel(user: UserLike): number {
    return actorLevel(this._source, user);
  }
  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const effect of this.effects) if (!effect.disabled) for (const id of effect.statuses) out.add(id);
    return out;
  }

  override getEmbeddedCollection(documentName: string): Collection<ClientDocument> & Map<string, ClientDocument> {
    const collection = documentName === "Item" ? this.items : documentName === "ActiveEffect" ? this.effects : null;
    if (collection === null) return super.getEmbeddedCollection(documentName) as never;
    return collection as unknown as Collection<ClientDocument> & Map<string, ClientDocument>;
  }

  /** Core prepares embedded documents before the actor's derived data. */
  override prepareData(): void {
    for (const item of this.items) item.prepareData();
    super.prepareData();
  }

  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<boolean> {
    const here = this.here();
    if (here !== this) return here.toggleStatusEffect(statusId, { active });
    const carrying = this.effects.filter((e) => e.statuses.has(statusId)).map((e) => e.id ?? "");
    const on = active ?? carrying.length === 0;
    if (!on && carrying.length > 0) await this.deleteEmbeddedDocuments("ActiveEffect", carrying);
    if (on && carrying.length === 0) {
      const list = (currentClient().CONFIG as { statusEffects?: Obj[] }).statusEffects ?? [];
      const status = list.find((s) => s.id === statusId);
      if (status === undefined) throw new Error(`Runtime model: no status effect ${statusId}`);
      await this.createEmbeddedDocuments("ActiveEffect", [
        { name: status.name, img: status.img, statuses: [statusId] },
      ]);
    }
    return on;
  }

  /** Core's `Actor.createDocuments(data)`: one create operation for several world actors. */
  static async createDocuments(data: readonly Obj[], options: Obj = {}): Promise<ClientDocument[]> {
    const client = currentClient() as unknown as ClientPort;
    const Class = client.documentClass("Actor");
    const sends: Obj[] = [];
    for (const raw of data) {
      const sent = await ClientDocument.preCreate(new Class(expandDotted(raw), { client }), raw, options);
      if (sent !== null) sends.push(sent);
    }
    if (sends.length === 0) return [];
    const result = await client.request({
      action: "create",
      documentName: "Actor",
      parentId: null,
      data: sends,
      options,
    });
    const ids = ((result?.result ?? []) as Obj[]).map((s) => String(s._id));
    return ids.map((id) => client.worldDocument("Actor", id)).filter((d) => d !== undefined);
  }

  /** Core's `Actor.deleteDocuments(ids)`: one delete operation for several world actors. */
  static async deleteDocuments(ids: readonly string[], options: Obj = {}): Promise<ClientDocument[]> {
    const client = currentClient() as unknown as ClientPort;
    const docs = ids.map((id) => client.worldDocument("Actor", id)).filter((d) => d !== undefined);
    if (docs.length > 0)
      await client.request({ action: "delete", documentName: "Actor", parentId: null, data: [...ids], options });
    return docs;
  }

  /** Core's `Actor.updateDocuments(changes)`: one update operation for several world actors. */
  static async updateDocuments(changes: readonly Obj[], options: Obj = {}): Promise<ClientDocument[]> {
    const client = currentClient() as unknown as ClientPort;
    const docs = changes.map((c) => client.worldDocument("Actor", String(c._id)));
    for (const change of changes) warnLegacyDeletion(change);
    const sends: Obj[] = [];
    for (const [i, doc] of docs.entries()) {
      if (doc === undefined) throw new Error(`Runtime model: no actor ${String(changes[i]?._id)}`);
      const sent = await ClientDocument.preUpdate(doc, expandDotted(changes[i] ?? {}), options);
      if (sent !== null) sends.push(sent);
    }
    if (sends.length > 0)
      await client.request({ action: "update", documentName: "Actor", parentId: null, data: sends, options });
    return docs.filter((d) => d !== undefined);
  }
}
