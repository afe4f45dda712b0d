/**
 * Legacy single-copy actors (world.addLegacyActor for scene-double.ts, and damage-double.ts's
 * SystemActorDouble); world.addActor's actors are on the runtime model (runtime/actor.ts). Modelled on what
 * Foundry's public API documents and open systems rely on:
 * - `actor.effects` is a collection of the actor's ActiveEffects; `createEmbeddedDocuments`,
 *   `updateEmbeddedDocuments` and `deleteEmbeddedDocuments("ActiveEffect", …)` write them in one batch
 *   (dnd5e and the "Times Up" module expire effects with one such call per actor).
 * - An effect's `duration` is core's EffectDurationData (`seconds`, `rounds`, `turns`, `startTime`,
 *   `combat`, …); core fills `startTime` with the world time when the effect is made (Foundry API
 *   docs, EffectDurationData: "The world time when the active effect first started").
 * - `origin` is the UUID of the document the effect came from; an actor's UUID is `Actor.<id>`.
 * - Document hooks (`createActiveEffect`, `updateActiveEffect`, `deleteActiveEffect`) run on EVERY
 *   connected client, as core fires them, so a test sees what a player's client would do.
 * - The GM and the actor's owners may write its effects; anyone else is refused as the server would.
 * - Status effects (v13): an effect's `statuses` is a Set of status ids; `actor.statuses` is the Set of
 *   the ids of its active (not disabled) effects, which dnd5e and Draw Steel read with
 *   `actor.statuses.has(id)`. `toggleStatusEffect(id, { active })` is what the token HUD calls: with
 *   `active: false` it deletes every effect carrying the status, with `active: true` it makes one only
 *   when none carries it, and without `active` it flips (core's behaviour, as the GURPS system's
 *   override of it and modules calling it with `{ active }` show).
 * Only linked actors are modelled (a combatant's `actor` is the world actor of its `actorId`).
 */
type Obj = Record<string, unknown>;

export interface ClientUser {
  readonly id: string;
  readonly isGM: boolean;
  readonly active: boolean;
}

export interface ActorWorld {
  readonly writes: { document: string; userId: string; bytes: number; data: unknown }[];
  current(): ClientUser;
  clients(): readonly ClientUser[];
  as<T>(user: ClientUser, fn: () => Promise<T>): Promise<T>;
  callHook(name: string, ...args: unknown[]): void;
  newId(): string;
  worldTime(): number;
  /** Foundry's merge of an update into stored data (foundry-world.ts). */
  merge(target: Obj, update: Obj): Obj;
}

export class EffectDouble {
  readonly documentName = "ActiveEffect";
  readonly id: string;
  name: string;
  origin: string | null;
  disabled: boolean;
  duration: Obj;
  flags: Obj;
  readonly statuses: Set<string>;
  constructor(
    readonly parent: ActorDouble,
    data: Obj,
    worldTime: number,
  ) {
    this.id = String(data._id);
    this.name = String(data.name ?? this.id);
    this.origin = typeof data.origin === "string" ? data.origin : null;
    this.disabled = data.disabled === true;
    const duration = (data.duration as Obj | undefined) ?? {};
    this.duration = { startTime: worldTime, seconds: null, rounds: null, turns: null, combat: null, ...duration };
    this.flags = (data.flags as Obj | undefined) ?? {};
    this.statuses = new Set(Array.isArray(data.statuses) ? data.statuses.map(String) : []);
    this.img = typeof data.img === "string" ? data.img : null;
  }
  img: string | null;
  get uuid(): string {
    return `${this.parent.uuid}.ActiveEffect.${this.id}`;
  }
}

