/**
 * The runtime model: one server, several clients (each its own page with its own documents and
 * globals), and the scheduler between them. A test makes one with `createRuntime`, loads the system
 * once with `boot` (as every page loads `tempo.mjs`), and connects users; each client then runs
 * `init`, loads the world's documents, and runs `setup` and `ready`.
 */
import { IdleCallbacks } from "./idle-callbacks.ts";
import { BrowserStorage } from "./browser-storage.ts";
import { Client, type UserModel } from "./client.ts";
import { regionEventLog, type RegionEvent } from "./combat.ts";
import { definePerClientGlobals, runOn, setDefaultClient, type ClientGlobals } from "./context.ts";
import type { Obj } from "./diff.ts";
import type { BootRegistration, HookCall } from "./hooks.ts";
import { Network } from "./network.ts";
import type { DocumentName } from "./protocol.ts";
import { Scheduler } from "./scheduler.ts";
import { Server } from "./server.ts";
import type { TypeDataModel } from "./fields.ts";
import { Compendia } from "./uuid.ts";
import { COMPENDIUM_CONFIGURATION } from "./packs.ts";
import { deprecationLedger, type Deprecation } from "./compatibility.ts";
import { worldGeneration, type Generation } from "./generation.ts";
import { coreMessageModeSettings } from "./message-modes.ts";

export interface RuntimeUser {
  readonly id: string;
  readonly name?: string;
  readonly isGM?: boolean;
}

export interface Notice {
  readonly user: string;
  readonly level: "info" | "warn" | "error";
  readonly text: string;
}

export interface RuntimeOptions {
  readonly seed: number;
  readonly users: readonly RuntimeUser[];
  /** A fresh CONFIG for one client, before the system's `init` runs on it. */
  readonly config: () => Obj;
  /** What the world shares in `game` and `ui` (i18n …), the same object on every client. */
  readonly sharedGame?: Obj;
  readonly sharedUi?: Obj;
  /** The Foundry generation the world plays (generation.ts); 13 when not given. */
  readonly generation?: Generation;
}

const GM_ROLE = 4;
const PLAYER_ROLE = 1;

/**
 * `User#hasPermission(name)`: the user's role reaches the permission's role (a world may change them in
 * its Permission Configuration; the model keeps core's defaults). Default roles from the API's
 * CONST.USER_PERMISSIONS (https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html): creating
 * actors, items and cards is 3 (Assistant GM), drawing and browsing files 2 (Trusted), pinging the canvas
 * 1 (Player: core offers every player the ping). A permission the model does not list is refused to
 * players and granted to a GM, the safe side for a check.
 */
const PERMISSION_ROLES: Readonly<Record<string, number>> = {
  ACTOR_CREATE: 3,
  ITEM_CREATE: 3,
  CARDS_CREATE: 3,
  FILES_UPLOAD: 3,
  DRAWING_CREATE: 2,
  FILES_BROWSE: 2,
  PING_CANVAS: 1,
};

export class Runtime {
  readonly server: Server;
  readonly scheduler: Scheduler;
  readonly network: Network;
  readonly hookLedger: HookCall[] = [];
  readonly notices: Notice[] = [];
  readonly regionEvents: RegionEvent[] = [];
  /** The pages' `requestIdleCallback` queue (idle-callbacks.ts): run only when a test says the pages are idle. */
  readonly idleCallbacks = new IdleCallbacks();
  readonly boot: BootRegistration[] = [];
  /** Every compatibility warning the world's clients logged (compatibility.ts). */
  readonly deprecations: Deprecation[] = [];
  readonly generation: Generation;
  /** The world's compendium packs (uuid.ts). */
  readonly compendia = new Compendia();
  /** Each user's `game.user.targets` (core: the tokens that user's client targets). */
  readonly #targets = new Map<string, Set<unknown>>();
  readonly #sharedGame: Obj;
  /** The snapshot `restoreCombat` put back last, and what the world was then. */
  #lastRestore: { taken: string; modifications: number; clients: readonly Client[] } | null = null;
  readonly #sharedUi: Obj;
  #nextId = 1;
  #nextClient = 1;
  #globals: readonly string[] = [];

