import { err, ok, type Result } from "../core/result.ts";
import { DR_FAMILIES, type DrFamily } from "./damage-kinds.ts";
import { shown } from "../dice/checks.ts";

/** DR-1: a creature's (or an overshield's) three DR values. */
export type DrValues = Readonly<Record<DrFamily, number>>;

/** DR-1: no damage reduction of any kind. */
export const NO_DR: DrValues = { physical: 0, elemental: 0, arcane: 0 };

/** DR-2 *(setting)*: DR reduces every swing ("perHit") or the summed damage once ("perAttack"). */
export type DrMode = "perHit" | "perAttack";

/** DR-2: the two settings for when DR applies. */
export const DR_MODES: readonly DrMode[] = ["perHit", "perAttack"];

/** DR-1: each point reduces matching damage by 1, not below 0. */
export function reduceByDr(amount: number, dr: number): number {
  return Math.max(0, amount - dr);
}

/** DR-1: DR values must be whole numbers ≥ 0, one per family (`Damage.InvalidDr` otherwise). */
export function validateDr(dr: DrValues): Result<DrValues> {
  if (typeof dr !== "object" || dr === null) return err("TEMPO.ERRORS.Damage.InvalidDr", { value: shown(dr) });
  for (const family of DR_FAMILIES) {
    const value = dr[family];
    if (!Number.isInteger(value) || value < 0) return err("TEMPO.ERRORS.Damage.InvalidDr", { value: shown(value) });
  }
  return ok(dr);
}

/**
 * DR-2 for one damage kind: the damage of several hits after DR, per hit (each reduced, then summed)
 * or per attack (summed, then reduced once).
 */
export function damageAfterDr(hits: readonly number[], dr: number, mode: DrMode): Result<number> {
  if (!Number.isInteger(dr) || dr < 0) return err("TEMPO.ERRORS.Damage.InvalidDr", { value: shown(dr) });
  if (!DR_MODES.includes(mode)) return err("TEMPO.ERRORS.Damage.InvalidDrMode", { mode: shown(mode) });
  let total = 0;
  let reduced = 0;
  for (const hit of hits) {
    if (!Number.isInteger(hit) || hit < 0) return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(hit) });
    total += hit;
    reduced += reduceByDr(hit, dr);
  }
  return ok(mode === "perHit" ? reduced : reduceByDr(total, dr));
}
