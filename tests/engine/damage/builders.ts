// Fixture builders for damage tests: plain snapshots with sensible defaults.
import type { DamageAttack, DamageHit, DamageTarget } from "../../../src/engine/damage/apply-damage.ts";
import type { DrValues } from "../../../src/engine/damage/damage-reduction.ts";
import type { Overshield } from "../../../src/engine/damage/overshield.ts";

export const noDr: DrValues = { physical: 0, elemental: 0, arcane: 0 };

export function dr(values: Partial<DrValues>): DrValues {
  return { ...noDr, ...values };
}

export function target(over: Partial<DamageTarget> = {}): DamageTarget {
  return { hp: 30, maxHp: 30, playerCharacter: false, dr: noDr, overshield: null, deathThreshold: null, ...over };
}

export function shield(over: Partial<Overshield> = {}): Overshield {
  return { hp: 10, dr: noDr, effect: "arcane-ward", condition: null, ...over };
}

/** One hit of a single kind per amount. */
export function hits(kind: string, ...amounts: number[]): DamageHit[] {
  return amounts.map((amount) => [{ amount, kind }]);
}

export function attack(over: Partial<DamageAttack> = {}): DamageAttack {
  return { hits: [], multipliers: [], ignoresOvershield: false, effects: [], ...over };
}

/** Deep copy for "input untouched" checks. */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
