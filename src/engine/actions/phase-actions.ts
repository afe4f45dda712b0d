/**
 * The phase ruleset's economy (RULES.md ruleset table, PHS-5, PHS-7): each round, one movement power on
 * the creature's movement-phase turn and one battle action on its battle-phase turn. The phase
 * scheduler's turn events carry the phase (`turnStarted` … `phase: "movement" | "battle"`); which
 * creature moves or acts when is the scheduler's business.
 */
import { err, type Result } from "../core/result.ts";
import type { CommonEvent } from "../initiative/contract.ts";
import { defineEconomy, takeOne, type ActionEconomy } from "./economy.ts";

export type PhaseActionKind = "movementPower" | "battleAction";

export interface PhaseActions {
  /** The creature's own turn now running, by phase, or null. */
  readonly turn: "movement" | "battle" | null;
  readonly movementPower: number;
  readonly battleAction: number;
}

/** PHS-5, PHS-7: one movement power and one battle action for the round. */
export function phaseActions(): PhaseActions {
  return { turn: null, movementPower: 1, battleAction: 1 };
}

/** PHS-5, PHS-7: what the phase ruleset spends. */
export const PHASE_ACTION_KINDS: readonly PhaseActionKind[] = ["movementPower", "battleAction"];

const LABELS = { movementPower: "TEMPO.ACTIONS.MovementPower", battleAction: "TEMPO.ACTIONS.BattleAction" } as const;
const TURN_OF = { movementPower: "movement", battleAction: "battle" } as const;

/** The phase a turn event belongs to, when the scheduler says. */
function turnPhase(event: CommonEvent): "movement" | "battle" | null {
  if (!("phase" in event)) return null;
  return event.phase === "movement" || event.phase === "battle" ? event.phase : null;
}

/** PHS-5, PHS-7: the phase ruleset's action tracker. */
export const phaseEconomy: ActionEconomy<PhaseActions, PhaseActionKind> = defineEconomy({
  ruleset: "phase",
  kinds: PHASE_ACTION_KINDS,
  labels: LABELS,

  spend(state: PhaseActions, kind: PhaseActionKind): Result<PhaseActions> {
    if (state.turn !== TURN_OF[kind]) return err("TEMPO.ERRORS.Actions.NotYourTurn", { kind });
    return takeOne(state, kind);
  },

  left: (state: PhaseActions) => state,

  observe(state: PhaseActions, event: CommonEvent, selfId: string): PhaseActions {
    if (event.type === "roundStarted") return phaseActions();
    if (event.type === "turnStarted" && event.combatantId === selfId) return { ...state, turn: turnPhase(event) };
    if (event.type === "turnEnded" && event.combatantId === selfId)
      return state.turn === null ? state : { ...state, turn: null };
    return state;
  },
});
