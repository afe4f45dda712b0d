/**
 * The attack facts the tokens' conditions change, for chat cards and dialogs: the Foundry side only
 * finds the combatants' actors and their statuses; the engine decides (attack-conditions.ts).
 */
import {
  disengageShiftIn,
  phaseSourcesOf,
  rotationDefenderWithConditions,
  type DisengageShift,
  type PhaseAttackModifiers,
  type Result,
  type RotationDefender,
} from "../../engine/index.ts";
import { readableCombat } from "../combat/tempo-model.ts";
import { combatantConditions } from "./actor-conditions.ts";

/** PHS-4, PHS-10, PHS-11: the sources of an attack in a phase-rounds combat, turn order and tokens. */
export function phaseAttackSourcesIn(
  combat: Combat.Implementation,
  attackerId: string,
  targetId: string,
): Result<PhaseAttackModifiers> {
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const attacker = combatantConditions(combat.combatants.get(attackerId));
  const target = combatantConditions(combat.combatants.get(targetId));
  return phaseSourcesOf(read.value.model.host, read.value.state, attackerId, targetId, attacker, target);
}

/**
 * PHS-11: the Disengage shift `combatantId` may still take in a phase combat (2 squares, not provoking),
 * recorded in the engine state for the movement (issue 21) to honour; null when none is open.
 */
export function disengageShiftOf(combat: Combat.Implementation, combatantId: string): DisengageShift | null {
  const read = readableCombat(combat);
  return read.ok ? disengageShiftIn(read.value.model.host, read.value.state, combatantId) : null;
}

/** ATK-ROT-5, STL-3: the defender of a rotation attack with the conditions on both tokens. */
export function rotationDefenderIn(
  combat: Combat.Implementation,
  attackerId: string,
  targetId: string,
  defender: RotationDefender,
): RotationDefender {
  const attacker = combatantConditions(combat.combatants.get(attackerId));
  const target = combatantConditions(combat.combatants.get(targetId));
  return rotationDefenderWithConditions(defender, attacker, target);
}
