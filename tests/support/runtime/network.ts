/**
 * The wires between the clients and the server: every document operation, socket event, query,
 * setting and clock change goes client → server → clients through the scheduler (scheduler.ts), so
 * nothing reaches another client synchronously and deliveries from different clients interleave.
 * What each kind of message does is documented in client.ts and server.ts.
 */
import { deltaEffectSources, loadedEffectSource } from "./active-effect-shape.ts";
import type { ClientDocument } from "./document.ts";
import { messageModeOf, rollModeOf, warnRollModeSetting } from "./message-modes.ts";
import type { Client, UserModel } from "./client.ts";
import { isObj, type Obj } from "./diff.ts";
import type { ModifyRequest, ModifyResult } from "./protocol.ts";
import type { Scheduler } from "./scheduler.ts";
import type { Server } from "./server.ts";
import { modelClock } from "./clock.ts";

export class QueryError extends Error {}

/** Who owns what a combatant stands for (its actor's ownership). */
export interface ActorDirectory {
  level(combatant: Obj, userId: string): number;
}

export class Network {
  readonly clients = new Map<string, Client>();
  /**
   * Issue 18 (the secrets probe): every byte each client received, by client id, as JSON text: the
   * documents and settings it loaded, every document broadcast, socket message, query and query answer
   * delivered to it, every setting change and clock tick it heard.
   */
  readonly received = new Map<string, string[]>();
  /** Whether `received` is kept (the secrets probe turns it on: a JSON text per delivery costs CPU). */
  recordReceived = false;

