/**
 * A Foundry world double for the adapter tests: documents that store, update and diff the way
 * Foundry's public API is documented to, users with ownership, queries, rolls, chat and the clock.
 * Anything not modelled throws (the `strict` proxy of foundry-double.ts), so a test can never pass
 * on a piece of Foundry quietly returning `undefined`.
 *
 * Modelled behaviour and where it is shown:
 * - `Document#update` merges an ObjectField key by key and deletes `-=key` (the way modules remove
 *   flags: `update({"flags.x.-=y": null})`), replaces arrays whole; the write is recorded with its
 *   JSON bytes. The TypeDataModel is rebuilt from the source and `prepareDerivedData` runs after
 *   every write, as for every system's data model (dnd5e, Draw Steel derive values there).
 * - Players may write only `turn` and `round` of a Combat, and only `initiative`, `system`, `flags`
 *   and `defeated` of a Combatant they own (ARCHITECTURE "Permissions"; the issue text); anything
 *   else by a player is refused as the server would.
 * - `_onUpdate`, `_onCreateDescendantDocuments`, `_onUpdateDescendantDocuments` and
 *   `_onDeleteDescendantDocuments` run once, on the GM's client (the one Tempo's code acts on).
 * - A query handler is called as `CONFIG.queries[name](data, { user })` on the GM's client with the
 *   asking user, as public v13 modules call their own handlers when the GM asks itself.
 * - `Roll#evaluate` takes the next scripted total, or a seeded total in the formula's range.
 * - v13's CombatantGroup: `combat.groups` is an embedded collection made with
 *   `createEmbeddedDocuments("CombatantGroup", data, { keepId })` and membership is `combatant.group`,
 *   written with `combatant.update({ group })` (the OSE system's `assignGroup` does both). A group's TypeDataModel comes from
 *   `CONFIG.CombatantGroup.dataModels[type]`, as Draw Steel registers its `squad` model. Core's
 *   writes to groups reach the Combat's `_on…DescendantDocuments` with the `groups` collection
 *   (foundryvtt issue #12322). Whether core clears `group` on the members of a deleted group is not
 *   documented; the double keeps the stale id, the worse case (a Draw Steel helper module notes the
 *   members outlive the group, "popping them out to be a solo fighter").
 * - Pre-hooks (`preUpdateCombatant`, `preDeleteCombatantGroup`) run on the writing client before the
 *   write; one returning false cancels that document's change, as Foundry documents for `pre…` hooks.
 */
import { formulaMax, formulaMin } from "../../src/engine/index.ts";
import { defineDocumentGlobals, sheetApplications, type SheetRegistration } from "./sheet-double.ts";
import { CombatTrackerDouble } from "./combat-tracker-double.ts";
import { strict } from "./foundry-double.ts";
import { ActorDouble } from "./actor-double.ts";

type Obj = Record<string, unknown>;
type HookFn = (...args: unknown[]) => unknown;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Foundry's merge of an update into a stored object (see the file comment). */
export function foundryMerge(target: Obj, update: Obj): Obj {
  const gone = new Set(
    Object.keys(update)
      .filter((k) => k.startsWith("-="))
      .map((k) => k.slice(2)),
  );
  const out: Obj = Object.fromEntries(Object.entries(target).filter(([k]) => !gone.has(k)));
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=")) continue;
    const current = out[key];
    out[key] = isObj(current) && isObj(value) ? foundryMerge(current, value) : structuredClone(value);
  }
  return out;
}

export interface Write {
  readonly document:
    "Combat" | "Combatant" | "ChatMessage" | "CombatantGroup" | "ActiveEffect" | "Token" | "Actor" | "Setting";
  readonly userId: string;
  readonly bytes: number;
  readonly data: unknown;
  /**
   * For an update: each written document's stored source just before the write (one per change of a
   * batched embedded update, in the same order), so the server's diff can be taken (bench/support/click-cost.ts).
   */
  readonly before?: unknown;
  /** The operation options the write was given (they travel to every client with the update). */
  readonly options?: unknown;
}

export interface UserDouble {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  query(name: string, data: unknown, options?: unknown): Promise<unknown>;
}

