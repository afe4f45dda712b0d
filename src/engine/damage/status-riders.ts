/**
 * OSH-2: the statuses an attack or spell applies on a hit, as an item stores them: status ids separated
 * by commas ("prone, slowed"), and one flag for the whole list saying they deal no damage or target
 * willpower, so that an unbroken overshield does not stop them. Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { AttackEffect } from "./apply-damage.ts";

/** What an item stores of its statuses (WeaponStats, SpellStats). */
export interface StatusRider {
  readonly statuses: string;
  readonly statusesBypassShield: boolean;
}

const STATUS_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The ids of a stored list, each once, in order. Errors: `Item.InvalidStatus` naming the bad entry. */
export function statusListOf(text: string): Result<string[]> {
  if (typeof text !== "string") return err("TEMPO.ERRORS.Item.InvalidStatus", { status: "?" });
  const ids: string[] = [];
  for (const part of text.split(",")) {
    const id = part.trim();
    if (id === "") continue;
    if (!STATUS_ID.test(id)) return err("TEMPO.ERRORS.Item.InvalidStatus", { status: id });
    if (!ids.includes(id)) ids.push(id);
  }
  return ok(ids);
}

/** OSH-2: the item's statuses as the damage pipeline's attack effects. */
export function attackEffectsOf(rider: StatusRider): Result<AttackEffect[]> {
  const ids = statusListOf(rider.statuses);
  if (!ids.ok) return ids;
  return ok(ids.value.map((id) => ({ id, bypassesOvershield: rider.statusesBypassShield === true })));
}

/** Whether stored JSON (a card's field) is a list of attack effects. */
export function isAttackEffectList(value: unknown): value is AttackEffect[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as { id?: unknown }).id === "string" &&
        STATUS_ID.test((e as { id: string }).id) &&
        typeof (e as { bypassesOvershield?: unknown }).bypassesOvershield === "boolean",
    )
  );
}
