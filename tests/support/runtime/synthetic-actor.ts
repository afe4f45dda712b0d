/**
 * The actor of an unlinked token (scene.ts): its base world actor's source with the token's ActorDelta
 * (`token.delta`) over it, and its effects. `actor.isToken` is true, `actor.token` is the token document
 * and the actor keeps its base actor's id; its UUID is `Scene.<s>.Token.<t>.Actor.<a>` (pf2e's
 * ActorDeltaPF2e rebuilds the synthetic actor whenever the delta changes; dnd5e and pf2e resolve such
 * UUIDs with `fromUuid`).
 *
 * Its effects (issue 20): the base actor's, with those the delta stores over them by id. The delta stores
 * its effects as sources in `token.delta.effects` (dnd5e's world migration rewrites an unlinked token's
 * effects through `token.actor.update({effects})`, one token at a time, "to avoid issues with ActorDelta
 * bulk updates", foundryvtt/dnd5e module/migration.mjs `migrateWorld`; ddb-importer reads
 * `sceneToken.delta.effects` as an array of effect sources).
 *
 * Modelling choices (not claims about core): the synthetic actor and its effects are refreshed in place
 * when the delta or the base actor changes; an effect's `parent` is the synthetic actor; its creates and
 * updates run `_preCreate`/`_preUpdate` and the pre-hooks on the calling client, then are ONE Token update
 * of the whole `delta.effects` array (the model's one write of the ActorDelta); the `createActiveEffect`
 * and `updateActiveEffect` hooks are not fired on the receiving clients (the Token's are); deleting an
 * effect only the base actor has (core keeps a tombstone in the delta) is not modelled; `here()` of such an
 * effect is its own client's copy only. Its items are the base actor's, read only (`syncItems`).
 */
import { expandDotted, isObj, mergeUpdate, type Obj } from "./diff.ts";
import { ClientDocument, type ClientPort } from "./document.ts";
import { ActiveEffectModel, ActorModel, ItemModel } from "./actor.ts";
import type { TokenModel } from "./scene.ts";

const deltaEffects = (delta: unknown): Obj[] =>
  isObj(delta) && Array.isArray(delta.effects) ? delta.effects.filter(isObj) : [];

/** The synthetic actor's own source: the base actor's with the delta over it (the delta's effects apart). */
export function syntheticSource(base: ActorModel, delta: unknown): Obj {
  const { effects: _effects, ...over } = isObj(delta) ? delta : {};
  return { ...mergeUpdate(base._source, over), _id: base.id };
}

export class SyntheticActorModel extends ActorModel {
  override readonly isToken: boolean = true;
  constructor(
    source: Obj,
    readonly token: TokenModel,
    client: ClientPort,
  ) {
    super(source, { client });
  }
  override get uuid(): string {
    return `${this.token.uuid}.Actor.${this.id ?? ""}`;
  }
  /** The running client's synthetic actor of the same token. */
  override here(): this {
    const token = this.token.here();
    return (token === this.token ? this : token.actor) as this;
  }
  override async update(data: Obj, options: Obj = {}): Promise<this> {
    const changes = expandDotted(data);
    delete changes._id;
    await this.token.update({ delta: changes }, options);
    return this;
  }

  /** The effect sources the token's delta stores now. */
  get deltaEffectSources(): Obj[] {
    return deltaEffects(this.token._source.delta);
  }

  /**
   * Its items: the base actor's, each a model of its own whose parent is this actor (so its UUID is
   * `Scene.<s>.Token.<t>.Actor.<a>.Item.<i>`, and `item.actor` is this token's creature). Core's ActorDelta
   * starts with empty collections and "inherit[s] them all from the base actor"; an item changed, created or
   * deleted on the token's actor is stored in the delta and combined with the base actor's collection
   * (foundryvtt/foundryvtt#9095); an item added to the base actor shows on its unlinked tokens' actors
   * (foundryvtt/foundryvtt#9466, whose steps add one to the base and delete it from the token's actor).
   * Modelling choice: read here only; items the delta stores over the base actor's are not modelled.
   */
  syncItems(base: ActorModel): void {
    for (const id of [...this.items.keys()]) if (!base.items.has(id)) this.items.delete(id);
    for (const item of base.items) {
      const id = item.id ?? "";
      const own = this.items.get(id);
      if (own !== undefined && JSON.stringify(own._source) === JSON.stringify(item._source)) continue;
      const copy = new ItemModel(item._source, { parent: this, client: this.client });
      copy.prepareData();
      this.items.set(id, copy);
    }
  }

