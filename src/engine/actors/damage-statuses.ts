/**
 * The statuses damage gives a creature (issue 10 item 3, issue 11): Apply on a damage card sets them in
 * the same click as the hit points, and Undo takes off exactly the ones that Apply set.
 *
 * **Rulings:**
 * - a player character at 0 hit points or below is `unconscious` (DR-3: "left at 0 hit points and
 *   unconscious"; CNT-14: it sits at count 20 and rolls death saves); below 0 it is also `dying`;
 * - any other creature at its death threshold (0, actor-damage.ts) is dead: core's defeated status
 *   (`dead`), which the Foundry side turns into the engine's `defeat` in a running combat;
 * - statuses the creature already shows are not set again (and so are not taken off by Undo).
 *
 * Pure.
 */
import type { DamageOutcome } from "../damage/apply-damage.ts";
import { DEFEATED_STATUS, type ConditionId } from "../conditions/status-table.ts";

export type DamageStatus = Extract<ConditionId, "unconscious" | "dying"> | typeof DEFEATED_STATUS;

/** Every status damage may set, in the order it sets them. */
export const DAMAGE_STATUSES: readonly DamageStatus[] = ["unconscious", "dying", DEFEATED_STATUS];

/** The statuses a creature shows after this outcome (see the rulings). */
export function statusesAfterDamage(outcome: Pick<DamageOutcome, "hp" | "unconscious" | "dead">): DamageStatus[] {
  if (outcome.dead) return [DEFEATED_STATUS];
  if (!outcome.unconscious) return [];
  return outcome.hp < 0 ? ["unconscious", "dying"] : ["unconscious"];
}

/** The statuses an application sets: those the outcome gives that the creature does not show yet. */
export function statusesToSet(
  outcome: Pick<DamageOutcome, "hp" | "unconscious" | "dead">,
  shown: ReadonlySet<string>,
): DamageStatus[] {
  return statusesAfterDamage(outcome).filter((status) => !shown.has(status));
}

/** Undo of an application's statuses: the ones it set that the creature still shows. */
export function statusesToClear(set: readonly string[], shown: ReadonlySet<string>): string[] {
  return set.filter((status) => (DAMAGE_STATUSES as readonly string[]).includes(status) && shown.has(status));
}

/**
 * The statuses healing to `hp` hit points ends: those the creature shows that its hit points no longer give.
 *
 * **Ruling (DR-3, CNT-14; RULES.md gives no rule for waking):** healing that brings a creature above 0 hit
 * points ends its `unconscious` and `dying` (it regains consciousness: in count it then takes count
 * 20 − bonus, CNT-14); healing to exactly 0 ends `dying` only. The same holds in every ruleset and for any
 * creature showing them (damage sets them on player characters; a GM may set them on others). A dead
 * creature (core's defeated status) is not revived by healing: the GM revives it by hand.
 */
export function statusesEndedByHealing(hp: number, shown: ReadonlySet<string>): DamageStatus[] {
  const still = statusesAfterDamage({ hp, unconscious: hp <= 0, dead: false });
  return (["unconscious", "dying"] as const).filter((status) => shown.has(status) && !still.includes(status));
}

/** Whether stored JSON (a card's record) is a list of damage statuses. */
export function isDamageStatusList(value: unknown): value is DamageStatus[] {
  return Array.isArray(value) && value.every((s) => (DAMAGE_STATUSES as readonly unknown[]).includes(s));
}
