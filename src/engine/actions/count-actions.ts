/**
 * The count ruleset's economy: one action, declared on the creature's own count (CNT-6), and one
 * reaction per round (CNT-12), usable whenever its trigger happens. CNT-4: creatures the GM marks
 * surprised take neither actions nor reactions during the surprise round (round 0).
 * Scheduling (when the action resolves, CNT-13's count change) is the count scheduler's job.
 */
import { err, type Result } from "../core/result.ts";
import type { CommonEvent } from "../initiative/contract.ts";
import { defineEconomy, isOwnTurnEvent, takeOne, type ActionEconomy } from "./economy.ts";

export type CountActionKind = "action" | "reaction";

export interface CountActions {
  readonly onTurn: boolean;
  readonly action: number;
  readonly reaction: number;
  /** CNT-4: surprised during the surprise round. */
  readonly surprised: boolean;
}

/** CNT-4, CNT-12: a creature's count-track actions at the start of combat (surprised: none in the surprise round). */
export function countActions(surprised: boolean): CountActions {
  return { onTurn: false, action: 0, reaction: surprised ? 0 : 1, surprised };
}

/** CNT-6, CNT-12: what the count ruleset spends. */
export const COUNT_ACTION_KINDS: readonly CountActionKind[] = ["action", "reaction"];

const LABELS = { action: "TEMPO.ACTIONS.Action", reaction: "TEMPO.ACTIONS.Reaction" } as const;

/** CNT-4, CNT-6, CNT-12: the count ruleset's action tracker. */
export const countEconomy: ActionEconomy<CountActions, CountActionKind> = defineEconomy({
  ruleset: "count",
  kinds: COUNT_ACTION_KINDS,
  labels: LABELS,

  spend(state: CountActions, kind: CountActionKind): Result<CountActions> {
    if (state.surprised) return err("TEMPO.ERRORS.Actions.Surprised", { kind });
    if (kind === "action" && !state.onTurn) return err("TEMPO.ERRORS.Actions.NotYourTurn", { kind });
    return takeOne(state, kind);
  },

  left(state: CountActions) {
    return state.surprised ? { action: 0, reaction: 0 } : state;
  },

  observe(state: CountActions, event: CommonEvent, selfId: string): CountActions {
    if (event.type === "roundStarted" && event.round >= 1) return { ...state, surprised: false, reaction: 1 };
    if (isOwnTurnEvent(event, selfId, "turnStarted"))
      return { ...state, onTurn: true, action: state.surprised ? 0 : 1 };
    if (isOwnTurnEvent(event, selfId, "turnEnded")) return { ...state, onTurn: false, action: 0 };
    return state;
  },
});
