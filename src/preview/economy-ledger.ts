/**
 * The preview's action trackers (STD-6): each creature's record kept in memory and moved by every step
 * through the engine's own bookkeeping (engine/host/economy-records.ts), the same function the Foundry
 * layer runs before it writes `Combatant.system.actions`: a step's events move the trackers, an undo or
 * redo moves the records by the history's step numbers, a reset starts them afresh.
 */
import {
  EMPTY_ACTION_RECORD,
  type ActionLeft,
  type ActionRecord,
  type HostEvent,
  type PatchHistory,
  type RulesetBook,
} from "../engine/index.ts";

export interface LedgerStep {
  readonly events: readonly HostEvent[];
  readonly before: PatchHistory;
  readonly after: PatchHistory;
  readonly startedBefore: boolean;
  readonly startedAfter: boolean;
}

export class EconomyLedger {
  readonly #book: RulesetBook;
  readonly #ids: readonly string[];
  #records: Readonly<Record<string, ActionRecord>>;

  constructor(book: RulesetBook, ids: readonly string[]) {
    this.#book = book;
    this.#ids = ids;
    const none = Object.fromEntries(ids.map((id) => [id, EMPTY_ACTION_RECORD]));
    const empty = { undo: {}, redo: {} };
    // A combat not started: every creature's tracker a fresh one (the engine's own rule for that case).
    this.#records = book.step(none, {
      events: [],
      before: empty,
      after: empty,
      startedBefore: false,
      startedAfter: false,
      ids,
    }).records;
  }

  /** Each creature's tracker now, as a host hands them to the engine's checks. */
  get nows(): Readonly<Record<string, unknown>> {
    return Object.fromEntries(Object.entries(this.#records).map(([id, r]) => [id, r.now]));
  }

  left(id: string): readonly ActionLeft<string>[] | null {
    return Object.hasOwn(this.#records, id) ? this.#book.left(this.#records[id]?.now) : null;
  }

  /** One step of the combat (a command, its dice, an undo or redo, a reset). */
  follow(step: LedgerStep): void {
    this.#records = this.#book.step(this.#records, { ...step, ids: this.#ids }).records;
  }
}