class EffectCollection {
  readonly #map = new Map<string, EffectDouble>();
  get size(): number {
    return this.#map.size;
  }
  get contents(): EffectDouble[] {
    return [...this.#map.values()];
  }
  get(id: string): EffectDouble | undefined {
    return this.#map.get(id);
  }
  set(id: string, effect: EffectDouble): void {
    this.#map.set(id, effect);
  }
  delete(id: string): void {
    this.#map.delete(id);
  }
  [Symbol.iterator](): Iterator<EffectDouble> {
    return this.#map.values();
  }
}

export class ActorDouble {
  readonly documentName = "Actor";
  readonly effects = new EffectCollection();
  readonly owners: Set<string>;
  constructor(
    readonly world: ActorWorld,
    readonly id: string,
    readonly name: string,
    owners: readonly string[],
  ) {
    this.owners = new Set(owners);
  }
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  /** v13: the status ids of the actor's active effects. */
  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const effect of this.effects) if (!effect.disabled) for (const id of effect.statuses) out.add(id);
    return out;
  }
  /** The token HUD's toggle (see the file comment); status entries come from `CONFIG.statusEffects`. */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<boolean> {
    const carrying = this.effects.contents.filter((e) => e.statuses.has(statusId)).map((e) => e.id);
    const on = active ?? carrying.length === 0;
    if (!on && carrying.length > 0) await this.deleteEmbeddedDocuments("ActiveEffect", carrying);
    if (on && carrying.length === 0) {
      const list = (globalThis as { CONFIG?: { statusEffects?: Obj[] } }).CONFIG?.statusEffects ?? [];
      const status = list.find((s) => s.id === statusId);
      if (status === undefined) throw new Error(`Foundry double: no status effect ${statusId}`);
      await this.createEmbeddedDocuments("ActiveEffect", [
        { name: status.name, img: status.img, statuses: [statusId] },
      ]);
    }
    return on;
  }
  #check(name: string): ClientUser {
    const user = this.world.current();
    if (name !== "ActiveEffect") throw new Error(`Foundry double: actors hold no ${name} here`);
    if (!user.isGM && !this.owners.has(user.id)) {
      throw new Error("Foundry double: only the GM and the actor's owners may write its effects");
    }
    return user;
  }
  /** Fires a document hook on every connected client. */
  async #everywhere(hook: string, ...args: unknown[]): Promise<void> {
    for (const client of this.world.clients()) {
      await this.world.as(client, async () => this.world.callHook(hook, ...args));
    }
  }
  /** `options` reach the hooks as core passes a write's operation options (Tempo's own marks). */
  async createEmbeddedDocuments(name: string, list: Obj[], options: Obj = {}): Promise<EffectDouble[]> {
    const user = this.#check(name);
    const created = list.map((d) => new EffectDouble(this, { _id: this.world.newId(), ...d }, this.world.worldTime()));
    for (const e of created) this.effects.set(e.id, e);
    this.world.writes.push({ document: "ActiveEffect", userId: user.id, bytes: 0, data: structuredClone(list) });
    for (const e of created) await this.#everywhere("createActiveEffect", e, options, user.id);
    return created;
  }
  async updateEmbeddedDocuments(name: string, changes: Obj[]): Promise<EffectDouble[]> {
    const user = this.#check(name);
    const updated = changes.map((change) => {
      const effect = this.effects.get(String(change._id));
      if (effect === undefined) throw new Error(`Foundry double: no effect ${String(change._id)}`);
      return effect;
    });
    this.world.writes.push({ document: "ActiveEffect", userId: user.id, bytes: 0, data: structuredClone(changes) });
    changes.forEach((change, i) => {
      const effect = updated[i] as EffectDouble;
      if ("disabled" in change) effect.disabled = change.disabled === true;
      if (typeof change.flags === "object" && change.flags !== null) {
        effect.flags = this.world.merge(effect.flags, change.flags as Obj);
      }
      if (typeof change.duration === "object" && change.duration !== null) {
        effect.duration = this.world.merge(effect.duration, change.duration as Obj);
      }
    });
    for (const [i, e] of updated.entries()) await this.#everywhere("updateActiveEffect", e, changes[i], {}, user.id);
    return updated;
  }
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Obj = {}): Promise<void> {
    const user = this.#check(name);
    const gone = ids.map((id) => this.effects.get(id)).filter((e) => e !== undefined);
    for (const id of ids) this.effects.delete(id);
    this.world.writes.push({ document: "ActiveEffect", userId: user.id, bytes: 0, data: [...ids] });
    for (const e of gone) await this.#everywhere("deleteActiveEffect", e, options, user.id);
  }
}
