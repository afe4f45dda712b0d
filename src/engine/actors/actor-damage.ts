/**
 * Damage from a chat card on a creature's statistics (issue 11): the card's swings become the damage
 * pipeline's hits (damage/apply-damage.ts: DR-1, DR-2, DR-3, OSH-1, OSH-2, OSH-4, OSH-6), and the
 * outcome becomes the two stored values damage changes, `hp.value` and `overshield.value`. Undo gives
 * back exactly what one application changed, and refuses when a changed value moved since.
 */
import { err, ok, type Result } from "../core/result.ts";
import {
  applyDamage,
  type AttackEffect,
  type DamageAttack,
  type DamageOutcome,
  type DamageSettings,
  type DamageTarget,
} from "../damage/apply-damage.ts";
import type { ActorStats } from "./actor-stats.ts";
import { overshieldOf } from "./actor-overshield.ts";
import { statusesToSet, type DamageStatus } from "./damage-statuses.ts";

/** The stored values damage changes: `system.hp.value` and `system.overshield.value`. */
export interface StoredHealth {
  readonly hp: number;
  readonly overshield: number;
}

export type HealthField = keyof StoredHealth;

export const HEALTH_FIELDS: readonly HealthField[] = ["hp", "overshield"];

/** One creature's values before and after an application of damage. */
export interface HealthChange {
  readonly before: StoredHealth;
  readonly after: StoredHealth;
}

export interface PlannedDamage extends HealthChange {
  readonly outcome: DamageOutcome;
  /** The statuses to set with the hit points (damage-statuses.ts): what it does not show yet. */
  readonly statuses: readonly DamageStatus[];
  /** OSH-2: the attack's own statuses that apply and it does not show yet. */
  readonly effects: readonly string[];
}

/** What a damage card holds of the damage: each swing's rolled amount (AP-1) and the one kind. */
export interface CardDamage {
  readonly swings: readonly number[];
  readonly kind: string;
  /** OSH-2: the statuses the attack applies (none when absent). */
  readonly effects?: readonly AttackEffect[];
  /** SEG-15: the multipliers in play (the highest applies, on the total); none: ×1. */
  readonly multipliers?: readonly number[];
}

/** AP-1: every swing of the card is one hit of the card's kind (DR-2 then reduces per hit or per attack). */
export function cardDamageAttack(damage: CardDamage): Result<DamageAttack> {
  if (!Array.isArray(damage.swings) || typeof damage.kind !== "string")
    return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "hits" });
  return ok({
    hits: damage.swings.map((amount) => [{ amount, kind: damage.kind }]),
    multipliers: damage.multipliers ?? [],
    ignoresOvershield: false,
    effects: damage.effects ?? [],
  });
}

export function storedHealthOf(stats: ActorStats): StoredHealth {
  return { hp: stats.hp.value, overshield: stats.overshield.value };
}

/**
 * The pipeline's view of a creature. DR-3 protects player characters (`side` "pc").
 * **Ruling:** any other creature dies at 0 hit points (apply-damage.ts: "the adapter passes 0 for NPCs
 * that die at 0"); a player character is never killed by hit points alone here, it falls unconscious
 * and its death saves decide.
 */
export function damageTargetOf(stats: ActorStats): Result<DamageTarget> {
  const shield = overshieldOf(stats.overshield);
  if (!shield.ok) return shield;
  const playerCharacter = stats.side === "pc";
  return ok({
    hp: stats.hp.value,
    maxHp: stats.hp.max,
    playerCharacter,
    dr: stats.dr,
    overshield: shield.value,
    deathThreshold: playerCharacter ? null : 0,
  });
}

/**
 * The damage of a card on one creature: its stored values before and after, the pipeline's notes, and
 * the statuses to set (`shown`: the statuses its token shows now).
 */
export function planActorDamage(
  stats: ActorStats,
  damage: CardDamage,
  settings: DamageSettings,
  shown: ReadonlySet<string> = new Set(),
): Result<PlannedDamage> {
  const target = damageTargetOf(stats);
  if (!target.ok) return target;
  const attack = cardDamageAttack(damage);
  if (!attack.ok) return attack;
  const outcome = applyDamage(target.value, attack.value, settings);
  if (!outcome.ok) return outcome;
  const before = storedHealthOf(stats);
  const after = { hp: outcome.value.hp, overshield: before.overshield - outcome.value.shieldLoss };
  const applied = outcome.value.effectsApplied;
  // OSH-2: each status the unbroken shield stops is named on the card, with the reason.
  const blocked = (damage.effects ?? []).filter((e) => !applied.includes(e.id));
  const steps = [
    ...outcome.value.steps,
    ...blocked.map((e) => ({ key: "TEMPO.DAMAGE.Step.StatusBlocked" as const, data: { status: e.id } })),
  ];
  return ok({
    before,
    after,
    outcome: { ...outcome.value, steps },
    statuses: statusesToSet(outcome.value, shown),
    effects: applied.filter((id) => !shown.has(id)),
  });
}

/** The fields an application changed. */
export function changedHealthFields(change: HealthChange): readonly HealthField[] {
  return HEALTH_FIELDS.filter((field) => change.before[field] !== change.after[field]);
}

/**
 * Undo of one application: the `before` value of every field it changed. **Ruling:** when one of those
 * fields no longer holds what the application left there (healed, hit again, edited by hand), undo is
 * refused (`Damage.HpChangedSince`, `Damage.ShieldChangedSince`) rather than overwriting that later change.
 */
export function undoHealth(current: StoredHealth, applied: HealthChange): Result<Partial<StoredHealth>> {
  const restore: Partial<Record<HealthField, number>> = {};
  for (const field of changedHealthFields(applied)) {
    if (current[field] !== applied.after[field]) {
      const key = field === "hp" ? "TEMPO.ERRORS.Damage.HpChangedSince" : "TEMPO.ERRORS.Damage.ShieldChangedSince";
      return err(key, { now: current[field], then: applied.after[field] });
    }
    restore[field] = applied.before[field];
  }
  return ok(restore);
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

/** Whether stored JSON (a card's record) is a well-formed health change. */
export function isHealthChange(value: unknown): value is HealthChange {
  const health = (v: unknown): boolean =>
    typeof v === "object" && v !== null && HEALTH_FIELDS.every((f) => isWholeNumber((v as Record<string, unknown>)[f]));
  if (typeof value !== "object" || value === null) return false;
  const { before, after } = value as { before?: unknown; after?: unknown };
  return health(before) && health(after);
}
