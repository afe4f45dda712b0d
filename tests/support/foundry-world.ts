/**
 * The Foundry world the adapter tests run in: the runtime model (runtime/: one server, a client per
 * user, the scheduler between them) behind the small interface the tests were written against.
 *
 * - Every user added is a connected client with its own documents and globals; `as(user, fn)` runs
 *   `fn` as that client's code, and a test's own code runs as the GM's client.
 * - Every document lives on the model's server: combats, combatants, groups, chat messages, actors
 *   (with their items and effects), scenes (with their tokens and walls), and compendium packs
 *   (permissions, diffs, broadcasts, lifecycle on every client: runtime/server.ts, runtime/document.ts,
 *   runtime/combat.ts, runtime/actor.ts, runtime/scene.ts, runtime/uuid.ts). A combatant's or token's
 *   `actor` is its client's own copy; `fromUuid` resolves on the running client.
 * - `writes` lists every operation the server applied, with the bytes one client received.
 * - A combatant made with `owners` / `observers` and no actor stands for an actor those users own or
 *   observe (its ownership is its actor's, runtime/combat.ts).
 * - Setting a user's `active` to false disconnects its client; true connects a new one (a reload).
 * - `Roll` evaluates dice terms (runtime/roll.ts); a scripted total, when a test gives one, wins.
 * - Each page has its own registries, filled by its `init`: `game.settings.settings` (runtime/client.ts),
 *   `game.keybindings.actions` (runtime/keybindings.ts), the sheets (runtime/document-sheets.ts), and
 *   `game.packs` from the manifest (runtime/packs.ts). `Handlebars` is the library itself.
 * - `game.i18n` speaks message keys by default, or English (lang/en.json) when asked (runtime/localization.ts).
 * - `foundry.*` namespaces are strict (runtime/strict.ts): reading what the model lacks throws.
 * - The world plays Foundry v13 or v14 (runtime/generation.ts: the vitest project chooses, or
 *   `options.generation`): `game.release`, `game.version`, v14's `CONFIG.ChatMessage.modes` and
 *   `core.messageMode` for v13's `CONFIG.Dice.rollModes` and `core.rollMode` (runtime/message-modes.ts),
 *   v14's `foundry.data.operators` (runtime/operators.ts), and v13 names v14 deprecates warn through
 *   `CONFIG.compatibility` (runtime/compatibility.ts), whose mode is ERROR: a deprecated call fails.
 */
import { sheetsOf, type SheetRegistration } from "./runtime/document-sheets.ts";
import { ActorModel } from "./runtime/actor.ts";
import { localization, type Language } from "./runtime/localization.ts";
import { createRuntime, type Runtime } from "./runtime/runtime.ts";
import { insideClient } from "./runtime/context.ts";
import type { Obj } from "./runtime/diff.ts";
import { actorLevel, OWNERSHIP } from "./runtime/permissions.ts";
import type { Client } from "./runtime/client.ts";
import type { BootRegistration } from "./runtime/hooks.ts";
import { baseConfig, defineWorldGlobals, removeWorldGlobals } from "./world-globals.ts";
import { releaseOf, selectedGeneration, versionOf, type Generation } from "./runtime/generation.ts";
import type { Deprecation } from "./runtime/compatibility.ts";
import type { MessageMode } from "./runtime/message-modes.ts";

export interface Write {
  readonly document:
    | "Combat"
    | "Combatant"
    | "ChatMessage"
    | "CombatantGroup"
    | "ActiveEffect"
    | "Item"
    | "Scene"
    | "Token"
    | "Wall"
    | "Region"
    | "Actor"
    | "Setting";
  /** The operation, for writes the runtime's server logged. */
  readonly action?: "create" | "update" | "delete";
  readonly userId: string;
  /** What one client receives: the server's broadcast diff and options (runtime/server.ts ledger). */
  readonly bytes: number;
  /** The broadcast result: diffs with `_id`, created sources, or deleted ids. */
  readonly data: unknown;
  readonly options?: unknown;
}

export interface WorldUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  query(name: string, data: unknown, options?: unknown): Promise<unknown>;
}

