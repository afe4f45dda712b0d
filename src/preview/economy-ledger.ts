/**
 * The preview's action trackers (STD-6): each creature's, kept by feeding every step's engine events to
 * the engine's bookkeeping (engine/host/economy-book.ts), with an undo stack that follows the combat's
 * own: a step recorded in the combat's history pushes the book, an undo or redo of n steps moves n books.
 * The Foundry layer would keep the same book on Combatant.system instead.
 */
import {
  economyLeft,
  followEconomies,
  openEconomyBook,
  PATCH_HISTORY_LIMIT,
  type ActionLeft,
  type BookEconomy,
  type EconomyBook,
  type HostEvent,
} from "../engine/index.ts";

export class EconomyLedger<S, E> {
  readonly #economy: BookEconomy<S, E>;
  readonly #ids: readonly string[];
  #book: EconomyBook<S>;
  #past: EconomyBook<S>[] = [];
  #future: EconomyBook<S>[] = [];

  constructor(economy: BookEconomy<S, E>, ids: readonly string[]) {
    this.#economy = economy;
    this.#ids = ids;
    this.#book = openEconomyBook(economy, ids);
  }

  get book(): EconomyBook<S> {
    return this.#book;
  }

  left(id: string): readonly ActionLeft<string>[] | null {
    return economyLeft(this.#economy, this.#book, id);
  }

  /** A step the combat recorded in its history: the book follows its events. */
  record(events: readonly HostEvent[], started: boolean): void {
    this.#past = [...this.#past, this.#book].slice(-PATCH_HISTORY_LIMIT);
    this.#future = [];
    this.#book = followEconomies(this.#economy, this.#book, events, started).book;
  }

  /** `steps` undone (previous turn, previous round). */
  undo(steps: number): void {
    for (let i = 0; i < steps; i++) {
      const previous = this.#past.pop();
      if (previous === undefined) return;
      this.#future = [this.#book, ...this.#future];
      this.#book = previous;
    }
  }

  /** `steps` redone. */
  redo(steps: number): void {
    for (let i = 0; i < steps; i++) {
      const [next, ...rest] = this.#future;
      if (next === undefined) return;
      this.#past = [...this.#past, this.#book];
      this.#future = rest;
      this.#book = next;
    }
  }

  /** The encounter rebuilt from its combatants (`reset`): fresh trackers, no history. */
  reset(): void {
    this.#book = openEconomyBook(this.#economy, this.#ids);
    this.#past = [];
    this.#future = [];
  }
}
