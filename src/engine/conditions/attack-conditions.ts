/**
 * What the conditions on the tokens change in an attack or a move (status-table.ts, `effects`): the
 * engine's side of "a condition toggled on the token changes what the engine computes". A condition
 * the scheduler holds and the same condition on the token count once.
 */
import type { RotationDefender } from "../attack/rotation-attack.ts";
import type { PhaseAttackModifiers } from "../initiative/phase/modifiers.ts";
import { phaseCombatant } from "../initiative/phase/state.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import type { MovementTurn } from "../movement/movement-turn.ts";
import { endMovement } from "../movement/movement-turn.ts";
import { hasConditionEffect, type ConditionId } from "./status-table.ts";

export type Conditions = ReadonlySet<ConditionId>;

/**
 * PHS-4, PHS-10, PHS-11 (phase-rounds' own sources, for `phaseAttackSources`' `extra`): the target
 * seized (state), the target defends (state or token), the attacker disengaged (state or token).
 */
export function phaseConditionSources(
  state: PhaseState,
  attackerId: string,
  targetId: string,
  attacker: Conditions,
  target: Conditions,
): PhaseAttackModifiers {
  const a = phaseCombatant(state, attackerId);
  const t = phaseCombatant(state, targetId);
  const round = state.round;
  const seized = t !== null && round > 0 && t.seizedRound === round;
  const defending = (t !== null && t.defending) || hasConditionEffect(target, "attackedWithDisadvantage");
  const disengaged =
    (a !== null && a.disengagedRound > 0 && round - a.disengagedRound <= 1) ||
    hasConditionEffect(attacker, "attacksWithDisadvantage");
  return { advantage: seized ? 1 : 0, disadvantage: (defending ? 1 : 0) + (disengaged ? 1 : 0) };
}

/**
 * ATK-ROT-5, STL-3: the defender as the rotation attack sees it with the tokens' conditions. Ruling:
 * `flanked` stands for a second adjacent enemy (at least 2 adjacent enemies: −2 Dodge and Armor; a
 * measured count that is higher stays); a `hidden` attacker has not been seen by the defender.
 * STL-2, STL-3: in a rotation combat the GM's stealth watch knows per observer who has seen the attacker
 * (stealth-watch.ts); `watched` is its answer for this defender (null: no watch, the status decides).
 */
export function rotationDefenderWithConditions(
  defender: RotationDefender,
  attacker: Conditions,
  target: Conditions,
  watched: boolean | null = null,
): RotationDefender {
  const flanked = hasConditionEffect(target, "defenseLowered");
  const unseen = watched ?? hasConditionEffect(attacker, "unseenAttacker");
  return {
    ...defender,
    adjacentEnemies: flanked ? Math.max(defender.adjacentEnemies, 2) : defender.adjacentEnemies,
    unaware: defender.unaware || unseen,
  };
}

/** PHS-6, ROT-10: whether a creature with these conditions threatens the squares around it. */
export function threatensWithConditions(conditions: Conditions): boolean {
  return !hasConditionEffect(conditions, "threatensNothing");
}

/** PHS-6: a creature that is Slowed during its movement loses the rest of it. */
export function movementWithConditions(turn: MovementTurn, conditions: Conditions): MovementTurn {
  return hasConditionEffect(conditions, "movementEnds") ? endMovement(turn) : turn;
}
