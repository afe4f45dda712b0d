import { err, ok, type Message, type Result } from "../core/result.ts";
import { probAtLeast, probOf } from "../dice/distribution.ts";
import type { ContestOdds, ContestOutcome } from "./attack-outcome.ts";
import { isWhole, shown } from "../dice/checks.ts";
import { d20Difference, keepD20Face } from "./d20-roll.ts";

/**
 * ROT-8, ROT-9: an opposed d20 roll: each side rolls d20 + its bonus; the initiator must be strictly higher.
 *
 * The tie rule is stated by RULES.md for ROT-9 ("if the attacker is higher") and for escaping a
 * grapple (ROT-8: "until it wins a Vigor roll"); **ruling:** Tempo uses the same rule for the grapple
 * itself, so every rotation contest reads one way: a tie goes to the resisting side. Natural 20 and
 * natural 1 have no special effect here: ATK-ROT-3 speaks of attack rolls only.
 */
export function resolveOpposedRoll(
  attackerFace: number,
  defenderFace: number,
  attackerBonus: number,
  defenderBonus: number,
): Result<ContestOutcome> {
  if (!isWhole(attackerBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(attackerBonus) });
  if (!isWhole(defenderBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(defenderBonus) });
  const a = keepD20Face([attackerFace], "normal");
  if (!a.ok) return a;
  const d = keepD20Face([defenderFace], "normal");
  if (!d.ok) return d;
  const attackerTotal = a.value.face + attackerBonus;
  const defenderTotal = d.value.face + defenderBonus;
  const notes: Message[] = attackerTotal === defenderTotal ? [{ key: "TEMPO.ATTACK.Note.TieToDefender" }] : [];
  return ok({ success: attackerTotal > defenderTotal, attackerTotal, defenderTotal, notes });
}

/** ROT-8, ROT-9: exact odds of {@link resolveOpposedRoll}: the distribution of (attacker − defender) over 400 face pairs. */
export function opposedRollOdds(attackerBonus: number, defenderBonus: number): Result<ContestOdds> {
  if (!isWhole(attackerBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(attackerBonus) });
  if (!isWhole(defenderBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(defenderBonus) });
  const difference = d20Difference(attackerBonus, defenderBonus);
  const success = probAtLeast(difference, 1);
  const tie = probOf(difference, 0);
  return ok({ success, tie, failure: Math.max(0, 1 - success - tie) });
}