/** Field doubles: only what Tempo's schemas read (`initial`, nested `fields`). */
class FieldDouble {
  constructor(readonly options: { initial?: unknown } = {}) {}
  initialValue(): unknown {
    return structuredClone(this.options.initial ?? null);
  }
}
class SchemaFieldDouble extends FieldDouble {
  constructor(readonly fields: Record<string, FieldDouble>) {
    super();
  }
  override initialValue(): unknown {
    const out: Obj = {};
    for (const [key, field] of Object.entries(this.fields)) out[key] = field.initialValue();
    return out;
  }
}

function initialize(schema: Record<string, FieldDouble>, source: Obj): Obj {
  const out: Obj = {};
  for (const [key, field] of Object.entries(schema)) {
    const given = source[key];
    if (field instanceof SchemaFieldDouble) out[key] = initialize(field.fields, isObj(given) ? given : {});
    else out[key] = given === undefined ? field.initialValue() : given;
  }
  return out;
}

class TypeDataModelDouble {
  readonly parent: unknown;
  constructor(data: Obj = {}, options: { parent?: unknown } = {}) {
    const schema = (this.constructor as unknown as { defineSchema(): Record<string, FieldDouble> }).defineSchema();
    Object.assign(this, initialize(schema, data));
    this.parent = options.parent ?? null;
  }
  static defineSchema(): Record<string, FieldDouble> {
    return {};
  }
  prepareDerivedData(): void {}
}

export interface World {
  readonly gm: UserDouble;
  readonly users: Map<string, UserDouble>;
  readonly writes: Write[];
  readonly messages: Obj[];
  readonly notices: { user: string; text: string }[];
  readonly hooks: { name: string; args: unknown[] }[];
  /** Scripted roll totals, taken first to last; empty: seeded totals in range. */
  readonly scriptedTotals: number[];
  worldTime: number;
  addUser(id: string, isGM?: boolean): UserDouble;
  /** Runs `fn` as this user's client (game.user). */
  as<T>(user: UserDouble, fn: () => Promise<T>): Promise<T>;
  callHook(name: string, ...args: unknown[]): void;
  /** Runs a pre-hook as Foundry does before a write: false when a listener returned false. */
  callPreHook(name: string, ...args: unknown[]): boolean;
  /** Waits until the writes Tempo started in the background are done. */
  idle(): Promise<void>;
  /** World actors (actor-double.ts); a combatant made with `actorId` is that actor's. */
  readonly actors: Map<string, ActorDouble>;
  /** Sheets registered with DocumentSheetConfig (sheet-double.ts). */
  readonly sheets: SheetRegistration[];
  addActor(name: string, owners?: readonly string[]): ActorDouble;
  uninstall(): void;
}

function defineGlobal(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
}

const GLOBALS = ["Hooks", "game", "CONFIG", "foundry", "Combat", "Roll", "ChatMessage", "ui", "CONST", "Handlebars"];

