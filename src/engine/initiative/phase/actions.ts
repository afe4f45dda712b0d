/**
 * Phase rounds: seizing the initiative (PHS-4) and the battle actions that change the turn order or the
 * odds: Delay (PHS-9), Defend (PHS-10), Disengage (PHS-11).
 */
import { err, ok, type Result } from "../../core/result.ts";
import { done, draft, type Step } from "./draft.ts";
import { settle } from "./settle.ts";
import { changePhaseCombatant, changePhaseState, phaseCombatant, putPhaseCombatant } from "./state.ts";
import { advance } from "./turns.ts";
import type { PhaseCombatant, PhaseEvent, PhaseState } from "./types.ts";

/** PHS-4: seizing the initiative, during the initiative phase only (move first, act last, grant advantage). */
export function seize(state: PhaseState, id: string): Step {
  const checked = checkSeize(state, id);
  if (!checked.ok) return checked;
  const c = checked.value;
  const d = draft(putPhaseCombatant(state, changePhaseCombatant(c, { seizedRound: state.round })), [
    { type: "seized", round: state.round, combatantId: id },
  ]);
  // Settled dice: the ranking is sorted again with the seizer among those who move first and act last.
  settle(d);
  return done(d);
}

/** PHS-4: whether the creature may seize the initiative now (O(1): no ranking is built to find out). */
export function checkSeize(state: PhaseState, id: string): Result<PhaseCombatant> {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (state.phase === null) return err("TEMPO.ERRORS.Phase.NotStarted");
  // PHS-4: "move before everyone else" is only possible before anyone has moved.
  if (state.phase !== "initiative") return err("TEMPO.ERRORS.Phase.SeizeTooLate", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Phase.Defeated", { id });
  if (c.seizedRound === state.round) return err("TEMPO.ERRORS.Phase.AlreadySeized", { id });
  return ok(c);
}

/** PHS-9: a creature the current battle actor may wait for: another one, up, whose battle turn has not started. */
export function isDelayTarget(state: PhaseState, id: string, target: PhaseCombatant | null): target is PhaseCombatant {
  return target !== null && target.id !== id && !target.defeated && target.actedRound !== state.round;
}

function checkBattleActor(state: PhaseState, id: string): Result<PhaseCombatant> {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (state.phase !== "battle") return err("TEMPO.ERRORS.Phase.NotBattlePhase");
  if (state.current !== id) return err("TEMPO.ERRORS.Phase.NotYourTurn", { id });
  if (state.turnAction !== null) return err("TEMPO.ERRORS.Phase.ActionTaken", { id });
  return ok(c);
}

/**
 * PHS-7: Attack or Activate Item as the current battle actor's one action this turn, given by the sheet
 * before the roll (or by the tracker row's Activate Item). **Ruling:** a weapon attack is the Attack; a
 * spell cast or any other item used from the sheet is Activate Item (which items: items/battle-use.ts).
 * Either is refused outside the creature's own battle turn, or after its one
 * battle action (Defend, Disengage, Delay, Attack or Activate Item) this turn.
 */
export function useBattleAction(state: PhaseState, id: string, action: unknown): Step {
  if (action !== "attack" && action !== "activateItem")
    return err("TEMPO.ERRORS.Actions.UnknownKind", { kind: typeof action === "string" ? action : "?" });
  const checked = checkBattleActor(state, id);
  if (!checked.ok) return checked;
  const event: PhaseEvent = { type: "battleActed", round: state.round, combatantId: id, action };
  return ok({ state: { ...state, turnAction: action }, events: [event], requests: [] });
}

/** PHS-10, PHS-11: Defend or Disengage as the current battle actor's one action this turn (PHS-7). */
export function battleAction(state: PhaseState, id: string, action: "defend" | "disengage"): Step {
  const checked = checkBattleActor(state, id);
  if (!checked.ok) return checked;
  const c = checked.value;
  const round = state.round;
  const updated: PhaseCombatant =
    action === "defend"
      ? changePhaseCombatant(c, { defending: true })
      : changePhaseCombatant(c, { disengagedRound: round });
  const event: PhaseEvent =
    action === "defend" ? { type: "defended", round, combatantId: id } : { type: "disengaged", round, combatantId: id };
  return ok({ state: { ...putPhaseCombatant(state, updated), turnAction: action }, events: [event], requests: [] });
}

/** PHS-9: declared on the delayer's own turn, so always before the awaited creature starts its turn. */
export function delay(state: PhaseState, id: string, afterId: string): Step {
  const checked = checkBattleActor(state, id);
  if (!checked.ok) return checked;
  if (!isDelayTarget(state, id, phaseCombatant(state, afterId))) {
    return err("TEMPO.ERRORS.Phase.InvalidDelayTarget", { id, afterId });
  }
  const round = state.round;
  const d = draft(
    changePhaseState(state, {
      waits: [...state.waits, { delayerId: id, afterId }],
      // Delays of earlier rounds are dropped here rather than when a round starts.
      delays: [...state.delays.filter((w) => w.round === round), { round, delayerId: id, afterId }],
      current: null,
      turnAction: null,
    }),
    [{ type: "delayed", round: state.round, combatantId: id, afterId }],
  );
  advance(d);
  return done(d);
}