  constructor(readonly options: RuntimeOptions) {
    this.scheduler = new Scheduler(options.seed);
    this.server = new Server({
      modelOf: (documentName, type) => this.#modelOf(documentName, type),
      combatantLevel: (source, userId) => this.network.actors.level(source, userId),
      newId: () => this.newId(),
    });
    this.network = new Network(this.server, this.scheduler);
    for (const user of options.users)
      this.server.users.set(user.id, {
        id: user.id,
        name: user.name ?? user.id,
        isGM: user.isGM === true,
        active: false,
      });
    this.#sharedGame = options.sharedGame ?? {};
    this.#sharedUi = options.sharedUi ?? {};
    regionEventLog.events = this.regionEvents;
    deprecationLedger.entries = this.deprecations;
    this.generation = options.generation ?? 13;
    worldGeneration.current = this.generation;
  }

  targetsOf(userId: string): Set<unknown> {
    const set = this.#targets.get(userId) ?? new Set<unknown>();
    this.#targets.set(userId, set);
    return set;
  }

  newId(): string {
    return `rt${String(this.#nextId++).padStart(14, "0")}`;
  }

  #modelOf(documentName: DocumentName, type: string): (typeof TypeDataModel & (new (...a: never[]) => object)) | null {
    const client = this.network.connectedClients[0];
    if (client === undefined) return null;
    const Model = (client.CONFIG[documentName] as { dataModels?: Record<string, unknown> } | undefined)?.dataModels?.[
      type
    ];
    return typeof Model === "function" ? (Model as typeof TypeDataModel & (new (...a: never[]) => object)) : null;
  }

  /** Installs the per-client globals (game, Hooks, CONFIG, ui). */
  installGlobals(): void {
    this.#globals = definePerClientGlobals();
  }

  /**
   * Loads the system's code as every page does: hook registrations made while `load` runs are
   * replayed on every client that connects.
   */
  async loadSystem(load: () => Promise<unknown>): Promise<void> {
    const boot = this.boot;
    const loader: ClientGlobals = {
      id: "loader",
      game: {},
      CONFIG: this.options.config(),
      ui: {},
      localStorage: new BrowserStorage(),
      Hooks: {
        on: (name: string, fn: (...a: unknown[]) => unknown) => boot.push({ name, fn, once: false }),
        once: (name: string, fn: (...a: unknown[]) => unknown) => boot.push({ name, fn, once: true }),
      },
    };
    await runOn(loader, load);
  }

  readonly #browsers = new Map<string, BrowserStorage>();

  /** The `localStorage` of `userId`'s browser (every page of that user shares it: a reload keeps it). */
  browserStorage(userId: string): BrowserStorage {
    let storage = this.#browsers.get(userId);
    if (storage === undefined) this.#browsers.set(userId, (storage = new BrowserStorage()));
    return storage;
  }

  /** What every browser keeps now (a test's snapshot, with `restoreBrowsers`). */
  browserSnapshots(): ReadonlyMap<string, ReadonlyMap<string, string>> {
    return new Map([...this.#browsers].map(([user, storage]) => [user, storage.snapshot()]));
  }

  /** Puts every browser's storage back to a snapshot (travelling back in time: not something Foundry can do). */
  restoreBrowsers(taken: ReadonlyMap<string, ReadonlyMap<string, string>>): void {
    for (const [user, items] of taken) this.browserStorage(user).restore(items);
  }

  /** Connects a client for `userId` (a page load): init, the world's documents, setup, ready. */
  connect(userId: string): Client {
    const user = this.server.users.get(userId);
    if (user === undefined) throw new Error(`Runtime model: no user ${userId}`);
    const client = new Client(
      `client${this.#nextClient++}:${userId}`,
      userId,
      this.network,
      this.hookLedger,
      this.boot,
      this.options.config(),
      {
        game: this.#sharedGame,
        ui: this.#sharedUi,
      },
      this.browserStorage(userId),
    );
    const notify = (level: Notice["level"]) => (text: string) => {
      this.notices.push({ user: userId, level, text });
      return { id: this.notices.length };
    };
    client.ui.notifications = { info: notify("info"), warn: notify("warn"), error: notify("error") };
    user.active = true;
    for (const u of this.server.users.values()) client.userModels.set(u.id, this.#userModel(client, u.id));
    this.network.clients.set(client.id, client);
    // Core's own client settings, registered before any system code runs: the user's roll (v13) or
    // message (v14) mode (message-modes.ts).
    for (const [id, registration] of coreMessageModeSettings(this.generation))
      client.settingRegistrations.set(id, registration);
    // Core's client setting of each die's fulfillment method (v12+ Dice Configuration: denomination →
    // method, "" the default; modules such as Rollsight and More Manual Dice Rolls read and write it).
    client.settingRegistrations.set("core.diceConfiguration", { scope: "client", default: {} });
    // Core's world setting of compendium configurations (packs.ts), every pack unconfigured at first.
    client.settingRegistrations.set(`core.${COMPENDIUM_CONFIGURATION}`, { scope: "world", default: {} });
    client.run(() => client.hooks.callAll("init"));
    this.network.load(client);
    client.run(() => {
      client.hooks.callAll("setup");
      client.hooks.callAll("ready");
    });
    for (const other of this.network.connectedClients)
      if (!other.userModels.has(userId)) other.userModels.set(userId, this.#userModel(other, userId));
    for (const other of this.network.connectedClients)
      if (other !== client) other.run(() => other.hooks.callAll("userConnected", other.userModels.get(userId), true));
    return client;
  }

  #userModel(client: Client, id: string): UserModel {
    const server = this.server;
    const network = this.network;
    const targetsOf = (userId: string) => this.targetsOf(userId);
    const stored = () => server.users.get(id);
    return {
      id,
      get name() {
        return stored()?.name ?? id;
      },
      get isGM() {
        return stored()?.isGM === true;
      },
      get role() {
        return stored()?.isGM === true ? GM_ROLE : PLAYER_ROLE;
      },
      get active() {
        return stored()?.active === true;
      },
      set active(value: boolean) {
        const u = stored();
        if (u !== undefined) u.active = value;
      },
      get isSelf() {
        return client.userId === id;
      },
      get targets() {
        return targetsOf(id);
      },
      get isActiveGM() {
        return network.activeGm(client)?.id === id;
      },
      query: (name: string, data: unknown, options: { timeout?: number } = {}) =>
        network.query(client, id, name, data, options.timeout),
      hasPermission(permission: string) {
        return this.role >= (PERMISSION_ROLES[permission] ?? GM_ROLE);
      },
    };
  }

  /** The stored sources of a combat and its embedded documents, as JSON. */
  snapshotCombat(id: string): string {
    return this.server.combatJson(id);
  }

  /**
   * Puts a combat back to a snapshot, on the server and every client, without any write: a test's
   * way to run many table rows from one state (not something Foundry can do).
   */
  restoreCombat(taken: string): void {
    // Putting back the snapshot that was put back last, with no operation committed since, changes nothing:
    // every client's documents change only by operations the server committed (client.ts `apply`). A table
    // of rows whose commands are mostly refused restores the same snapshot over and over (the permission
    // matrix), and rebuilding every document on every client was half of its time. A test that writes a
    // source around the server (a client's own updateSource) must not restore this way.
    const clients = this.network.connectedClients;
    const last = this.#lastRestore;
    if (
      last !== null &&
      last.taken === taken &&
      last.modifications === this.server.modifications &&
      last.clients.length === clients.length &&
      last.clients.every((c, i) => c === clients[i])
    ) {
      return;
    }
    const entries = JSON.parse(taken) as { documentName: DocumentName; source: Obj; parentId: string | null }[];
    this.server.replace(entries);
    this.#lastRestore = { taken, modifications: this.server.modifications, clients: [...clients] };
    for (const client of this.network.connectedClients) client.run(() => client.restoreCombat(entries));
  }

  disconnect(client: Client): void {
    this.network.disconnect(client);
  }

  clientOf(userId: string): Client {
    const client = this.network.clientOf(userId);
    if (client === undefined) throw new Error(`Runtime model: ${userId} is not connected`);
    return client;
  }

  /** Runs `fn` as the code of `userId`'s client. */
  as<T>(userId: string, fn: () => T): T {
    return this.clientOf(userId).run(fn);
  }

  /** The client a test's own code runs as outside `as`. */
  setDefault(userId: string | null): void {
    setDefaultClient(userId === null ? null : this.clientOf(userId));
  }

  idle(): Promise<void> {
    return this.scheduler.idle();
  }

  /** Every page is idle (a pause between clicks): their idle callbacks run (idle-callbacks.ts), then what they send. */
  async runIdle(): Promise<void> {
    this.idleCallbacks.run();
    await this.scheduler.idle();
  }

  uninstall(): void {
    this.scheduler.stop();
    for (const name of this.#globals) Reflect.deleteProperty(globalThis, name);
    setDefaultClient(null);
  }
}

let latest: Runtime | null = null;

export function createRuntime(options: RuntimeOptions): Runtime {
  latest = new Runtime(options);
  return latest;
}

/** The runtime the running test file made. */
export function activeRuntime(): Runtime {
  if (latest === null) throw new Error("Runtime model: no runtime");
  return latest;
}

/** The runtime the running test file made, or null before it made one. */
export function latestRuntime(): Runtime | null {
  return latest;
}
