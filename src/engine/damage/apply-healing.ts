import { err, ok, type Message, type Result } from "../core/result.ts";
import { validateHitPoints } from "./apply-damage.ts";
import type { Overshield } from "./overshield.ts";
import { shown } from "../dice/checks.ts";

/** The parts of a creature healing reads. */
export interface HealingTarget {
  readonly hp: number;
  readonly maxHp: number;
  readonly overshield: Overshield | null;
}

export interface HealingOutcome {
  readonly hp: number;
  /** Always the input shield, untouched (OSH-3). */
  readonly overshield: Overshield | null;
  readonly unconscious: boolean;
  readonly hpGained: number;
  readonly steps: readonly Message[];
}

/**
 * Healing restores hit points up to the maximum (never lowering hit points already above it) and
 * wakes a creature whose hit points rise above 0. OSH-3: it never restores an overshield; only effects
 * that grant or restore one do (`gainOvershield`).
 */
export function applyHealing(target: HealingTarget, amount: number): Result<HealingOutcome> {
  if (!Number.isInteger(amount) || amount < 0)
    return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(amount) });
  const hitPoints = validateHitPoints(target);
  if (!hitPoints.ok) return hitPoints;
  const hp = Math.max(target.hp, Math.min(target.maxHp, target.hp + amount));
  const steps: Message[] = [{ key: "TEMPO.DAMAGE.Step.Healed", data: { amount: hp - target.hp, hp } }];
  if (target.overshield !== null) steps.push({ key: "TEMPO.DAMAGE.Step.ShieldNotHealed" });
  return ok({ hp, overshield: target.overshield, unconscious: hp <= 0, hpGained: hp - target.hp, steps });
}
