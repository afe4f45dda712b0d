/** The commands and events of the `standard` scheduler (see scheduler.ts for the rulings behind them). */
import type { CommonCommand, CommonEvent, DiceRequest } from "../contract.ts";
import type { TurnSkipped } from "../shared/turn-walk.ts";
import type { StandardState } from "./state.ts";

export type StandardCommand =
  | CommonCommand
  /** STD-3: a creature enters the fray; it rolls 1d20 + `dexBonus` once combat has started. */
  | { readonly type: "join"; readonly combatantId: string; readonly dexBonus: number }
  /** Delay: the acting creature steps out of the order until it re-enters (`act`) or the round ends. */
  | { readonly type: "delay"; readonly combatantId: string }
  /** Delay: a delayed creature re-enters; its turn comes right after the acting creature's. */
  | { readonly type: "act"; readonly combatantId: string }
  /** Ready: the acting creature readies an action for `trigger` and ends its turn. */
  | { readonly type: "ready"; readonly combatantId: string; readonly trigger: string }
  /** Ready: the trigger happened; the readied action resolves now, with the creature's Reaction (STD-6). */
  | { readonly type: "trigger"; readonly combatantId: string }
  /**
   * STD-6: the acting creature uses its Action, Quick Action or Interaction (`kind`): an attack or a cast
   * from the sheet spends the Action. Each use is its own step, so undo gives back exactly what it spent;
   * the host's action tracker (actions/standard-actions.ts) refuses an overspend before the step.
   */
  | { readonly type: "use"; readonly combatantId: string; readonly kind: string };

export type StandardEvent =
  | CommonEvent
  /** DEF-1: a defeated creature's slot came and was passed over. */
  | TurnSkipped
  /** Delay: the acting creature stepped out; its turn starts again when it re-enters (no `turnEnded` now). */
  | { readonly type: "delayed"; readonly round: number; readonly combatantId: string }
  /**
   * Delay: a delayed creature re-entered right after `afterId` (null: that creature has left, and it keeps
   * its own total); `forced` when the round reached its end without it.
   */
  | {
      readonly type: "delayEnded";
      readonly round: number;
      readonly combatantId: string;
      readonly afterId: string | null;
      readonly forced: boolean;
    }
  /** Ready: the acting creature readied an action for `trigger`; its turn ends next. */
  | { readonly type: "readied"; readonly round: number; readonly combatantId: string; readonly trigger: string }
  /** Ready: the trigger happened; the readied action resolves, using the creature's Reaction (STD-6). */
  | {
      readonly type: "readyTriggered";
      readonly round: number;
      readonly combatantId: string;
      readonly trigger: string;
    }
  /** STD-6: the creature used its Action, Quick Action or Interaction (`kind`); its tracker spends it. */
  | { readonly type: "actionUsed"; readonly round: number; readonly combatantId: string; readonly kind: string }
  /** Ready: the creature's next turn came (or its slot was passed over) before the trigger. */
  | { readonly type: "readyLapsed"; readonly round: number; readonly combatantId: string };

/** A transition under construction: events and requests accumulate, the state is replaced. */
export interface StandardStep {
  state: StandardState;
  readonly events: StandardEvent[];
  readonly requests: DiceRequest[];
}
