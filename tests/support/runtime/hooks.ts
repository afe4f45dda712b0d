/**
 * One client's `Hooks`: `on`, `once`, `off`, `call` (stops at the first `false`) and `callAll`, as
 * Foundry's public API page for Hooks describes them. Every call is written to the runtime's ledger
 * with the client it ran on, so a test can check which hooks fired where and how often.
 */
type HookFn = (...args: unknown[]) => unknown;

export interface HookCall {
  readonly client: string;
  readonly name: string;
  readonly args: readonly unknown[];
}

/** A hook registration made while the system's code was loaded: every client replays it. */
export interface BootRegistration {
  readonly name: string;
  readonly fn: HookFn;
  readonly once: boolean;
}

const NO_LISTENERS: readonly { fn: HookFn }[] = [];

/**
 * Whether hook calls are written to the runtime's ledger (for the tests that read it). A benchmark reads none
 * and turns it off: a count round boundary calls some 3,000 hooks on every client, and the ledger's records of
 * them are the model's, not Foundry's nor Tempo's.
 */
export const hookRecording = { on: true };

export class ClientHooks {
  readonly #fns = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  #nextId = 1;

  constructor(
    readonly clientId: string,
    readonly ledger: HookCall[],
    boot: readonly BootRegistration[],
  ) {
    for (const entry of boot) this.#add(entry.name, entry.fn, entry.once);
  }

  #add(name: string, fn: HookFn, once: boolean): number {
    const id = this.#nextId++;
    this.#fns.set(name, [...(this.#fns.get(name) ?? []), { id, fn, once }]);
    return id;
  }

  on(name: string, fn: HookFn): number {
    return this.#add(name, fn, false);
  }

  once(name: string, fn: HookFn): number {
    return this.#add(name, fn, true);
  }

  off(name: string, fnOrId: HookFn | number): void {
    const list = this.#fns.get(name) ?? [];
    this.#fns.set(
      name,
      list.filter((e) => e.id !== fnOrId && e.fn !== fnOrId),
    );
  }

  /**
   * The listeners to call, the `once` ones taken off. A hook nobody listens to costs a lookup, as in core (a
   * system's many hooks with no listener: the model's cost of a call must not be booked to the system's).
   */
  #take(name: string): readonly { fn: HookFn }[] {
    const list = this.#fns.get(name);
    if (list === undefined) return NO_LISTENERS;
    if (list.some((e) => e.once))
      this.#fns.set(
        name,
        list.filter((e) => !e.once),
      );
    return list;
  }

  /** Calls every listener; false when one returned false (the rest are not called). */
  call(name: string, ...args: unknown[]): boolean {
    if (hookRecording.on) this.ledger.push({ client: this.clientId, name, args });
    for (const entry of this.#take(name)) if (entry.fn(...args) === false) return false;
    return true;
  }

  callAll(name: string, ...args: unknown[]): true {
    if (hookRecording.on) this.ledger.push({ client: this.clientId, name, args });
    for (const entry of this.#take(name)) entry.fn(...args);
    return true;
  }
}
