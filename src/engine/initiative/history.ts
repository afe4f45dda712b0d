/**
 * Undo and redo for any scheduler: previous turn / previous round restore the exact earlier state,
 * declarations, pending actions and dice requests included.
 *
 * States are immutable and share structure, so keeping earlier ones costs only what changed.
 * The history is bounded (`limit`) so a long encounter stored in `Combat.system` stays small.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { DiceRequest, Scheduler, TimelineEntry, Transition } from "./contract.ts";

export interface HistoryState<S> {
  readonly present: S;
  readonly past: readonly S[];
  readonly future: readonly S[];
}

export type HistoryCommand = { readonly type: "undo" } | { readonly type: "redo" };
export type HistoryEvent = { readonly type: "undone" } | { readonly type: "redone" };

export const DEFAULT_HISTORY_LIMIT = 50;

export function withHistoryState<S>(present: S): HistoryState<S> {
  return { present, past: [], future: [] };
}

export function withHistory<S, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C, E>,
  limit: number = DEFAULT_HISTORY_LIMIT,
): Scheduler<HistoryState<S>, C | HistoryCommand, E | HistoryEvent> {
  const apply = (
    state: HistoryState<S>,
    command: C | HistoryCommand,
  ): Result<Transition<HistoryState<S>, E | HistoryEvent>> => {
    if (command.type === "undo") {
      const previous = state.past[state.past.length - 1];
      if (previous === undefined) return err("TEMPO.ERRORS.History.NothingToUndo");
      return ok({
        state: { present: previous, past: state.past.slice(0, -1), future: [state.present, ...state.future] },
        events: [{ type: "undone" }],
        requests: [],
      });
    }
    if (command.type === "redo") {
      const [next, ...rest] = state.future;
      if (next === undefined) return err("TEMPO.ERRORS.History.NothingToRedo");
      return ok({
        state: { present: next, past: [...state.past, state.present].slice(-limit), future: rest },
        events: [{ type: "redone" }],
        requests: [],
      });
    }
    const result = scheduler.apply(state.present, command as C);
    if (!result.ok) return result;
    return ok({
      state: { present: result.value.state, past: [...state.past, state.present].slice(-limit), future: [] },
      events: result.value.events,
      requests: result.value.requests,
    });
  };
  return {
    id: scheduler.id,
    apply,
    timeline: (state): readonly TimelineEntry[] => scheduler.timeline(state.present),
    current: (state): string | null => scheduler.current(state.present),
    pending: (state): readonly DiceRequest[] => scheduler.pending(state.present),
  };
}
