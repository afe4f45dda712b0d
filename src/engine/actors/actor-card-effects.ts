/**
 * Issue 19 item 5: what a card's Apply does to one creature, for the three things a card may carry, and
 * its exact undo:
 * - damage (actor-damage.ts: DR-1…DR-3, OSH-1, OSH-2 with the attack's statuses, OSH-4, OSH-6);
 * - OSH-3 healing: hit points only (damage/apply-healing.ts), up to the maximum; the overshield is never
 *   restored by it. Healed to full, a player character is protected by DR-3 again.
 * - OSH-5, OSH-6 an overshield grant: `gainOvershield` decides whether it replaces the current shield
 *   (larger or a different effect) or leaves it; never stacks. A grant without hit points is a shield that
 *   lasts until its condition (OSH-6). The whole stored shield before and after is recorded, so Undo puts
 *   back exactly the shield that was there.
 * **Ruling** (RULES.md is silent): a shield a spell or card grants has no DR of its own unless a GM's card
 * gives it one (OSH-4 then applies to that DR).
 * Pure.
 */
import { err, ok, type Message, type Result } from "../core/result.ts";
import type { DamageSettings } from "../damage/apply-damage.ts";
import { applyHealing } from "../damage/apply-healing.ts";
import { validateDr, type DrValues } from "../damage/damage-reduction.ts";
import { gainOvershield, type Overshield } from "../damage/overshield.ts";
import { damageTargetOf, planActorDamage, storedHealthOf, undoHealth, type CardDamage } from "./actor-damage.ts";
import type { HealthChange, StoredHealth } from "./actor-damage.ts";
import type { ActorStats, StoredOvershield } from "./actor-stats.ts";
import { statusesEndedByHealing, type DamageStatus } from "./damage-statuses.ts";

/** What a card's Apply does: deal damage, heal (OSH-3) or grant an overshield (OSH-5). */
export type CardEffect = "damage" | "healing" | "shield";
export const CARD_EFFECTS: readonly CardEffect[] = ["damage", "healing", "shield"];

/** OSH-5, OSH-6: the overshield a card grants (hp null: one without hit points). */
export interface ShieldGrant {
  readonly hp: number | null;
  /** What the shield is (OSH-5 compares it): the granting spell's name, or what a GM's card says. */
  readonly effect: string;
  /** OSH-6: what ends it ("" for none). */
  readonly condition: string;
  readonly dr: DrValues;
}

/** The whole stored overshield before and after a grant. */
export interface ShieldChange {
  readonly before: StoredOvershield;
  readonly after: StoredOvershield;
}

/** What a card carries, as the engine trusts it (trust/trusted-damage.ts). */
export interface CardAction extends CardDamage {
  readonly effect: CardEffect;
  /** The grant of a shield card (null otherwise). */
  readonly shield: ShieldGrant | null;
}

export interface PlannedCardEffect extends HealthChange {
  readonly notes: readonly Message[];
  /** The statuses damage sets (damage-statuses.ts). */
  readonly statuses: readonly DamageStatus[];
  /** OSH-2: the attack's own statuses that apply. */
  readonly effects: readonly string[];
  /** OSH-5: the stored shield a grant replaced (null when nothing was granted). */
  readonly shield: ShieldChange | null;
  /** Healing: the damage statuses it ends (damage-statuses.ts `statusesEndedByHealing`); absent: none. */
  readonly ended?: readonly DamageStatus[];
}

const NO_DR: DrValues = { physical: 0, elemental: 0, arcane: 0 };

function total(swings: readonly number[]): Result<number> {
  if (!Array.isArray(swings) || !swings.every((n) => Number.isInteger(n) && n >= 0))
    return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "hits" });
  return ok(swings.reduce((sum, n) => sum + n, 0));
}

/** A stored shield as the sheet keeps it, from the engine's (OSH-6: no hit points is a maximum of 0). */
function storedShieldOf(shield: Overshield): StoredOvershield {
  const hp = shield.hp ?? 0;
  return { value: hp, max: hp, dr: shield.dr, effect: shield.effect, condition: shield.condition ?? "" };
}

/** OSH-3: healing of `amount` on the creature; the shield stays as it is. */
export function planActorHealing(
  stats: ActorStats,
  amount: number,
  shown: ReadonlySet<string> = new Set(),
): Result<PlannedCardEffect> {
  const target = damageTargetOf(stats);
  if (!target.ok) return target;
  const healed = applyHealing(target.value, amount);
  if (!healed.ok) return healed;
  const before = storedHealthOf(stats);
  const after: StoredHealth = { ...before, hp: healed.value.hp };
  // DR-3, CNT-14: waking ends unconscious and dying (the ruling in damage-statuses.ts).
  const ended = statusesEndedByHealing(healed.value.hp, shown);
  return ok({ before, after, notes: healed.value.steps, statuses: [], effects: [], shield: null, ended });
}

