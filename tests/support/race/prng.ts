/**
 * The race fuzz's seeded random numbers (mulberry32): every choice of a sequence comes from its seed,
 * so a failure prints the seed and replays exactly (the runtime's scheduler takes the same seed for
 * the delivery order). Never Math.random.
 */
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("Prng.pick: no items");
    return item;
  }

  /** One of `weighted`'s keys, each as likely as its weight. */
  weighted<K extends string>(weighted: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weighted) as [K, number][];
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return (entries[entries.length - 1] as [K, number])[0];
  }
}