export interface World {
  readonly gm: WorldUser;
  readonly users: Map<string, WorldUser>;
  readonly writes: Write[];
  /**
   * Drops what the model has recorded so far for tests to read (the server's operation ledger, every
   * client's hook calls, `writes`). A real page holds none of it; a benchmark running thousands
   * of clicks calls this between clicks, so the records do not grow the heap the measured page runs in.
   */
  forgetRecords(): void;
  readonly messages: Obj[];
  readonly notices: { user: string; text: string }[];
  /** Hooks called on the GM's client, and core's turn events there. */
  readonly hooks: { name: string; args: unknown[] }[];
  /** Scripted roll totals, taken first to last; empty: seeded dice. */
  readonly scriptedTotals: number[];
  worldTime: number;
  readonly runtime: Runtime;
  /** The Foundry generation this world plays (runtime/generation.ts). */
  readonly generation: Generation;
  /** The compatibility warnings its clients logged (runtime/compatibility.ts). */
  readonly deprecations: Deprecation[];
  /** The running user's choice in the chat controls: `core.rollMode` (v13) or `core.messageMode` (v14). */
  setMessageMode(mode: MessageMode): Promise<void>;
  addUser(id: string, isGM?: boolean): WorldUser;
  /** Runs `fn` as this user's client. */
  as<T>(user: WorldUser, fn: () => Promise<T>): Promise<T>;
  /** Calls a hook on the running client; `init`, `setup` and `ready` on every client (a page load). */
  callHook(name: string, ...args: unknown[]): void;
  /** Runs a pre-hook on the running client: false when a listener returned false. */
  callPreHook(name: string, ...args: unknown[]): boolean;
  /** Waits until every message is delivered and the work it started has settled. */
  idle(): Promise<void>;
  /**
   * Every page has an idle period (a pause between clicks): the idle callbacks they queued run
   * (runtime/idle-callbacks.ts), then the world settles as `idle` does.
   */
  runIdle(): Promise<void>;
  /** Starts the seeded dice and the scheduler's delivery order again from `seed` (a replayable run). */
  reseed(seed: number): void;
  /** The sheets the GM's client registered in its `init` (runtime/document-sheets.ts). */
  readonly sheets: readonly SheetRegistration[];
  /**
   * A world actor made by the GM on the server (`owners` own it, nobody else sees it: `ownership`
   * default NONE); every client holds its own copy. Returns the GM client's copy, which a test
   * acting as another user (`as`) uses through that user's copy (runtime/document.ts `here`).
   */
  addActor(name: string, owners?: readonly string[], type?: string, system?: Obj): Promise<ActorModel>;
  /**
   * Loads the system's code (init.ts) as every page of this world does. Call it where a page would: after
   * the world and its first users exist, before `callHook("init")`.
   */
  loadSystem(): Promise<void>;
  /**
   * Loads the module `id`'s script (`load` imports its entry) as every page loads an active module's
   * esmodules after the system's: it is in `game.modules`, active, and its top-level hook registrations
   * belong to every client. Call it after `loadSystem`, before `callHook("init")`.
   */
  loadModule(id: string, load: () => Promise<unknown>): Promise<void>;
  uninstall(): void;
}

/** A property of `target`, methods bound to it (the hooks keep private state). */
function bound(target: Obj, key: string | symbol): unknown {
  const value: unknown = Reflect.get(target, key);
  return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}

export interface WorldOptions {
  /** `game.i18n`'s language (runtime/localization.ts): message keys (the default) or lang/en.json. */
  readonly language?: Language;
  /** The Foundry generation to play; default: the one the vitest project selected (runtime/generation.ts). */
  readonly generation?: Generation;
}

/**
 * The system's top-level hook registrations (init.ts's `Hooks.once("init")`), kept for the worker: a test
 * file that shares its modules with the one before (vitest `isolate: false`) does not evaluate init.ts
 * again, yet each world is a fresh page load, whose pages all run that top-level code: `loadSystem`
 * replays them then, as the import would have (runtime.ts `loadSystem`).
 */
const systemBoot: BootRegistration[] = [];
/** The same for each module's script (`loadModule`), by module id. */
const moduleBoot = new Map<string, BootRegistration[]>();
/** Where top-level registrations go while code loads: the system's list, or a module's. */
let loading: BootRegistration[] = systemBoot;

