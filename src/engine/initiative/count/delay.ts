/**
 * How long a declared action waits on the count track before it resolves (CNT-6 … CNT-9, FEAT-CHARGED).
 * Pure functions: the sheet shows these numbers and the scheduler uses the same ones.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { canCharge } from "../../damage/weapon-features.ts";
import type { WeaponProperty } from "../../damage/weapon-properties.ts";

/** Track length: counts 0 … 19 are turns, 20 is the end step (CNT-3). */
export const COUNT_TRACK_LENGTH = 20;
/** CNT-3: the end step's count. */
export const COUNT_END_STEP = 20;
/** CNT-3: the last count a creature takes a turn on. */
export const COUNT_LAST = COUNT_TRACK_LENGTH - 1;

/** CNT-7: delay per weapon attack by property (the others add none). */
const PROPERTY_DELAY: Readonly<Record<WeaponProperty, number>> = {
  heavy: 2,
  thrown: 2,
  great: 3,
  versatile: 0,
  reach: 0,
  light: 0,
};

/**
 * CNT-7: Heavy 2, Thrown 2, Great 3, otherwise 0. Ruling: several of these properties → the largest.
 * Takes checked properties: names from outside go through `parseWeaponProperties` first.
 */
export function weaponAttackDelay(properties: readonly WeaponProperty[]): number {
  let delay = 0;
  for (const property of properties) delay = Math.max(delay, PROPERTY_DELAY[property]);
  return delay;
}

/** CNT-7: the k-th attack (k = 1, 2, …) of an action resolves at count + k × delay. */
export function staggeredAttackCounts(count: number, delay: number, attacks: number): number[] {
  const counts: number[] = [];
  for (let k = 1; k <= attacks; k++) counts.push(count + k * delay);
  return counts;
}

/** CNT-8: a spell waits as many counts as its slot level (cantrip 0 … 10th 10). */
export function spellDelay(slotLevel: number): Result<number> {
  if (!Number.isInteger(slotLevel) || slotLevel < 0 || slotLevel > 10) {
    return err("TEMPO.ERRORS.Count.InvalidSlotLevel", { level: shown(slotLevel) });
  }
  return ok(slotLevel);
}

/**
 * FEAT-CHARGED: with a Heavy, Great or Thrown weapon, a charged attack waits as many counts as the primary
 * weapon ability modifier. Ruling: a modifier of 0 or less charges nothing (delay 0, it resolves at once).
 */
export function chargedAttackDelay(properties: readonly WeaponProperty[], modifier: number): Result<number> {
  if (!canCharge(properties)) return err("TEMPO.ERRORS.Count.ChargedNeedsWeapon");
  if (!Number.isInteger(modifier)) return err("TEMPO.ERRORS.Count.InvalidDelay", { delay: shown(modifier) });
  return ok(Math.max(0, modifier));
}

/**
 * CNT-9: where an action declared at `count` of `round` with `delay` resolves; past 19 it carries into the
 * next round (18 + 5 → count 3 of the next round).
 */
export function countResolution(round: number, count: number, delay: number): { round: number; count: number } {
  const at = count + delay;
  return { round: round + Math.floor(at / COUNT_TRACK_LENGTH), count: at % COUNT_TRACK_LENGTH };
}
