/**
 * The bounded resources a creature stores (`hp`, `overshield`, `ap`: a value and its maximum), brought
 * back inside their bounds when a write overshoots them, instead of refusing the write:
 * - the value never goes above the maximum (healing past it, a sheet edit, a lowered maximum);
 * - the value never goes below the pool's floor. The rules give no floor to hit points: a creature below
 *   0 is unconscious (CNT-14, DR-3) or dead (actor-damage.ts: other creatures die at 0), and the damage
 *   pipeline keeps the negative total, so hit points are clamped above only. An overshield's hit points
 *   (OSH-1) and AP (AP-1: "AP of 0 or more") cannot be negative: their floor is 0.
 * A value or maximum that is not a whole number is left as given, for `validateActorStats` to refuse with
 * its own reason; a maximum below the floor clamps nothing.
 */
import { isWhole } from "../dice/checks.ts";

export type PoolId = "hp" | "overshield" | "ap";

export const POOL_IDS: readonly PoolId[] = ["hp", "overshield", "ap"];

/** The lowest value each pool may hold; null: none. */
export const POOL_FLOORS: Readonly<Record<PoolId, number | null>> = { hp: null, overshield: 0, ap: 0 };

/** A pool as a write may leave it: either part may be missing (not written, not stored). */
export interface PoolSides {
  readonly value?: unknown;
  readonly max?: unknown;
}

/** `value` inside `[floor, max]`, or null when it already is (or cannot be judged). */
export function clampPoolValue(value: unknown, max: unknown, floor: number | null): number | null {
  if (typeof value !== "number" || !isWhole(value) || typeof max !== "number" || !isWhole(max)) return null;
  if (floor !== null && max < floor) return null;
  if (value > max) return max;
  if (floor !== null && value < floor) return floor;
  return null;
}

/**
 * The values a write must store instead, by pool: `stored` is the data before the write, `written`
 * what the write gives (a part it does not give keeps the stored one). Only pools whose value moves
 * are listed, so the result can be merged into the write as it is.
 */
export function clampedPoolValues(
  stored: Partial<Readonly<Record<PoolId, PoolSides | undefined>>>,
  written: Partial<Readonly<Record<PoolId, PoolSides | undefined>>>,
): Partial<Record<PoolId, number>> {
  const out: Partial<Record<PoolId, number>> = {};
  for (const id of POOL_IDS) {
    const change = written[id];
    if (change === undefined || (!("value" in change) && !("max" in change))) continue;
    const before = stored[id] ?? {};
    const value = "value" in change ? change.value : before.value;
    const max = "max" in change ? change.max : before.max;
    const clamped = clampPoolValue(value, max, POOL_FLOORS[id]);
    if (clamped !== null) out[id] = clamped;
  }
  return out;
}
