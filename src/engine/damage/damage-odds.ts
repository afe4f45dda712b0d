import { err, ok, type Result } from "../core/result.ts";
import { add, constant, die, map, mean, mixture, repeat, shift, type Distribution } from "../dice/distribution.ts";
import type { DamageDice } from "./damage-dice.ts";
import { DR_MODES, reduceByDr, type DrMode } from "./damage-reduction.ts";
import { shown } from "../dice/checks.ts";

/**
 * Exact odds for damage (ARCHITECTURE: "Odds are exact"): the same rules as `applyDamage`, for one
 * damage kind, over every possible roll. Distributions are of hit-point (or shield) loss.
 */

/** CNT-15: the damage of one roll of `count`d`sides` + `bonus` (a ladder die), never below 0. */
export function damageDiceDistribution(dice: DamageDice): Distribution {
  const rolled = shift(repeat(die(dice.sides), dice.count), dice.bonus);
  return rolled.min >= 0 ? rolled : map(rolled, (v) => Math.max(0, v));
}

function checkCommon(hit: Distribution, swings: number, mode: DrMode): Result<true> {
  if (!Number.isInteger(swings) || swings < 0)
    return err("TEMPO.ERRORS.Damage.InvalidSwings", { swings: shown(swings), max: "∞" });
  if (!DR_MODES.includes(mode)) return err("TEMPO.ERRORS.Damage.InvalidDrMode", { mode: shown(mode) });
  if (hit.min < 0) return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(hit.min) });
  return ok(true);
}

function checkDr(...values: number[]): Result<true> {
  for (const value of values)
    if (!Number.isInteger(value) || value < 0) return err("TEMPO.ERRORS.Damage.InvalidDr", { value: shown(value) });
  return ok(true);
}

/** A probability from 0 up to `most` (`Damage.InvalidChance` otherwise). */
function checkChance(chance: number, most = 1): Result<true> {
  if (!Number.isFinite(chance) || chance < 0 || chance > most)
    return err("TEMPO.ERRORS.Damage.InvalidChance", { chance: shown(chance) });
  return ok(true);
}

/**
 * DR-2: the damage of `swings` hits of `hit` after `dr`: per hit (each swing reduced, then summed) or
 * per attack (summed, then reduced once). Misses are not included: see `withHitChance`.
 * `firstBonus` (ATK-ROT-4, a critical's maximum, critical-damage.ts's ruling) joins the first swing.
 */
export function damageAfterDrDistribution(
  hit: Distribution,
  swings: number,
  dr: number,
  mode: DrMode,
  firstBonus = 0,
): Result<Distribution> {
  const common = checkCommon(hit, swings, mode);
  if (!common.ok) return common;
  const drOk = checkDr(dr, firstBonus);
  if (!drOk.ok) return drOk;
  const reduce = (d: Distribution) => (dr === 0 ? d : map(d, (v) => reduceByDr(v, dr)));
  if (firstBonus > 0 && swings > 0) {
    if (mode === "perHit") return ok(add(reduce(shift(hit, firstBonus)), repeat(reduce(hit), swings - 1)));
    return ok(reduce(shift(repeat(hit, swings), firstBonus)));
  }
  if (mode === "perHit") return ok(repeat(reduce(hit), swings));
  const total = repeat(hit, swings);
  return ok(dr === 0 ? total : map(total, (v) => reduceByDr(v, dr)));
}

/**
 * AP-1, ATK-ROT-4: combines damage on a hit with the attack odds. One attack roll covers every swing
 * (AP-1), so a miss is 0 for the whole attack. `critical` (part of `chance`, as the attack odds give it)
 * is the chance of a critical hit, which adds `maxDamage` (the weapon's or spell's maximum damage) once
 * to the attack, however many swings it has.
 *
 * `onHit` is damage as dealt, after DR, and `maxDamage` is added to it whole. The damage card and Apply
 * reduce the bonus with the first swing (critical-damage.ts's ATK-ROT-4 ruling): with DR, pass the
 * bonus as DR leaves it, or use `damageAfterDrDistribution`'s `firstBonus` for the hit's damage.
 */
export function withHitChance(onHit: Distribution, chance: number, critical = 0, maxDamage = 0): Result<Distribution> {
  const hitOk = checkChance(chance);
  if (!hitOk.ok) return hitOk;
  const critOk = checkChance(critical, chance);
  if (!critOk.ok) return critOk;
  if (!Number.isInteger(maxDamage) || maxDamage < 0)
    return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(maxDamage) });
  return ok(
    mixture([
      [chance - critical, onHit],
      [critical, shift(onHit, maxDamage)],
      [1 - chance, constant(0)],
    ]),
  );
}

