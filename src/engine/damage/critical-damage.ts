/**
 * ATK-ROT-4: "Critical: when the die (a natural 20 read as 25) is above the attacker's critical
 * threshold, the hit adds the weapon's or spell's maximum damage once."
 *
 * **Ruling** (RULES.md does not say which swing, nor how DR meets the bonus):
 * - "once" is once per attack: with AP-1 swings the bonus joins the FIRST swing (the hit the attack
 *   roll decided), not every swing;
 * - the bonus is part of that hit's damage, so DR-1/DR-2 reduce it as the rest: per hit, the first
 *   swing with its bonus is reduced once; per attack, it is in the sum that is reduced once.
 * The maximum is the formula's highest total (one swing's formula, as the card names it).
 * Pure.
 */
import { ok, type Result } from "../core/result.ts";
import { formulaMax } from "../dice/formula-odds.ts";

/** ATK-ROT-3/4: whether a kept d20 face (a natural 20 read as 25) is above the critical threshold. */
export function isRotationCritical(face: number, criticalThreshold: number): boolean {
  return (face === 20 ? 25 : face) > criticalThreshold;
}

/** ATK-ROT-4: the bonus a critical adds, the formula's maximum (never below 0). */
export function criticalBonus(formula: string): Result<number> {
  const max = formulaMax(formula);
  return max.ok ? ok(Math.max(0, max.value)) : max;
}

/** ATK-ROT-4 (ruling above): the swings with `bonus` added to the first (none: the bonus alone). */
export function withCriticalBonus(swings: readonly number[], bonus: number): number[] {
  if (bonus === 0) return [...swings];
  const [first, ...rest] = swings;
  return [(first ?? 0) + bonus, ...rest];
}