  /** Sets the effects from the base actor's and the delta's sources, changing the models it has in place. */
  syncEffects(base: ActorModel): void {
    const sources = new Map<string, Obj>();
    for (const effect of base.effects) sources.set(effect.id ?? "", effect._source);
    for (const source of this.deltaEffectSources) sources.set(String(source._id), source);
    for (const id of [...this.effects.keys()]) if (!sources.has(id)) this.effects.delete(id);
    for (const [id, source] of sources) {
      const own = this.effects.get(id);
      if (own === undefined) this.effects.set(id, new ActiveEffectModel(source, { parent: this, client: this.client }));
      else if (JSON.stringify(own._source) !== JSON.stringify(source)) own.resetSource(source);
    }
  }

  /** One Token update of the delta's effects; this client's models of `ids` after it. */
  async #writeEffects(list: Obj[], options: Obj, ids: readonly unknown[]): Promise<ClientDocument[]> {
    await this.token.update({ delta: { effects: list } }, options);
    const actor = this.token.actor;
    return ids.map((id) => actor?.effects.get(String(id))).filter((e) => e !== undefined);
  }

  override async createEmbeddedDocuments(
    documentName: string,
    data: Obj[],
    options: Obj = {},
  ): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.createEmbeddedDocuments(documentName, data, options);
    if (documentName !== "ActiveEffect") throw new Error(`Runtime model: no ${documentName} on a token's actor`);
    const list = this.deltaEffectSources;
    const sends: Obj[] = [];
    for (const raw of data) {
      const temp = new ActiveEffectModel(expandDotted(raw), { parent: this, client: this.client });
      const sent = await ClientDocument.preCreate(temp, raw, options);
      if (sent === null) continue;
      const id = `${(this.token.id ?? "").slice(0, 8)}fx${String(list.length + sends.length).padStart(6, "0")}`;
      sends.push({ ...sent, _id: typeof sent._id === "string" ? sent._id : id });
    }
    return sends.length === 0
      ? []
      : this.#writeEffects(
          [...list, ...sends],
          options,
          sends.map((s) => s._id),
        );
  }

  override async updateEmbeddedDocuments(
    documentName: string,
    updates: Obj[],
    options: Obj = {},
  ): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.updateEmbeddedDocuments(documentName, updates, options);
    if (documentName !== "ActiveEffect") throw new Error(`Runtime model: no ${documentName} on a token's actor`);
    const list = this.deltaEffectSources;
    const changed: unknown[] = [];
    for (const raw of updates) {
      const effect = this.effects.get(String(raw._id));
      if (effect === undefined) throw new Error(`Runtime model: no ActiveEffect ${String(raw._id)} on ${this.uuid}`);
      const changes = await ClientDocument.preUpdate(effect, expandDotted(raw), options);
      if (changes === null) continue;
      const { _id, ...diff } = changes;
      const next = mergeUpdate(effect._source, diff);
      const at = list.findIndex((s) => s._id === _id);
      if (at >= 0) list[at] = next;
      else list.push(next); // a base actor's effect changed on this token: the delta keeps its own copy
      changed.push(_id);
    }
    return changed.length === 0 ? [] : this.#writeEffects(list, options, changed);
  }

  override async deleteEmbeddedDocuments(
    documentName: string,
    ids: string[],
    options: Obj = {},
  ): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.deleteEmbeddedDocuments(documentName, ids, options);
    const list = this.deltaEffectSources;
    if (documentName !== "ActiveEffect" || ids.some((id) => !list.some((s) => s._id === id)))
      throw new Error("Runtime model: only the token's own ActiveEffects are deleted from its actor");
    const gone = ids.map((id) => this.effects.get(id)).filter((e) => e !== undefined);
    await this.#writeEffects(
      list.filter((s) => !ids.includes(String(s._id))),
      options,
      [],
    );
    return gone;
  }
}
