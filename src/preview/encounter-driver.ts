import type { CommonCommand, DiceRequest, HistoryCommand, HistoryState, Message, Scheduler } from "../engine/index.ts";
import type { ScriptedDice } from "./scripted-dice.ts";

/**
 * Runs a scheduler the way the Foundry adapter will: apply a command, roll whatever dice it asks
 * for, feed the totals back, repeat until nothing is waiting. Errors are kept for the page to show.
 */
export class EncounterDriver<S, C extends { readonly type: string }, E> {
  #state: HistoryState<S>;
  #error: Message | null = null;
  readonly #scheduler: Scheduler<HistoryState<S>, C | CommonCommand | HistoryCommand, E>;
  readonly #dice: ScriptedDice;

  constructor(
    scheduler: Scheduler<HistoryState<S>, C | CommonCommand | HistoryCommand, E>,
    state: HistoryState<S>,
    dice: ScriptedDice,
  ) {
    this.#scheduler = scheduler;
    this.#state = state;
    this.#dice = dice;
  }

  get state(): HistoryState<S> {
    return this.#state;
  }

  get error(): Message | null {
    return this.#error;
  }

  start(): void {
    this.#run({ type: "start" });
  }

  next(): void {
    this.#run({ type: "next" });
  }

  /** Any other command of the scheme (declare, react, …); a refused one leaves the state as it was. */
  perform(command: C): void {
    this.#run(command);
  }

  /** Previous turn: the exact earlier state, dice results included, so an undo never rerolls. */
  previous(): void {
    let guard = 0;
    // Step back over the dice answers too, to the state before the last person's command.
    do {
      if (!this.#apply({ type: "undo" })) return;
      guard++;
    } while (this.#scheduler.pending(this.#state).length > 0 && guard < 100);
  }

  canUndo(): boolean {
    return this.#state.past.length > 0;
  }

  #run(command: C | CommonCommand): void {
    if (!this.#apply(command)) return;
    let requests: readonly DiceRequest[] = this.#scheduler.pending(this.#state);
    for (let guard = 0; requests.length > 0 && guard < 100; guard++) {
      const results = requests.map((request) => ({ requestId: request.id, total: this.#dice.roll(request) }));
      if (!this.#apply({ type: "rolls", results })) return;
      requests = this.#scheduler.pending(this.#state);
    }
  }

  #apply(command: C | CommonCommand | HistoryCommand): boolean {
    const result = this.#scheduler.apply(this.#state, command);
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.#error = null;
    this.#state = result.value.state;
    return true;
  }
}