/** AP-1: expected damage (the mean of a damage distribution), for chat cards and dialogs. */
export function expectedDamage(d: Distribution): number {
  return mean(d);
}

export interface OvershieldOddsInput {
  /** Damage of one swing (before any DR). */
  readonly hit: Distribution;
  readonly swings: number;
  readonly mode: DrMode;
  /** The shield's hit points (0: no shield). */
  readonly shieldHp: number;
  /** OSH-4: the shield's own DR for this damage kind. */
  readonly shieldDr: number;
  /** The creature's DR for this damage kind, applied to what gets past the shield. */
  readonly creatureDr: number;
  /** The chance the one attack roll hits; 1 for damage on a hit. */
  readonly hitChance: number;
}

export interface OvershieldOdds {
  readonly hpLoss: Distribution;
  readonly shieldLeft: Distribution;
  /** The chance the attack breaks the shield. */
  readonly breakChance: number;
}

/**
 * OSH-1 / OSH-4 odds: hit-point loss and shield left after an attack of `swings` hits against an
 * overshield, hits taken in order exactly as `applyDamage` does (per hit: each swing is reduced by the
 * shield's DR and absorbed until the shield breaks, the leftover reduced by the creature's DR; per
 * attack: the summed damage goes through the same steps once). Dynamic programming over the shield's
 * remaining hit points, so it is exact and fast.
 */
export function overshieldDamageOdds(input: OvershieldOddsInput): Result<OvershieldOdds> {
  const common = checkCommon(input.hit, input.swings, input.mode);
  if (!common.ok) return common;
  const drOk = checkDr(input.shieldDr, input.creatureDr, input.shieldHp);
  if (!drOk.ok) return drOk;
  const chanceOk = checkChance(input.hitChance);
  if (!chanceOk.ok) return chanceOk;
  const packet = input.mode === "perHit" ? input.hit : repeat(input.hit, input.swings);
  const packets = input.mode === "perHit" ? input.swings : input.swings > 0 ? 1 : 0;
  const size = input.shieldHp;
  // states[s][loss] = P(shield has s left and hit points lost `loss`).
  let states: (number[] | null)[] = new Array<number[] | null>(size + 1).fill(null);
  states[size] = [1];
  const values: [number, number][] = [];
  packet.probs.forEach((p, i) => {
    if (p > 0) values.push([packet.min + i, p]);
  });
  const addInto = (
    target: (number[] | null)[],
    s: number,
    source: readonly number[],
    offset: number,
    weight: number,
  ): void => {
    let row = target[s] ?? null;
    if (row === null) {
      row = [];
      target[s] = row;
    }
    while (row.length < source.length + offset) row.push(0);
    for (let i = 0; i < source.length; i++) row[i + offset] = (row[i + offset] ?? 0) + weight * (source[i] ?? 0);
  };
  for (let k = 0; k < packets; k++) {
    const next: (number[] | null)[] = new Array<number[] | null>(size + 1).fill(null);
    for (let s = 0; s <= size; s++) {
      const row = states[s];
      if (row === null || row === undefined) continue;
      for (const [v, p] of values) {
        if (s === 0) {
          addInto(next, 0, row, reduceByDr(v, input.creatureDr), p);
          continue;
        }
        const reduced = reduceByDr(v, input.shieldDr);
        if (reduced < s) addInto(next, s - reduced, row, 0, p);
        else addInto(next, 0, row, reduceByDr(reduced - s, input.creatureDr), p);
      }
    }
    states = next;
  }
  const chance = input.hitChance;
  const loss: number[] = [];
  const left: number[] = new Array<number>(size + 1).fill(0);
  states.forEach((row, s) => {
    if (row === null) return;
    row.forEach((p, i) => {
      while (loss.length <= i) loss.push(0);
      loss[i] = (loss[i] ?? 0) + chance * p;
      left[s] = (left[s] ?? 0) + chance * p;
    });
  });
  loss[0] = (loss[0] ?? 0) + (1 - chance);
  left[size] = (left[size] ?? 0) + (1 - chance);
  const breakChance = size === 0 ? 0 : (left[0] ?? 0);
  return ok({ hpLoss: { min: 0, probs: loss }, shieldLeft: { min: 0, probs: left }, breakChance });
}