export function installFoundryWorld(seed = 1): World {
  let random = seed >>> 0;
  const next = (): number => {
    random = (random * 1664525 + 1013904223) >>> 0;
    return random / 4294967296;
  };
  const hookFns = new Map<string, { fn: HookFn; once: boolean }[]>();
  const settingsValues = new Map<string, unknown>();
  const registrations = new Map<string, { default?: unknown }>();
  const users = new Map<string, UserDouble>();
  const combats = new Map<string, CombatDouble>();
  let current: UserDouble;
  let nextId = 1;

  const world: World = {
    gm: null as unknown as UserDouble,
    users,
    writes: [],
    messages: [],
    notices: [],
    hooks: [],
    scriptedTotals: [],
    worldTime: 0,
    addUser(id, isGM = false) {
      const user: UserDouble = {
        id,
        name: id,
        isGM,
        active: true,
        get isSelf() {
          return current === user;
        },
        async query(name, data) {
          const handler = (config.queries as Record<string, (d: unknown, o: unknown) => Promise<unknown>>)[name];
          if (handler === undefined) throw new Error(`Foundry double: no query ${name}`);
          const asking = current;
          return world.as(user, () => handler(structuredClone(data), { user: asking }));
        },
      };
      users.set(id, user);
      return user;
    },
    async as(user, fn) {
      const before = current;
      current = user;
      try {
        return await fn();
      } finally {
        current = before;
      }
    },
    callHook(name, ...args) {
      const list = hookFns.get(name) ?? [];
      hookFns.set(
        name,
        list.filter((e) => !e.once),
      );
      for (const e of list) e.fn(...args);
    },
    callPreHook(name, ...args) {
      for (const e of hookFns.get(name) ?? []) if (e.fn(...args) === false) return false;
      return true;
    },
    async idle() {
      let seen = -1;
      for (let i = 0; i < 200 && seen !== world.writes.length; i++) {
        seen = world.writes.length;
        for (let k = 0; k < 5; k++) await new Promise((r) => setTimeout(r, 0));
      }
    },
    uninstall() {
      for (const name of GLOBALS) Reflect.deleteProperty(globalThis, name);
      for (const name of SHEET_GLOBALS) Reflect.deleteProperty(globalThis, name);
    },
    actors: new Map(),
    sheets: [],
    addActor(name, owners = []) {
      const actor = new ActorDouble(
        {
          writes: world.writes,
          current: () => current,
          clients: () => [...users.values()].filter((u) => u.active),
          as: (user, fn) => world.as(user as UserDouble, fn),
          callHook: (hook, ...args) => world.callHook(hook, ...args),
          newId: () => newId(),
          worldTime: () => world.worldTime,
          merge: foundryMerge,
        },
        newId(),
        name,
        owners,
      );
      world.actors.set(actor.id, actor);
      return actor;
    },
  };
  const gm = world.addUser("gm", true);
  (world as { gm: UserDouble }).gm = gm;
  current = gm;

  const documentConfig = () => ({ documentClass: null as unknown, dataModels: {} as Record<string, unknown> });
  const config: Obj = {
    Combat: documentConfig(),
    Combatant: documentConfig(),
    Item: documentConfig(),
    CombatantGroup: documentConfig(),
    Actor: documentConfig(),
    ChatMessage: documentConfig(),
    queries: {} as Obj,
    ui: {} as Obj,
    // Core's own status list, in part: Tempo keeps core's entries and replaces "unconscious" (status-effects.ts).
    statusEffects: [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
    ],
  };

  /** Foundry's Collection: a Map that iterates its values. */
  class CollectionDouble<T> {
    readonly #map = new Map<string, T>();
    get size(): number {
      return this.#map.size;
    }
    get contents(): T[] {
      return [...this.#map.values()];
    }
    get(id: string): T | undefined {
      return this.#map.get(id);
    }
    has(id: string): boolean {
      return this.#map.has(id);
    }
    set(id: string, value: T): void {
      this.#map.set(id, value);
    }
    delete(id: string): void {
      this.#map.delete(id);
    }
    filter(fn: (v: T) => boolean): T[] {
      return this.contents.filter(fn);
    }
    map<U>(fn: (v: T) => U): U[] {
      return this.contents.map(fn);
    }
    [Symbol.iterator](): Iterator<T> {
      return this.#map.values();
    }
  }

  class CombatantDouble {
    id: string;
    name: string;
    initiative: number | null = null;
    hidden = false;
    defeated = false;
    owners: Set<string>;
    /** Users with OBSERVER permission on the combatant's actor: they see it but may not change it. */
    observers: Set<string>;
    flags: Obj = {};
    _source: Obj;
    system: unknown;
    token = { disposition: -1 };
    actorId: string | null;
    actor: ActorDouble | null;
    tokenId: string | null;
    constructor(
      readonly parent: CombatDouble,
      data: Obj,
    ) {
      this.id = String(data._id);
      this.name = String(data.name ?? this.id);
      this.owners = new Set((data.owners as string[] | undefined) ?? []);
      this.observers = new Set((data.observers as string[] | undefined) ?? []);
      this.hidden = data.hidden === true;
      this.defeated = data.defeated === true;
      this._source = { group: data.group ?? null, system: data.system ?? {} };
      this.actorId = typeof data.actorId === "string" ? data.actorId : null;
      this.actor = world.actors.get(String(data.actorId)) ?? null;
      this.tokenId = typeof data.tokenId === "string" ? data.tokenId : null;
      if (isObj(data.flags)) this.flags = structuredClone(data.flags);
      this.rebuild();
    }
    get group(): GroupDouble | null {
      return this.parent.groups.get(String(this._source.group)) ?? null;
    }
    /** The stored fields a Combatant update can change, as the server holds them. */
    sourceForDiff(): Obj {
      const { initiative, defeated, hidden, flags } = this;
      return structuredClone({ initiative, defeated, hidden, flags, ...this._source });
    }
    async update(data: Obj, options: Obj = {}): Promise<this> {
      await this.parent.updateEmbeddedDocuments("Combatant", [{ _id: this.id, ...data }], options);
      return this;
    }
    rebuild(): void {
      const Model = (config.Combatant as { dataModels: Record<string, new (d: Obj, o: Obj) => unknown> }).dataModels
        .base;
      this.system = Model === undefined ? {} : new Model((this._source.system as Obj) ?? {}, { parent: this });
    }
    get isDefeated(): boolean {
      return this.defeated;
    }
    get hasPlayerOwner(): boolean {
      return this.owners.size > 0;
    }
    get isNPC(): boolean {
      return !this.hasPlayerOwner;
    }
    get isOwner(): boolean {
      return current.isGM || this.owners.has(current.id);
    }
    /** Core's levels are ordered: an owner also observes; the GM has every level. */
    testUserPermission(user: UserDouble, level: string): boolean {
      if (user.isGM || this.owners.has(user.id)) return level === "OWNER" || level === "OBSERVER";
      return level === "OBSERVER" && this.observers.has(user.id);
    }
  }

  class GroupDouble {
    id: string;
    name: string;
    type: string;
    system: unknown;
    _source: Obj;
    constructor(
      readonly parent: CombatDouble,
      data: Obj,
    ) {
      this.id = String(data._id);
      this.name = String(data.name ?? "");
      this.type = String(data.type ?? "base");
      this._source = { system: data.system ?? {} };
      const Model = (config.CombatantGroup as { dataModels: Record<string, new (d: Obj, o: Obj) => unknown> })
        .dataModels[this.type];
      this.system = Model === undefined ? {} : new Model(this._source.system as Obj, { parent: this });
    }
    get members(): Set<CombatantDouble> {
      return new Set(this.parent.combatants.filter((c) => c._source.group === this.id));
    }
  }

  const newId = () => `id${String(nextId++).padStart(14, "0")}`;
  const bytes = (data: unknown) => Buffer.byteLength(JSON.stringify(data));

  class CombatDouble {
    id: string;
    name = "Encounter";
    type: string;
    round = 0;
    turn: number | null = null;
    _source: Obj;
    system: unknown = null;
    combatants = new CollectionDouble<CombatantDouble>();
    groups = new CollectionDouble<GroupDouble>();
    /** The scene id given at creation (core's `scene` field), and the creation's flags. */
    sceneId: string | null;
    flags: Obj;
    constructor(data: Obj = {}) {
      this.id = String(data._id ?? newId());
      this.type = String(data.type ?? "base");
      this.sceneId = typeof data.scene === "string" ? data.scene : null;
      this.flags = isObj(data.flags) ? structuredClone(data.flags) : {};
      this._source = { system: data.system ?? {} };
      this.rebuild();
    }
    rebuild(): void {
      const models = (config.Combat as { dataModels: Record<string, new (d: Obj, o: Obj) => TypeDataModelDouble> })
        .dataModels;
      const Model = models[this.type];
      if (Model === undefined) return;
      const model = new Model(structuredClone(this._source.system as Obj), { parent: this });
      this.system = model;
      model.prepareDerivedData();
    }
    updateSource(changes: Obj): Obj {
      if (typeof changes.type === "string") this.type = changes.type;
      if (isObj(changes.system)) this._source.system = foundryMerge(this._source.system as Obj, changes.system);
      this.rebuild();
      return changes;
    }
    get started(): boolean {
      return this.round > 0;
    }
    get turns(): CombatantDouble[] {
      const sort = (this as unknown as { _sortCombatants(a: unknown, b: unknown): number })._sortCombatants;
      return this.combatants.contents.sort((a, b) => sort(a, b)); // called bare, as core may
    }
    get combatant(): CombatantDouble | undefined {
      return this.turn === null ? undefined : this.turns[this.turn];
    }
    async update(data: Obj, options: Obj = {}): Promise<this> {
      const user = current;
      if (!user.isGM && Object.keys(data).some((k) => k !== "turn" && k !== "round")) {
        throw new Error("Foundry double: a player may only update turn and round of a Combat");
      }
      world.writes.push({
        document: "Combat",
        userId: user.id,
        bytes: bytes(data),
        data: structuredClone(data),
        before: structuredClone({ system: this._source.system, round: this.round, turn: this.turn }),
        options: structuredClone(options),
      });
      // v12+ core: an update's `worldTime: { delta }` option advances the world clock with it, on the server.
      const time = options.worldTime;
      if (isObj(time) && typeof time.delta === "number") world.worldTime += time.delta;
      const changed: Obj = {};
      if (isObj(data.system)) {
        this._source.system = foundryMerge(this._source.system as Obj, data.system);
        changed.system = data.system;
      }
      for (const key of ["round", "turn"] as const) {
        if (key in data && data[key] !== this[key]) {
          (this as Obj)[key] = data[key];
          changed[key] = data[key];
        }
      }
      this.rebuild();
      await world.as(gm, async () => this._onUpdate(changed, options, user.id));
      return this;
    }
    async createEmbeddedDocuments(name: string, list: Obj[], options: Obj = {}): Promise<unknown[]> {
      if (name === "CombatantGroup") return this.#createGroups(list, options);
      const created = list.map((d) => new CombatantDouble(this, { _id: newId(), ...d }));
      for (const c of created) this.combatants.set(c.id, c);
      world.writes.push({ document: "Combatant", userId: current.id, bytes: bytes(list), data: list });
      await world.as(gm, async () =>
        this._onCreateDescendantDocuments(this, "combatants", created, list, {}, current.id),
      );
      return created;
    }
    async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<void> {
      if (name === "CombatantGroup") return this.#deleteGroups(ids);
      const deleted = ids.map((id) => this.combatants.get(id)).filter((c) => c !== undefined);
      for (const id of ids) this.combatants.delete(id);
      world.writes.push({ document: "Combatant", userId: current.id, bytes: bytes(ids), data: ids });
      await world.as(gm, async () =>
        this._onDeleteDescendantDocuments(this, "combatants", deleted, ids, {}, current.id),
      );
    }
    async updateEmbeddedDocuments(_name: string, requested: Obj[], options: Obj = {}): Promise<void> {
      const user = current;
      const changes = requested.filter((change) =>
        world.callPreHook("preUpdateCombatant", this.combatants.get(String(change._id)), change, options, user.id),
      );
      if (changes.length === 0) return;
      for (const change of changes) {
        const c = this.combatants.get(String(change._id));
        if (c === undefined) throw new Error(`Foundry double: no combatant ${String(change._id)}`);
        const allowed = ["_id", "initiative", "system", "flags", "defeated"];
        if (!user.isGM && (!c.owners.has(user.id) || Object.keys(change).some((k) => !allowed.includes(k)))) {
          throw new Error(
            "Foundry double: a player may only update initiative, system, flags and defeated of a combatant it owns",
          );
        }
      }
      world.writes.push({
        document: "Combatant",
        userId: user.id,
        bytes: bytes(changes),
        data: structuredClone(changes),
        before: changes.map((change) => this.combatants.get(String(change._id))?.sourceForDiff()),
        options: structuredClone(options),
      });
      const docs: CombatantDouble[] = [];
      for (const change of changes) {
        const c = this.combatants.get(String(change._id)) as CombatantDouble;
        if ("initiative" in change) c.initiative = change.initiative as number | null;
        if ("defeated" in change) c.defeated = change.defeated === true;
        if ("hidden" in change) c.hidden = change.hidden === true;
        if ("group" in change) c._source.group = change.group ?? null;
        if (isObj(change.flags)) c.flags = foundryMerge(c.flags, change.flags);
        if (isObj(change.system)) {
          c._source.system = foundryMerge(c._source.system as Obj, change.system);
          c.rebuild();
        }
        docs.push(c);
      }
      await world.as(gm, async () =>
        this._onUpdateDescendantDocuments(this, "combatants", docs, changes, options, user.id),
      );
    }
    async #createGroups(list: Obj[], options: Obj): Promise<GroupDouble[]> {
      if (!current.isGM) throw new Error("Foundry double: only a GM creates combatant groups here");
      const created = list.map((d) => new GroupDouble(this, { ...d, _id: options.keepId === true ? d._id : newId() }));
      for (const g of created) this.groups.set(g.id, g);
      world.writes.push({ document: "CombatantGroup", userId: current.id, bytes: bytes(list), data: list });
      await world.as(gm, async () =>
        this._onCreateDescendantDocuments(this, "groups", created, list, options, current.id),
      );
      return created;
    }
    async #deleteGroups(requested: string[]): Promise<void> {
      const user = current;
      const ids = requested.filter((id) =>
        world.callPreHook("preDeleteCombatantGroup", this.groups.get(id), {}, user.id),
      );
      if (ids.length === 0) return;
      const deleted = ids.map((id) => this.groups.get(id)).filter((g) => g !== undefined);
      for (const id of ids) this.groups.delete(id);
      world.writes.push({ document: "CombatantGroup", userId: user.id, bytes: bytes(ids), data: ids });
      await world.as(gm, async () => this._onDeleteDescendantDocuments(this, "groups", deleted, ids, {}, user.id));
    }
    /** Core's `combat.scene`: the Scene document of the stored id (game.scenes, where a test installs one). */
    get scene(): unknown {
      const scenes = (game as { scenes?: { get(id: string): unknown } }).scenes;
      return this.sceneId === null ? null : (scenes?.get(this.sceneId) ?? null);
    }
    /** Deletes the combat (GM only here), recorded as a Combat write with `{ deleted: id }`. */
    async delete(): Promise<this> {
      if (!current.isGM) throw new Error("Foundry double: only a GM deletes a combat here");
      combats.delete(this.id);
      world.writes.push({ document: "Combat", userId: current.id, bytes: 0, data: { deleted: this.id } });
      return this;
    }
    protected _preCreate(): Promise<boolean | undefined> {
      return Promise.resolve(undefined);
    }
    protected _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
    protected _onCreateDescendantDocuments(..._args: unknown[]): void {}
    protected _onDeleteDescendantDocuments(..._args: unknown[]): void {}
    protected _onUpdateDescendantDocuments(..._args: unknown[]): void {}
    protected async _manageTurnEvents(): Promise<void> {}
    protected async _onStartTurn(combatant: CombatantDouble, context: unknown): Promise<void> {
      world.hooks.push({ name: "_onStartTurn", args: [combatant.id, context] });
    }
    protected async _onEndTurn(combatant: CombatantDouble, context: unknown): Promise<void> {
      world.hooks.push({ name: "_onEndTurn", args: [combatant.id, context] });
    }
    protected async _onStartRound(context: unknown): Promise<void> {
      world.hooks.push({ name: "_onStartRound", args: [context] });
    }
    protected async _onEndRound(context: unknown): Promise<void> {
      world.hooks.push({ name: "_onEndRound", args: [context] });
    }
    protected _sortCombatants(a: { id: string }, b: { id: string }): number {
      return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
    }
    /** Creates and stores a combat as `Combat.create` would: `_preCreate` first. */
    static async create(data: Obj): Promise<CombatDouble> {
      const Class = (config.Combat as { documentClass: typeof CombatDouble }).documentClass;
      const combat = new Class(data);
      await combat._preCreate();
      await (combat as unknown as { _preCreate(d: Obj, o: Obj, u: UserDouble): Promise<unknown> })._preCreate(
        data,
        {},
        current,
      );
      combats.set(combat.id, combat);
      return combat;
    }
  }

  class RollDouble {
    total: number | null = null;
    constructor(readonly formula: string) {}
    async evaluate(): Promise<this> {
      const scripted = world.scriptedTotals.shift();
      if (scripted !== undefined) this.total = scripted;
      else {
        const min = formulaMin(this.formula);
        const max = formulaMax(this.formula);
        if (!min.ok || !max.ok) throw new Error(`Foundry double: Roll cannot read ${this.formula}`);
        this.total = min.value + Math.floor(next() * (max.value - min.value + 1));
      }
      return this;
    }
  }

  const i18n = {
    localize: (key: string) => key,
    format: (key: string, data: Obj = {}) => `${key} ${JSON.stringify(data)}`,
  };

  defineGlobal(
    "Hooks",
    strict(
      {
        on: (name: string, fn: HookFn) => hookFns.set(name, [...(hookFns.get(name) ?? []), { fn, once: false }]),
        once: (name: string, fn: HookFn) => hookFns.set(name, [...(hookFns.get(name) ?? []), { fn, once: true }]),
        callAll: (name: string, ...args: unknown[]) => {
          world.hooks.push({ name, args });
          world.callHook(name, ...args);
          return true;
        },
      },
      "Hooks",
    ),
  );
  const game = {
    settings: strict(
      {
        register: (ns: string, key: string, cfg: { default?: unknown }) => registrations.set(`${ns}.${key}`, cfg),
        get: (ns: string, key: string) => {
          const id = `${ns}.${key}`;
          const reg = registrations.get(id);
          if (reg === undefined) throw new Error(`Foundry double: ${id} is not a registered game setting`);
          return settingsValues.has(id) ? settingsValues.get(id) : reg.default;
        },
        set: async (ns: string, key: string, value: unknown) => settingsValues.set(`${ns}.${key}`, value),
      },
      "game.settings",
    ),
    keybindings: strict({ register: () => undefined }, "game.keybindings"),
    i18n: strict(i18n, "game.i18n"),
    time: strict(
      {
        get worldTime() {
          return world.worldTime;
        },
        advance: async (delta: number) => {
          // A write of the world-time setting of its own (the round trip core's `worldTime` option saves).
          world.writes.push({ document: "Setting", userId: current.id, bytes: bytes({ delta }), data: { delta } });
          world.worldTime += delta;
          return world.worldTime;
        },
      },
      "game.time",
    ),
    combats: strict(
      {
        get: (id: string) => combats.get(id),
        get contents() {
          return [...combats.values()];
        },
      },
      "game.combats",
    ),
    get user() {
      return current;
    },
    users: strict(
      {
        get: (id: string) => users.get(id),
        get activeGM() {
          return [...users.values()].find((u) => u.isGM && u.active) ?? null;
        },
      },
      "game.users",
    ),
    combat: null,
  };
  defineGlobal("game", game);
  defineGlobal("CONFIG", config);
  defineGlobal("CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1, NEUTRAL: 0, HOSTILE: -1 } });
  defineGlobal("ui", {
    notifications: { warn: (text: string) => world.notices.push({ user: current.id, text }) },
  });
  const fields = {
    SchemaField: SchemaFieldDouble,
    StringField: FieldDouble,
    HTMLField: FieldDouble,
    BooleanField: FieldDouble,
    NumberField: FieldDouble,
    ObjectField: FieldDouble,
    ArrayField: FieldDouble,
  };
  defineGlobal(
    "foundry",
    strict(
      {
        abstract: strict({ TypeDataModel: TypeDataModelDouble }, "foundry.abstract"),
        applications: { sidebar: { tabs: { CombatTracker: CombatTrackerDouble } }, ...sheetApplications(world.sheets) },
        data: strict({ fields: strict(fields, "foundry.data.fields") }, "foundry.data"),
        utils: strict(
          { escapeHTML: (s: string) => s.replace(/[&<>"']/g, ""), randomID: () => newId().slice(-16) },
          "foundry.utils",
        ),
        helpers: { interaction: { KeyboardManager: { MODIFIER_KEYS: { SHIFT: "Shift" } } } },
      },
      "foundry",
    ),
  );
  defineGlobal("Combat", CombatDouble);
  // Foundry's global Handlebars: init registers Tempo's helpers on it (handlebars-helpers.ts).
  defineGlobal("Handlebars", { registerHelper: () => undefined });
  const SHEET_GLOBALS = defineDocumentGlobals(defineGlobal);
  defineGlobal("Roll", RollDouble);
  defineGlobal("ChatMessage", {
    create: async (data: Obj) => {
      world.messages.push(data);
      world.writes.push({ document: "ChatMessage", userId: current.id, bytes: 0, data });
      return data;
    },
    getSpeaker: (data: Obj) => data,
    getWhisperRecipients: () => [...users.values()].filter((u) => u.isGM),
  });
  return world;
}
