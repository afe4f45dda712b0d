/**
 * Foundry's Collection: keyed by id, and iterating, mapping and filtering its values
 * (`for (const c of combat.combatants)`, `combat.combatants.contents`, `.get(id)`).
 */
export class Collection<T> {
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
  set(id: string, value: T): this {
    this.#map.set(id, value);
    return this;
  }
  delete(id: string): boolean {
    return this.#map.delete(id);
  }
  keys(): IterableIterator<string> {
    return this.#map.keys();
  }
  values(): IterableIterator<T> {
    return this.#map.values();
  }
  filter(fn: (v: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  map<U>(fn: (v: T) => U): U[] {
    return this.contents.map(fn);
  }
  find(fn: (v: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  some(fn: (v: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  getName(name: string): T | undefined {
    return this.find((v) => (v as { name?: unknown }).name === name);
  }
  [Symbol.iterator](): IterableIterator<T> {
    return this.#map.values();
  }
}
