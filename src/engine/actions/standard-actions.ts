/**
 * STD-6: on its turn a creature has an Action, a Quick Action and an Interaction, in any order,
 * interleaved with movement; outside its turn it has one Reaction, refreshed at the start of its turn.
 * STD-3: a creature that joins a running combat neither acts nor reacts until its first turn.
 *
 * Ruling: what is left of the turn's three resources is lost when the turn ends, and the Reaction is
 * usable only outside the creature's own turn, as the source says.
 *
 * Delay and Ready (initiative/standard/scheduler.ts): a creature that delays closes its turn as if it
 * ended (its turn starts afresh when it re-enters); a readied action that triggers spends the Reaction.
 * A host checks `standardReactionLeft` before it gives `trigger`.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { StandardEvent } from "../initiative/standard/types.ts";
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

/**
 * STD-6: the turn resource a use from the sheet spends: an attack, or a spell's cast, the Action; a spell
 * cast as a Quick Action (its `castingAction`), the Quick Action. **Ruling:** the seed says only that
 * "some spells of lesser consequence" are Quick Actions and names none; which ones is the spell's own
 * setting, the Action unless it says otherwise.
 */
export function standardUseKind(
  use: { readonly castingAction?: "action" | "quickAction" } | null,
): "action" | "quickAction" {
  return use?.castingAction === "quickAction" ? "quickAction" : "action";
}

/** STD-3, STD-6: the standard ruleset's action tracker; it follows the standard scheduler's events. */
export const standardEconomy: ActionEconomy<StandardActions, StandardActionKind, never, StandardEvent> = defineEconomy<
  StandardActions,
  StandardActionKind,
  never,
  StandardEvent
>({
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

  observe(state: StandardActions, event: StandardEvent, selfId: string): StandardActions {
    if (isOwnTurnEvent(event, selfId, "turnStarted"))
      return { onTurn: true, action: 1, quickAction: 1, interaction: 1, reaction: 1 };
    const own = "combatantId" in event && event.combatantId === selfId;
    if (isOwnTurnEvent(event, selfId, "turnEnded") || (own && event.type === "delayed"))
      return { ...state, onTurn: false, action: 0, quickAction: 0, interaction: 0 };
    if (own && event.type === "readyTriggered") return { ...state, reaction: Math.max(0, state.reaction - 1) };
    // STD-6: a use names what it spent (initiative/standard/uses.ts); the host refused an overspend first.
    if (own && event.type === "actionUsed" && isTurnKind(event.kind)) {
      const spent = takeOne(state, event.kind);
      return spent.ok ? spent.value : state;
    }
    return state;
  },
});

/** STD-6: a kind spent on the creature's own turn. */
function isTurnKind(kind: string): kind is "action" | "quickAction" | "interaction" {
  return kind === "action" || kind === "quickAction" || kind === "interaction";
}

/** A count of one resource: 0 or 1. */
const count = (x: unknown): x is number => x === 0 || x === 1;

/** STD-6: a tracker state read back from storage (`Combatant.system`), or null when it is not one this tracker writes. */
export function readStandardActions(value: unknown): StandardActions | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.onTurn !== "boolean") return null;
  if (!count(v.action) || !count(v.quickAction) || !count(v.interaction) || !count(v.reaction)) return null;
  return {
    onTurn: v.onTurn,
    action: v.action,
    quickAction: v.quickAction,
    interaction: v.interaction,
    reaction: v.reaction,
  };
}

/**
 * STD-6, Ready: whether a readied action may trigger now: it takes the Reaction, so one must be left
 * (`Actions.NoneLeft` otherwise, the key a refused `trigger` shows).
 */
export function standardReactionLeft(state: StandardActions): Result<true> {
  const spent = standardEconomy.spend(state, "reaction");
  return spent.ok ? ok(true) : spent;
}
