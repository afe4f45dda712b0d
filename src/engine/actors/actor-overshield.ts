/**
 * OSH-1, OSH-6: the engine's overshield (damage/overshield.ts) from what a sheet stores. No effect means
 * no overshield; a shield with a maximum of 0 is one without hit points (OSH-6: `hp` null).
 */
import { ok, type Result } from "../core/result.ts";
import { validateOvershield, type Overshield } from "../damage/overshield.ts";
import type { StoredOvershield } from "./actor-stats.ts";

/** The creature's overshield as the damage pipeline takes it, or null when it has none. */
export function overshieldOf(stored: StoredOvershield): Result<Overshield | null> {
  if (stored.effect.trim() === "") return ok(null);
  return validateOvershield({
    hp: stored.max === 0 ? null : stored.value,
    dr: stored.dr,
    effect: stored.effect,
    condition: stored.condition.trim() === "" ? null : stored.condition,
  });
}