export function installFoundryWorld(seed = 1, options: WorldOptions = {}): World {
  let random = seed >>> 0;
  const next = (): number => {
    random = (Math.imul(random, 1664525) + 1013904223) >>> 0;
    return random / 4294967296;
  };
  const generation = options.generation ?? selectedGeneration();
  const sharedGame: Obj = {
    i18n: localization(options.language ?? "keys"),
    release: { ...releaseOf(generation), version: versionOf(generation) },
    version: versionOf(generation),
    // `game.modules`: the world's modules by id (https://foundryvtt.com/api/classes/foundry.Game.html,
    // `modules`; each a Module with `active`); `loadModule` adds one. Modelling choice: one object per
    // world, where Foundry has one per page.
    modules: new Map<string, Obj>(),
  };
  const runtime = createRuntime({ seed, users: [], config: () => baseConfig(generation), sharedGame, generation });
  runtime.installGlobals();
  const worldUsers = new Map<string, WorldUser>();
  const writes: Write[] = [];
  const notices: { user: string; text: string }[] = [];
  const scriptedTotals: number[] = [];
  let systemLoaded = false;

  const clientOf = (userId: string): Client => runtime.clientOf(userId);
  const replay = (registrations: readonly BootRegistration[]): void => {
    for (const entry of registrations) {
      runtime.boot.push(entry);
      for (const client of runtime.network.connectedClients)
        client.run(() => client.hooks[entry.once ? "once" : "on"](entry.name, entry.fn));
    }
  };
  const current = (): WorldUser => {
    const user = (globalThis as unknown as { game: { user: { id: string } } }).game.user;
    return worldUsers.get(user.id) as WorldUser;
  };

  runtime.network.actors = {
    level(source, userId) {
      const stored = typeof source.actorId === "string" ? runtime.server.source("Actor", source.actorId) : null;
      const user = runtime.server.users.get(userId);
      if (stored !== null && user !== undefined) return actorLevel(stored, user);
      const listed = (key: string) => Array.isArray(source[key]) && (source[key] as unknown[]).includes(userId);
      return listed("owners") ? OWNERSHIP.OWNER : listed("observers") ? OWNERSHIP.OBSERVER : OWNERSHIP.NONE;
    },
  };
  // Every operation the server applied, as the tests' write list.
  const ledgerStart = { n: 0 };
  const collectWrites = () => {
    const ledger = runtime.server.ledger;
    for (; ledgerStart.n < ledger.length; ledgerStart.n++) {
      const entry = ledger[ledgerStart.n];
      if (entry?.kind === "time" || entry?.kind === "setting")
        writes.push({ document: "Setting", userId: entry.userId, bytes: entry.bytes, data: null });
      if (entry?.kind !== "modify") continue;
      writes.push({
        document: entry.documentName as Write["document"],
        action: entry.action ?? "update",
        userId: entry.userId,
        bytes: entry.bytes,
        data: entry.result,
        options: entry.options,
      });
    }
  };

  const connect = (id: string): Client => {
    const client = runtime.connect(id);
    const notify = (text: string) => {
      notices.push({ user: id, text });
      return { id: notices.length };
    };
    client.ui.notifications = { info: notify, warn: notify, error: notify };
    return client;
  };

  const world: World = {
    gm: null as unknown as WorldUser,
    users: worldUsers,
    get writes() {
      collectWrites();
      return writes;
    },
    forgetRecords() {
      runtime.server.ledger.length = 0;
      runtime.hookLedger.length = 0;
      ledgerStart.n = 0;
      writes.length = 0;
    },
    /** The messages' sources as the server stores them, in creation order. */
    get messages() {
      return runtime.server
        .snapshot()
        .filter((d) => d.documentName === "ChatMessage")
        .map((d) => d.source);
    },
    notices,
    get hooks() {
      const gmClient = runtime.network.clientOf(world.gm.id)?.id;
      return runtime.hookLedger.filter((h) => h.client === gmClient).map((h) => ({ name: h.name, args: [...h.args] }));
    },
    scriptedTotals,
    get worldTime() {
      return runtime.server.worldTime;
    },
    set worldTime(value: number) {
      runtime.server.worldTime = value;
    },
    runtime,
    generation,
    get deprecations() {
      return runtime.deprecations;
    },
    async setMessageMode(mode) {
      const settings = (
        globalThis as unknown as { game: { settings: { set(n: string, k: string, v: unknown): unknown } } }
      ).game.settings;
      await settings.set(
        "core",
        generation === 14 ? "messageMode" : "rollMode",
        generation === 14 ? mode : `${mode}roll`,
      );
    },
    addUser(id, isGM = false) {
      runtime.server.users.set(id, { id, name: id, isGM, active: false });
      const user: WorldUser = {
        id,
        name: id,
        isGM,
        get active() {
          return runtime.server.users.get(id)?.active === true;
        },
        set active(value: boolean) {
          if (value && !this.active) connect(id);
          if (!value && this.active) runtime.disconnect(clientOf(id));
          if (id === world.gm?.id && value) runtime.setDefault(id);
        },
        get isSelf() {
          return current()?.id === id;
        },
        query(name, data, options) {
          const asker = (globalThis as unknown as { game: { user: { id: string } } }).game.user.id;
          const model = clientOf(asker).userModels.get(id);
          if (model === undefined) return Promise.reject(new Error(`no user ${id}`));
          return model.query(name, data, options as { timeout?: number });
        },
      };
      worldUsers.set(id, user);
      const client = connect(id);
      if (systemLoaded) client.run(() => client.hooks.callAll("init"));
      return user;
    },
    async as(user, fn) {
      return runtime.as(user.id, fn);
    },
    callHook(name, ...args) {
      if (name === "init" || name === "setup" || name === "ready") {
        if (name === "init") systemLoaded = true;
        for (const client of runtime.network.connectedClients) client.run(() => client.hooks.callAll(name, ...args));
        if (name !== "init") return;
        for (const client of runtime.network.connectedClients) {
          runtime.network.load(client);
          client.run(() => client.hooks.callAll("setup"));
          client.run(() => client.hooks.callAll("ready"));
        }
        return;
      }
      const Hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;
      Hooks.callAll(name, ...args);
    },
    callPreHook(name, ...args) {
      const Hooks = (globalThis as unknown as { Hooks: { call(n: string, ...a: unknown[]): boolean } }).Hooks;
      return Hooks.call(name, ...args);
    },
    async idle() {
      await runtime.idle();
      collectWrites();
    },
    async runIdle() {
      await runtime.runIdle();
      collectWrites();
    },
    reseed(seed) {
      random = seed >>> 0;
      runtime.scheduler.reseed(seed);
    },
    async loadSystem() {
      const before = systemBoot.length;
      await import("../../src/foundry/init.ts");
      // Evaluated by an earlier file of this worker: its registrations are replayed, as a page load runs them.
      if (systemBoot.length > before) return;
      replay(systemBoot);
    },
    async loadModule(id, load) {
      (sharedGame.modules as Map<string, Obj>).set(id, { id, active: true });
      const known = moduleBoot.get(id);
      if (known !== undefined) return replay(known);
      const registrations: BootRegistration[] = [];
      moduleBoot.set(id, registrations);
      loading = registrations;
      try {
        await load();
      } finally {
        loading = systemBoot;
      }
    },
    uninstall() {
      runtime.uninstall();
      removeWorldGlobals();
    },
    get sheets() {
      return sheetsOf(clientOf(world.gm.id));
    },
    async addActor(name, owners = [], type = "character", system = {}) {
      const ownership: Obj = { default: OWNERSHIP.NONE };
      for (const id of owners) ownership[id] = OWNERSHIP.OWNER;
      const made = await runtime.as(world.gm.id, () => ActorModel.create({ name, type, ownership, system }));
      await world.idle();
      const copy = runtime.clientOf(world.gm.id).actors.get(String(made?.id));
      if (copy === undefined) throw new Error(`Runtime model: actor ${name} was not made`);
      return copy;
    },
  };
  const gm = world.addUser("gm", true);
  (world as { gm: WorldUser }).gm = gm;
  runtime.setDefault("gm");

  // Module-level hook registrations of the system (init.ts's `Hooks.once("init")`) happen outside any
  // client's code: like a page load, they belong to every client (runtime.ts `loadSystem`).
  const clientHooks = Object.getOwnPropertyDescriptor(globalThis, "Hooks")?.get;
  Object.defineProperty(globalThis, "Hooks", {
    configurable: true,
    get: () => {
      const hooks = clientHooks?.() as Obj;
      if (insideClient()) return hooks;
      return new Proxy(hooks, {
        get: (target, key) =>
          key === "on" || key === "once"
            ? (name: string, fn: (...a: unknown[]) => unknown) => {
                const registration = { name, fn, once: key === "once" };
                runtime.boot.push(registration);
                loading.push(registration);
                for (const client of runtime.network.connectedClients) client.hooks[key](name, fn);
              }
            : bound(target, key),
      });
    },
  });

  defineWorldGlobals({ runtime, generation, scriptedTotals, random: next });
  return world;
}
