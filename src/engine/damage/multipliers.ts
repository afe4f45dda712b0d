import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import type { WeaponProperty } from "./weapon-properties.ts";

/**
 * SEG-15: the one multiplier that applies — damage multipliers do not stack, the highest applies.
 * No multiplier is ×1. A negative or non-finite multiplier is a typed error.
 */
export function damageMultiplier(multipliers: readonly number[]): Result<number> {
  let highest: number | null = null;
  for (const m of multipliers) {
    if (!Number.isFinite(m) || m < 0) return err("TEMPO.ERRORS.Damage.InvalidMultiplier", { multiplier: shown(m) });
    highest = highest === null ? m : Math.max(highest, m);
  }
  return ok(highest ?? 1);
}

/**
 * SEG-15: multiplies the *total* damage, every modifier included (magic, Strength, race …), by the
 * highest multiplier; fractions round down. (1d8+3 rolled 5+3 "double damage" is 16, not 5×2+3.)
 */
export function applyMultipliers(total: number, multipliers: readonly number[]): Result<number> {
  if (!Number.isInteger(total) || total < 0) return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(total) });
  const m = damageMultiplier(multipliers);
  return m.ok ? ok(Math.floor(total * m.value)) : m;
}

/**
 * SEG-15 **Ruling** (the seeds name back stab and a set for a charge but give neither a factor nor a weapon
 * list): a back stab multiplies by 2 to 5 (the attacker's class and level decide; the player picks it when
 * attacking), with any weapon that is not Great; a weapon set against a charge doubles, and only a Reach
 * weapon (spears and polearms) can be set. Taken together the highest applies (`damageMultiplier`).
 */
export const SEGMENT_MULTIPLIERS = { backstabMin: 2, backstabMax: 5, setVsCharge: 2 } as const;

/** SEG-15: the multipliers a weapon allows (null: not with this weapon). */
export interface WeaponMultipliers {
  /** The largest back stab multiplier (the smallest is `SEGMENT_MULTIPLIERS.backstabMin`). */
  readonly backstabMax: number | null;
  readonly setVsCharge: number | null;
}

/** SEG-15: what a weapon with these properties allows (the ruling above). */
export function weaponMultipliers(properties: readonly WeaponProperty[]): WeaponMultipliers {
  return {
    backstabMax: properties.includes("great") ? null : SEGMENT_MULTIPLIERS.backstabMax,
    setVsCharge: properties.includes("reach") ? SEGMENT_MULTIPLIERS.setVsCharge : null,
  };
}
