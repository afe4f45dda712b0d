/**
 * OSH-1, OSH-6: the engine's overshield (damage/overshield.ts) from what a sheet stores. A shield with a
 * maximum of 0 is one without hit points (OSH-6: `hp` null).
 *
 * **Ruling** (issue 19: a GM gives a creature 10 shield points on its sheet and leaves the effect blank):
 * a shield is there when it has hit points left, an effect or an ending condition. One without an effect
 * is an unnamed shield (`UNNAMED_OVERSHIELD_EFFECT`): it takes damage like any other, and a new shield
 * with an effect replaces it (OSH-5: a different effect). Nothing stored (no points left, no effect, no
 * condition) is no shield.
 */
import { ok, type Result } from "../core/result.ts";
import { validateOvershield, type Overshield } from "../damage/overshield.ts";
import type { StoredOvershield } from "./actor-stats.ts";

/** The effect id of a shield the sheet gives no effect (the ruling above). */
export const UNNAMED_OVERSHIELD_EFFECT = "overshield";

/** The creature's overshield as the damage pipeline takes it, or null when it has none. */
export function overshieldOf(stored: StoredOvershield): Result<Overshield | null> {
  const effect = stored.effect.trim();
  const condition = stored.condition.trim();
  const pointsLeft = stored.max > 0 && stored.value > 0;
  if (effect === "" && condition === "" && !pointsLeft) return ok(null);
  return validateOvershield({
    hp: stored.max === 0 ? null : stored.value,
    dr: stored.dr,
    effect: effect === "" ? UNNAMED_OVERSHIELD_EFFECT : stored.effect,
    condition: condition === "" ? null : stored.condition,
  });
}
