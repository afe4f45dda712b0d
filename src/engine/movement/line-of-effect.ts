/**
 * SEG-18: line of effect and line of sight, decided from what the Foundry layer measures on the canvas.
 * More than 50% cover, or the surface between air and water, blocks line of effect; 75% concealment or
 * more blocks line of sight. Spells with a range of touch (or 0) need neither.
 *
 * **Ruling** (the surface between air and water, `crossesWaterSurface`): the GM marks water on the map; the
 * Foundry layer says, for the caster, the target and each square the straight line between them passes,
 * whether that point lies in the water (at the line's height there). The line crosses the surface when
 * exactly one of caster and target is in the water, or when both are and the line leaves the water
 * somewhere between them (two ponds with dry land between). When neither is in the water the line runs
 * above any water it passes over and crosses nothing (a caster on one shore reaches a target on the other).
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

/**
 * SEG-18: whether the straight line from caster to target crosses the surface between air and water (the
 * ruling above), from whether each point along it lies in the water: the caster's first, the target's last,
 * the squares between in order. Fewer than two points: false.
 */
export function crossesWaterSurface(inWater: readonly boolean[]): boolean {
  if (inWater.length < 2) return false;
  const caster = inWater[0] === true;
  const target = inWater[inWater.length - 1] === true;
  if (caster !== target) return true;
  return caster && inWater.some((wet) => !wet);
}