/** OSH-5, OSH-6: the creature gains `grant`, or keeps its current shield, as gainOvershield decides. */
export function planActorShield(stats: ActorStats, grant: ShieldGrant): Result<PlannedCardEffect> {
  const target = damageTargetOf(stats);
  if (!target.ok) return target;
  const dr = validateDr(grant.dr);
  if (!dr.ok) return dr;
  const condition = typeof grant.condition === "string" && grant.condition.trim() !== "" ? grant.condition : null;
  const incoming: Overshield = { hp: grant.hp, dr: dr.value, effect: grant.effect, condition };
  const gained = gainOvershield(target.value.overshield, incoming);
  if (!gained.ok) return gained;
  const before = storedHealthOf(stats);
  const kept = gained.value.overshield !== incoming;
  const shieldAfter = kept ? stats.overshield : storedShieldOf(incoming);
  const after: StoredHealth = { ...before, overshield: shieldAfter.value };
  const shield = kept ? null : { before: stats.overshield, after: shieldAfter };
  return ok({ before, after, notes: [gained.value.note], statuses: [], effects: [], shield });
}

/** What a card's Apply does to one creature (`shown`: the statuses its token shows now). */
export function planCardEffect(
  stats: ActorStats,
  action: CardAction,
  settings: DamageSettings,
  shown: ReadonlySet<string> = new Set(),
): Result<PlannedCardEffect> {
  if (action.effect === "healing") {
    const amount = total(action.swings);
    return amount.ok ? planActorHealing(stats, amount.value, shown) : amount;
  }
  if (action.effect === "shield") {
    if (action.shield === null) return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "shield" });
    return planActorShield(stats, action.shield);
  }
  const planned = planActorDamage(stats, action, settings, shown);
  if (!planned.ok) return planned;
  const { before, after, outcome, statuses, effects } = planned.value;
  return ok({ before, after, notes: outcome.steps, statuses, effects, shield: null });
}

/** OSH-5, OSH-6: the shield of a card's grant: its rolled hit points, or none when nothing was rolled. */
export function shieldGrantOf(
  swings: readonly number[],
  effect: string,
  condition: string,
  dr: DrValues = NO_DR,
): Result<ShieldGrant> {
  const hp = total(swings);
  if (!hp.ok) return hp;
  if (typeof effect !== "string" || effect.trim() === "")
    return err("TEMPO.ERRORS.Damage.InvalidOvershield", { field: "effect" });
  return ok({ hp: swings.length === 0 ? null : hp.value, effect, condition, dr });
}

function sameShield(a: StoredOvershield, b: StoredOvershield): boolean {
  return (
    a.value === b.value &&
    a.max === b.max &&
    a.effect === b.effect &&
    a.condition === b.condition &&
    a.dr.physical === b.dr.physical &&
    a.dr.elemental === b.dr.elemental &&
    a.dr.arcane === b.dr.arcane
  );
}

/** What an Undo writes: the hit points and shield value Apply changed, and the whole shield a grant replaced. */
export interface CardUndo {
  readonly values: Partial<StoredHealth>;
  readonly shield: StoredOvershield | null;
}

/**
 * Undo of one creature's application: `undoHealth`, and for a grant the shield it replaced, refused
 * (`Damage.ShieldChangedSince`) when the creature's shield is no longer the granted one.
 */
export function undoCardEffect(
  stats: ActorStats,
  record: HealthChange & { readonly shield?: ShieldChange | null },
): Result<CardUndo> {
  const values = undoHealth(storedHealthOf(stats), record);
  if (!values.ok) return values;
  const change = record.shield ?? null;
  if (change === null) return ok({ values: values.value, shield: null });
  if (!sameShield(stats.overshield, change.after))
    return err("TEMPO.ERRORS.Damage.ShieldChangedSince", { now: stats.overshield.value, then: change.after.value });
  const { overshield: _, ...rest } = values.value;
  return ok({ values: rest, shield: change.before });
}

function isStoredShield(value: unknown): value is StoredOvershield {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const dr = v.dr as Record<string, unknown> | undefined;
  return (
    Number.isInteger(v.value) &&
    Number.isInteger(v.max) &&
    typeof v.effect === "string" &&
    typeof v.condition === "string" &&
    typeof dr === "object" &&
    dr !== null &&
    validateDr(dr as unknown as DrValues).ok
  );
}

/** Whether stored JSON (a card's or the ledger's record) is a shield change. */
export function isShieldChange(value: unknown): value is ShieldChange {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return isStoredShield(v.before) && isStoredShield(v.after);
}

/** OSH-2: undo of an application's own statuses: those it set that the creature still shows. */
export function effectsToClear(set: readonly string[], shown: ReadonlySet<string>): string[] {
  return set.filter((status) => shown.has(status));
}
