import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";

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
