/**
 * Plays a short encounter through the common Scheduler interface, as an adapter would: start, every dice
 * request answered with a total its formula can roll, then `next` again and again, answering dice on the
 * way. Tests that check the contract for all five schemes (requests, current, the event stream) share it.
 */
import { unwrap } from "../../../../src/engine/core/result.ts";
import { formulaMax, formulaMin } from "../../../../src/engine/dice/formula-odds.ts";
import type { CommonCommand, Scheduler, Transition } from "../../../../src/engine/initiative/contract.ts";

export interface WalkOptions {
  /** How many times `next` is pressed after the start. */
  readonly nexts: number;
  /** The first batch of dice all show the formula's lowest total, so that everyone ties. */
  readonly tieFirst: boolean;
}

/**
 * Returns the last state; `seen` gets every transition in order with the state it led to. Totals after the
 * first batch are spread over each formula's range, so ties settle.
 */
export function walkEncounter<S, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C | CommonCommand, E>,
  created: S,
  options: WalkOptions,
  seen: (transition: Transition<S, E>) => void = () => undefined,
): S {
  let state = created;
  let batch = 0;
  let k = 0;
  const apply = (command: C | CommonCommand): void => {
    const t = unwrap(scheduler.apply(state, command));
    state = t.state;
    seen(t);
  };
  apply({ type: "start" });
  for (let i = 0; i <= options.nexts; i++) {
    for (let guard = 0; scheduler.pending(state).length > 0 && guard < 20; guard++) {
      const results = scheduler.pending(state).map((r) => {
        const min = unwrap(formulaMin(r.formula));
        const max = unwrap(formulaMax(r.formula));
        const tie = options.tieFirst && batch === 0;
        return { requestId: r.id, total: tie ? min : min + ((k++ * 7) % (max - min + 1)) };
      });
      apply({ type: "rolls", results });
      batch++;
    }
    if (i < options.nexts) apply({ type: "next" });
  }
  return state;
}
