/**
 * Message delivery between the server and the clients. Each direction of each connection is a FIFO
 * channel (a websocket keeps its order), but which channel delivers next is up to the scheduler:
 * in order of sending by default, or chosen by a seeded random generator in race mode, so messages
 * from different clients interleave as they would on a real network. One message is delivered per
 * macrotask, so every client's pending `await`s run between deliveries.
 */
export type Delivery = () => void;

export class Scheduler {
  readonly #channels = new Map<string, Delivery[]>();
  /** Channel names in the order their messages were sent (used when not racing). */
  readonly #sent: string[] = [];
  #random: number;
  #pumping = false;
  /** Messages delivered so far (a test can stop a race after N). */
  delivered = 0;
  /** Called after each delivery (the race fuzz checks invariants here). */
  afterDelivery: (() => void) | null = null;

  constructor(
    seed: number,
    public racing = false,
  ) {
    this.#random = seed >>> 0 || 1;
  }

  /** Starts the random delivery order again from `seed` (the race fuzz replays one sequence alone). */
  reseed(seed: number): void {
    this.#random = seed >>> 0 || 1;
  }

  next(): number {
    this.#random = (Math.imul(this.#random, 1664525) + 1013904223) >>> 0;
    return this.#random / 4294967296;
  }

  #stopped = false;

  /** Drops everything in flight and delivers nothing more (the test file is done with its world). */
  stop(): void {
    this.#stopped = true;
    this.#channels.clear();
    this.#sent.length = 0;
  }

  send(channel: string, delivery: Delivery): void {
    if (this.#stopped) return;
    const queue = this.#channels.get(channel) ?? [];
    queue.push(delivery);
    this.#channels.set(channel, queue);
    this.#sent.push(channel);
    this.#schedule();
  }

  get pending(): number {
    let n = 0;
    for (const queue of this.#channels.values()) n += queue.length;
    return n;
  }

  #schedule(): void {
    if (this.#pumping) return;
    this.#pumping = true;
    setImmediate(() => this.#pump());
  }

  #pump(): void {
    this.#pumping = false;
    const channel = this.#pick();
    if (channel === null) return;
    const delivery = this.#channels.get(channel)?.shift();
    if (delivery !== undefined) {
      this.delivered++;
      delivery();
      this.afterDelivery?.();
    }
    if (this.pending > 0) this.#schedule();
  }

  #pick(): string | null {
    if (!this.racing) {
      while (this.#sent.length > 0) {
        const channel = this.#sent.shift() ?? "";
        if ((this.#channels.get(channel)?.length ?? 0) > 0) return channel;
      }
      return null;
    }
    const ready = [...this.#channels.entries()].filter(([, q]) => q.length > 0).map(([c]) => c);
    if (ready.length === 0) return null;
    this.#sent.length = 0;
    return ready[Math.floor(this.next() * ready.length)] ?? null;
  }

  /** Waits until nothing is left to deliver and the clients' follow-up work has settled. */
  async idle(maxRounds = 10_000): Promise<void> {
    let quiet = 0;
    for (let i = 0; i < maxRounds && quiet < 4; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      quiet = this.pending === 0 && !this.#pumping ? quiet + 1 : 0;
    }
    if (quiet < 4) throw new Error("Runtime model: messages still in flight after idle()");
  }
}
