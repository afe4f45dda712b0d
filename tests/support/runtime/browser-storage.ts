/**
 * A browser's `localStorage` (MDN, Window.localStorage: per origin, kept across page loads, strings
 * only): one per user of the runtime model, so a client that connects again for the same user (a reload)
 * finds what its earlier page kept. `snapshot` and `restore` let a test travel back in time with it.
 */
export class BrowserStorage {
  readonly #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  snapshot(): ReadonlyMap<string, string> {
    return new Map(this.#items);
  }

  restore(items: ReadonlyMap<string, string>): void {
    this.#items.clear();
    for (const [key, value] of items) this.#items.set(key, value);
  }
}
