/**
 * STD-6: on its turn a creature has an Action, a Quick Action and an Interaction, in any order,
 * interleaved with movement; outside its turn it has one Reaction, refreshed at the start of its turn.
 * STD-3: a creature that joins a running combat neither acts nor reacts until its first turn.
 *
 * Ruling: what is left of the turn's three resources is lost when the turn ends, and the Reaction is
 * usable only outside the creature's own turn, as the source says.
 */
import { err, type Result } from "../core/result.ts";
import type { CommonEvent } from "../initiative/contract.ts";
import { defineEconomy, isOwnTurnEvent, takeOne, type ActionEconomy } from "./economy.ts";

export type StandardActionKind = "action" | "quickAction" | "interaction" | "reaction";

export interface StandardActions {
  readonly onTurn: boolean;
  readonly action: number;
  readonly quickAction: number;
  readonly interaction: number;
  readonly reaction: number;
}

/** A creature at the start of combat has its Reaction; one joining mid-combat has nothing yet (STD-3). */
export function standardActions(joinedMidCombat: boolean): StandardActions {
  return { onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: joinedMidCombat ? 0 : 1 };
}

/** STD-6: what the standard ruleset spends. */
export const STANDARD_ACTION_KINDS: readonly StandardActionKind[] = [
  "action",
  "quickAction",
  "interaction",
  "reaction",
];

const LABELS = {
  action: "TEMPO.ACTIONS.Action",
  quickAction: "TEMPO.ACTIONS.QuickAction",
  interaction: "TEMPO.ACTIONS.Interaction",
  reaction: "TEMPO.ACTIONS.Reaction",
} as const;

/** STD-3, STD-6: the standard ruleset's action tracker. */
export const standardEconomy: ActionEconomy<StandardActions, StandardActionKind> = defineEconomy({
  ruleset: "standard",
  kinds: STANDARD_ACTION_KINDS,
  labels: LABELS,

  spend(state: StandardActions, kind: StandardActionKind): Result<StandardActions> {
    if (kind === "reaction") {
      if (state.onTurn) return err("TEMPO.ERRORS.Actions.OutsideTurnOnly", { kind });
    } else if (!state.onTurn) {
      return err("TEMPO.ERRORS.Actions.NotYourTurn", { kind });
    }
    return takeOne(state, kind);
  },

  left: (state: StandardActions) => state,

  observe(state: StandardActions, event: CommonEvent, selfId: string): StandardActions {
    if (isOwnTurnEvent(event, selfId, "turnStarted"))
      return { onTurn: true, action: 1, quickAction: 1, interaction: 1, reaction: 1 };
    if (isOwnTurnEvent(event, selfId, "turnEnded"))
      return { ...state, onTurn: false, action: 0, quickAction: 0, interaction: 0 };
    return state;
  },
});
