/**
 * SEG-18: line of effect and line of sight, decided from what the Foundry layer measures on the canvas.
 * More than 50% cover, or the surface between air and water, blocks line of effect; 75% concealment or
 * more blocks line of sight. Spells with a range of touch (or 0) need neither.
 */
import { err, ok, type I18nKey, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";

export interface SightInput {
  /** The spell's range is 0 or touch. */
  readonly touch: boolean;
  /** Percent of the target covered from the caster (0–100). */
  readonly coverPercent: number;
  /** Percent of the target concealed from the caster (0–100). */
  readonly concealmentPercent: number;
  /** The straight line crosses the surface between air and water (both immersed: false). */
  readonly crossesWaterSurface: boolean;
}

export interface SightVerdict {
  readonly lineOfEffect: boolean;
  readonly lineOfSight: boolean;
  /** Why the spell cannot be cast at the target, or null. */
  readonly reason: I18nKey | null;
}

/** SEG-18: line of effect and line of sight to the target. Errors: `Movement.InvalidPercent` for a cover or concealment outside 0–100. */
export function lineOfEffectAndSight(input: SightInput): Result<SightVerdict> {
  for (const value of [input.coverPercent, input.concealmentPercent]) {
    if (!Number.isFinite(value) || value < 0 || value > 100)
      return err("TEMPO.ERRORS.Movement.InvalidPercent", { value: shown(value) });
  }
  if (input.touch) return ok({ lineOfEffect: true, lineOfSight: true, reason: null });
  const lineOfEffect = input.coverPercent <= 50 && !input.crossesWaterSurface;
  const lineOfSight = input.concealmentPercent < 75;
  const reason: I18nKey | null = input.crossesWaterSurface
    ? "TEMPO.MOVEMENT.WaterSurfaceBlocks"
    : !lineOfEffect
      ? "TEMPO.MOVEMENT.CoverBlocks"
      : !lineOfSight
        ? "TEMPO.MOVEMENT.ConcealmentBlocks"
        : null;
  return ok({ lineOfEffect, lineOfSight, reason });
}
