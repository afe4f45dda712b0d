/**
 * The phase ruleset's economy (RULES.md ruleset table, PHS-5, PHS-7): one movement power in the
 * movement phase and one battle action in the battle phase, each round. Which phase is running is the
 * phase scheduler's business; this tracker only counts what is spent in the round.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { CommonEvent } from "../initiative/contract.ts";
import type { ActionEconomy, ActionLeft } from "./economy.ts";

export type PhaseActionKind = "movementPower" | "battleAction";

export interface PhaseActions {
  readonly movementPower: number;
  readonly battleAction: number;
}

export function phaseActions(): PhaseActions {
  return { movementPower: 1, battleAction: 1 };
}

export const PHASE_ACTION_KINDS: readonly PhaseActionKind[] = ["movementPower", "battleAction"];

const LABELS = { movementPower: "TEMPO.ACTIONS.MovementPower", battleAction: "TEMPO.ACTIONS.BattleAction" } as const;

export const phaseEconomy: ActionEconomy<PhaseActions, PhaseActionKind> = {
  ruleset: "phase",
  kinds: PHASE_ACTION_KINDS,

  spend(state: PhaseActions, kind: PhaseActionKind): Result<PhaseActions> {
    if (state[kind] <= 0) return err("TEMPO.ERRORS.Actions.NoneLeft", { kind });
    return ok({ ...state, [kind]: state[kind] - 1 });
  },

  remaining(state: PhaseActions): readonly ActionLeft<PhaseActionKind>[] {
    return PHASE_ACTION_KINDS.map((kind) => ({ kind, left: state[kind], label: LABELS[kind] }));
  },

  observe(state: PhaseActions, event: CommonEvent): PhaseActions {
    return event.type === "roundStarted" ? phaseActions() : state;
  },
};