  /** Records what `client` received (the secrets probe reads it with `receivedBy`). */
  #heard(client: Client, kind: string, payload: unknown): void {
    if (!this.recordReceived) return;
    let log = this.received.get(client.id);
    if (log === undefined) this.received.set(client.id, (log = []));
    log.push(`${kind} ${JSON.stringify(payload) ?? "undefined"}`);
  }

  /** Everything `client` has received so far, one JSON text per delivery. */
  receivedBy(client: Client): readonly string[] {
    return this.received.get(client.id) ?? [];
  }
  /** Queries waiting for an answer, by the client that must answer them. */
  readonly #pendingQueries = new Map<Client, Set<(error: Error) => void>>();
  actors: ActorDirectory = { level: () => 0 };

  constructor(
    readonly server: Server,
    readonly scheduler: Scheduler,
  ) {}

  get connectedClients(): Client[] {
    return [...this.clients.values()].filter((c) => c.connected);
  }

  clientOf(userId: string): Client | undefined {
    return this.connectedClients.find((c) => c.userId === userId);
  }

  /** The designated active GM as `client` sees the users (client.ts). */
  activeGm(client: Client): UserModel | null {
    const gms = client.users
      .filter((u) => u.isGM && u.active)
      .sort((a, b) => b.role - a.role || (a.id < b.id ? -1 : 1));
    return gms[0] ?? null;
  }

  #toServer(client: Client, deliver: () => void): void {
    this.scheduler.send(`c2s:${client.id}`, () => {
      if (client.connected) deliver();
    });
  }

  #toClient(client: Client, deliver: () => void): void {
    this.scheduler.send(`s2c:${client.id}`, () => {
      if (client.connected) deliver();
    });
  }

  request(client: Client, request: ModifyRequest): Promise<ModifyResult | null> {
    return new Promise((resolve, reject) => {
      this.#toServer(client, () => {
        let result: ModifyResult | null;
        try {
          result = modelClock.measure(() => this.server.modify(request));
        } catch (error) {
          this.#toClient(client, () => reject(error as Error));
          return;
        }
        if (result === null) {
          this.#toClient(client, () => resolve(null));
          return;
        }
        const delta = this.#timeDelta(result);
        if (delta !== 0) this.server.worldTime += delta;
        const worldTime = this.server.worldTime;
        // Every client hears every operation: a ChatMessage whispered to others too (chat.ts, foundryvtt #14429).
        for (const target of this.connectedClients) {
          const copy = modelClock.measure(() => structuredClone(result));
          this.#toClient(target, () => {
            this.#heard(target, "document", copy);
            target.receive(copy);
            if (delta !== 0)
              target.run(() => target.hooks.callAll("updateWorldTime", worldTime, delta, copy.options, copy.userId));
            if (target === client) resolve(copy);
          });
        }
      });
    });
  }

  /** A Combat update's `worldTime: { delta }` option advances the clock in the same operation. */
  #timeDelta(result: ModifyResult): number {
    if (result.documentName !== "Combat" || result.action !== "update") return 0;
    const worldTime = result.options.worldTime;
    return isObj(worldTime) && typeof worldTime.delta === "number" ? worldTime.delta : 0;
  }

  emit(client: Client, event: string, args: readonly unknown[]): void {
    const sender = client.userId;
    this.#toServer(client, () => {
      const targets = this.connectedClients.filter((c) => c !== client);
      this.server.count("socket", sender, args, targets.length);
      for (const target of targets) {
        const copy = structuredClone(args);
        this.#toClient(target, () => {
          this.#heard(target, "socket", { event, args: copy, sender });
          for (const fn of target.socketListeners.get(event) ?? []) target.run(() => fn(...copy, sender));
        });
      }
    });
  }

  query(client: Client, userId: string, name: string, data: unknown, timeout: number | undefined): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const target = this.clientOf(userId);
      if (target === undefined) {
        reject(new QueryError(`Runtime model: user ${userId} is not connected`));
        return;
      }
      const waiting = this.#pendingQueries.get(target) ?? new Set();
      this.#pendingQueries.set(target, waiting);
      const fail = (error: Error) => reject(error);
      waiting.add(fail);
      this.#toServer(client, () => {
        this.server.count("query", client.userId, { name, data }, 1);
        this.#toClient(target, () => {
          this.#heard(target, "query", { name, data });
          const handler = (target.CONFIG.queries as Record<string, unknown> | undefined)?.[name];
          const answer =
            typeof handler === "function"
              ? target.run(() =>
                  Promise.resolve((handler as (d: unknown, o: object) => unknown)(structuredClone(data), { timeout })),
                )
              : Promise.reject(new QueryError(`Runtime model: no query handler ${name}`));
          void answer.then(
            (value) =>
              this.#answer(target, client, waiting, fail, () => {
                this.#heard(client, "answer", { name, value });
                resolve(structuredClone(value));
              }),
            (error: unknown) => this.#answer(target, client, waiting, fail, () => reject(error as Error)),
          );
        });
      });
    });
  }

  #answer(
    target: Client,
    asker: Client,
    waiting: Set<(e: Error) => void>,
    fail: (e: Error) => void,
    settle: () => void,
  ): void {
    if (!waiting.has(fail)) return;
    this.#toServer(target, () => {
      this.#toClient(asker, () => {
        waiting.delete(fail);
        settle();
      });
    });
  }

  /** A client leaves: its user is inactive for everyone, and queries it owed time out. */
  disconnect(client: Client): void {
    client.connected = false;
    const user = this.server.users.get(client.userId);
    if (user !== undefined && this.clientOf(client.userId) === undefined) user.active = false;
    for (const fail of this.#pendingQueries.get(client) ?? [])
      fail(new QueryError("Runtime model: the query timed out"));
    this.#pendingQueries.delete(client);
    for (const other of this.connectedClients) {
      this.#toClient(other, () =>
        other.run(() => other.hooks.callAll("userConnected", other.userModels.get(client.userId), false)),
      );
    }
  }

  getSetting(client: Client, id: string): unknown {
    const registration = client.settingRegistrations.get(id);
    if (registration === undefined) throw new Error(`Runtime model: ${id} is not a registered game setting`);
    // v14's `core.rollMode`, a deprecated alias of `core.messageMode` (message-modes.ts).
    if (typeof registration.aliasOf === "string") {
      client.run(warnRollModeSetting);
      return rollModeOf(String(this.getSetting(client, registration.aliasOf)));
    }
    const key = registration.scope === "client" ? null : registration.scope === "user" ? `${client.userId}:${id}` : id;
    if (key === null) return client.localSettings.has(id) ? client.localSettings.get(id) : registration.default;
    return this.server.settings.has(key) ? structuredClone(this.server.settings.get(key)) : registration.default;
  }

  setSetting(client: Client, id: string, value: unknown): Promise<unknown> {
    const registration = client.settingRegistrations.get(id);
    if (registration === undefined)
      return Promise.reject(new Error(`Runtime model: ${id} is not a registered game setting`));
    if (typeof registration.aliasOf === "string") {
      client.run(warnRollModeSetting);
      return this.setSetting(client, registration.aliasOf, messageModeOf(String(value)));
    }
    if (registration.scope === "client") {
      client.localSettings.set(id, value);
      registration.onChange?.(value);
      return Promise.resolve(value);
    }
    // "User Settings only apply for a single User in a single World" (https://foundryvtt.com/article/settings,
    // v13.350), but every client receives every user's user settings and hears their changes: Simply Dice
    // reads other users' user settings and handles `updateSetting` for them, PF2e Toolbelt guards a
    // user-scope `onChange` against other users' changes (docs/research/foundry-secrets-and-write-guards.md,
    // session 8). So a user setting reaches every client here too.
    const userScope = registration.scope === "user";
    if (!userScope && !client.user.isGM)
      return Promise.reject(new Error("Runtime model: only a GM writes a world setting"));
    return new Promise((resolve) => {
      this.#toServer(client, () => {
        this.server.settings.set(userScope ? `${client.userId}:${id}` : id, structuredClone(value));
        const targets = this.connectedClients;
        this.server.count("setting", client.userId, { key: id, value }, targets.length);
        for (const target of targets) {
          this.#toClient(target, () => {
            this.#heard(target, "setting", { key: id, user: userScope ? client.userId : null, value });
            target.run(() => target.settingRegistrations.get(id)?.onChange?.(value));
            if (target === client) resolve(value);
          });
        }
      });
    });
  }

  advanceTime(client: Client, delta: number): Promise<number> {
    if (!client.user.isGM) return Promise.reject(new Error("Runtime model: only a GM advances world time"));
    return new Promise((resolve) => {
      this.#toServer(client, () => {
        this.server.worldTime += delta;
        const worldTime = this.server.worldTime;
        this.server.count("time", client.userId, { worldTime }, this.connectedClients.length);
        for (const target of this.connectedClients) {
          this.#toClient(target, () => {
            this.#heard(target, "time", { worldTime });
            target.run(() => target.hooks.callAll("updateWorldTime", worldTime, delta, {}, client.userId));
            if (target === client) resolve(worldTime);
          });
        }
      });
    });
  }

  /** Loads the server's documents into a client that just connected (after its `init`). */
  load(client: Client): void {
    const snapshot = this.server.snapshot();
    // A page loads every world document and every setting stored in the world, user settings of every
    // user included (see `setSetting`).
    this.#heard(client, "load", { documents: snapshot, settings: [...this.server.settings] });
    client.run(() => {
      // Actors before scenes and combats: tokens and combatants read their actors.
      const embed = (doc: ClientDocument): void => {
        for (const child of snapshot.filter((d) => d.parentId === doc.id)) {
          // v14 reads an effect v13 stored in its own shape, as core migrates it on load (an unlinked
          // token's effects, stored in its ActorDelta, too).
          if (child.documentName === "ActiveEffect") loadedEffectSource(child.source);
          if (child.documentName === "Token") for (const e of deltaEffectSources(child.source)) loadedEffectSource(e);
          const embedded = new (client.documentClass(child.documentName))(child.source, { parent: doc, client });
          doc.getEmbeddedCollection(child.documentName).set(embedded.id ?? "", embedded);
          if (child.documentName === "Item") embed(embedded);
        }
      };
      for (const name of ["Actor", "Item", "Scene", "ChatMessage", "Combat"] as const) {
        for (const { source } of snapshot.filter((d) => d.documentName === name && d.parentId === null)) {
          const id = String(source._id);
          const collection = client.worldCollection(name);
          if (collection.has(id)) continue;
          const doc = new (client.documentClass(name))(source, { client });
          embed(doc);
          collection.set(id, doc);
          doc.prepareData();
          if (name === "Combat") (doc as unknown as { setupTurns(): void }).setupTurns();
        }
      }
    });
  }
}

export type { Obj };
