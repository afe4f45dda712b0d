/**
 * Phase rounds: the sources of advantage and disadvantage the turn order itself creates, for the attack
 * module to add to its own (tiers, PHS-8) before cancelling them one for one (ADV-3).
 */
import { DEFAULT_MOVEMENT_POWERS } from "../../movement/movement-powers.ts";
import { phaseCombatant } from "./state.ts";
import type { PhaseState } from "./types.ts";

export interface PhaseAttackModifiers {
  /** Sources of advantage for this attack. */
  readonly advantage: number;
  /** Sources of disadvantage for this attack. */
  readonly disadvantage: number;
}

/**
 * PHS-4: a target that seized the initiative grants 1 source of advantage until the end of the round.
 * PHS-10: a defending target gives 1 source of disadvantage until the start of its next turn.
 * PHS-11: an attacker that disengaged has 1 source of disadvantage until the end of the next round.
 * Unknown combatants contribute nothing.
 */
export function phaseAttackModifiers(state: PhaseState, attackerId: string, targetId: string): PhaseAttackModifiers {
  const attacker = phaseCombatant(state, attackerId);
  const target = phaseCombatant(state, targetId);
  const round = state.round;
  let advantage = 0;
  let disadvantage = 0;
  if (target !== null && round > 0 && target.seizedRound === round) advantage++;
  if (target !== null && target.defending) disadvantage++;
  if (attacker !== null && attacker.disengagedRound > 0 && round - attacker.disengagedRound <= 1) disadvantage++;
  return { advantage, disadvantage };
}

/** PHS-11: the shift a Disengage gives, for the movement to honour (squares, and that it does not provoke). */
export interface DisengageShift {
  readonly squares: number;
  readonly provokes: false;
}

/**
 * PHS-11: the shift the creature may still take after Disengage, or null. **Ruling:** the battle phase has
 * no movement of its own, so the shift belongs to the battle turn the creature disengages in: it is open
 * from the Disengage until that turn ends (the next creature acts, or the phase ends). Its length is the
 * Disengage movement power's (PHS-5's ruling: 2 squares, not provoking).
 */
export function phaseDisengageShift(state: PhaseState, id: string): DisengageShift | null {
  const c = phaseCombatant(state, id);
  const open =
    c !== null &&
    state.phase === "battle" &&
    state.current === id &&
    c.disengagedRound === state.round &&
    state.round > 0;
  return open ? { squares: DEFAULT_MOVEMENT_POWERS.disengage.squares, provokes: false } : null;
}
