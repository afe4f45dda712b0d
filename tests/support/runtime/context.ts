/**
 * Which client is running. Every Foundry client is its own browser page with its own `game`,
 * `Hooks`, `CONFIG` and `ui`; the runtime model runs several clients in one Node process, so each
 * client's code runs inside an AsyncLocalStorage context and the Foundry globals are getters that
 * answer with the running client's objects. An `await` inside a client's code resumes on the same
 * client, as it would in its own page, however the scheduler interleaves the others.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What one client page exposes as globals. */
export interface ClientGlobals {
  readonly id: string;
  readonly game: object;
  readonly Hooks: object;
  readonly CONFIG: object;
  readonly ui: object;
  /** The page's browser storage (browser-storage.ts), kept by the runtime per user. */
  readonly localStorage: object;
}

const running = new AsyncLocalStorage<ClientGlobals>();
let fallback: ClientGlobals | null = null;

/** The client whose code is running; outside any, the default client (the test's own point of view). */
export function currentClient(): ClientGlobals {
  const client = running.getStore() ?? fallback;
  if (client === null) throw new Error("Runtime model: no client is running (install the runtime first)");
  return client;
}

/** Runs `fn` as code of `client` (its awaits stay on that client). */
export function runOn<T>(client: ClientGlobals, fn: () => T): T {
  return running.run(client, fn);
}

/** The client a test's own code runs as when it is not inside `runOn`. */
export function setDefaultClient(client: ClientGlobals | null): void {
  fallback = client;
}

const PER_CLIENT = ["game", "Hooks", "CONFIG", "ui", "localStorage"] as const;

/** Defines the per-client globals as getters of the running client; returns their names. */
export function definePerClientGlobals(): readonly string[] {
  for (const name of PER_CLIENT) {
    Object.defineProperty(globalThis, name, {
      get: () => currentClient()[name],
      configurable: true,
      enumerable: false,
    });
  }
  return PER_CLIENT;
}

/** Defines a global shared by every client (a class, the `foundry` namespace). */
export function defineSharedGlobal(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
}

/** Whether code runs inside a client's `runOn` (module-level code of the system runs outside any). */
export function insideClient(): boolean {
  return running.getStore() !== undefined;
}
