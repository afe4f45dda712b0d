import { err, ok, type Message, type Result } from "../core/result.ts";
import { validateDr, type DrValues } from "./damage-reduction.ts";

/**
 * An overshield (OSH-1): a second health bar with its own DR (OSH-4) and an effect that identifies it
 * (OSH-5 compares effects). `hp` null is a shield without hit points that lasts until its `condition`
 * is met (OSH-6); it absorbs nothing but still counts as the creature's overshield.
 */
export interface Overshield {
  readonly hp: number | null;
  readonly dr: DrValues;
  /** What the shield is: the id of the spell, item or ability that granted it. */
  readonly effect: string;
  /** OSH-6: the condition that ends a shield without hit points (free text or an id), else null. */
  readonly condition: string | null;
}

export interface OvershieldGain {
  readonly overshield: Overshield;
  /** Which shield won and why, as a TEMPO.DAMAGE.Overshield.* note. */
  readonly note: Message;
}

/** OSH-4, OSH-6: overshield data: hp null or a whole number ≥ 0, valid DR, a non-empty effect id. */
export function validateOvershield(shield: Overshield): Result<Overshield> {
  if (typeof shield !== "object" || shield === null)
    return err("TEMPO.ERRORS.Damage.InvalidOvershield", { field: "overshield" });
  if (shield.hp !== null && (!Number.isInteger(shield.hp) || shield.hp < 0)) {
    return err("TEMPO.ERRORS.Damage.InvalidOvershield", { field: "hp" });
  }
  if (typeof shield.effect !== "string" || shield.effect === "")
    return err("TEMPO.ERRORS.Damage.InvalidOvershield", { field: "effect" });
  const dr = validateDr(shield.dr);
  return dr.ok ? ok(shield) : dr;
}

/**
 * OSH-5 / OSH-6: gaining an overshield. The new one replaces the current one only if it has a different
 * effect or is larger; shields never stack or add up, and gaining one never restores the old one.
 *
 * Rulings (RULES.md is silent): "larger" compares the hit points the current shield has *left*; a shield
 * without hit points (OSH-6) compares as 0, so a same-effect shield with hit points replaces it and a
 * same-effect shield without hit points does not (the seed's "lost if a new overshield is gained" yields to
 * OSH-5's "only if"). A shield at 0 hp is broken and counts as none.
 *
 * Returns the shield the creature ends up with (the current object itself when it is kept) and a note.
 */
export function gainOvershield(current: Overshield | null, incoming: Overshield): Result<OvershieldGain> {
  const checked = validateOvershield(incoming);
  if (!checked.ok) return checked;
  if (current !== null) {
    const checkedCurrent = validateOvershield(current);
    if (!checkedCurrent.ok) return checkedCurrent;
  }
  if (current === null || current.hp === 0) {
    return ok({ overshield: incoming, note: { key: "TEMPO.DAMAGE.Overshield.Gained" } });
  }
  if (incoming.effect !== current.effect) {
    return ok({ overshield: incoming, note: { key: "TEMPO.DAMAGE.Overshield.ReplacedDifferentEffect" } });
  }
  const incomingHp = incoming.hp ?? 0;
  if (current.hp === null) {
    return incomingHp > 0
      ? ok({ overshield: incoming, note: { key: "TEMPO.DAMAGE.Overshield.ReplacedConditional" } })
      : ok({ overshield: current, note: { key: "TEMPO.DAMAGE.Overshield.KeptConditional" } });
  }
  if (incomingHp > current.hp) {
    return ok({
      overshield: incoming,
      note: { key: "TEMPO.DAMAGE.Overshield.ReplacedLarger", data: { from: current.hp, to: incomingHp } },
    });
  }
  return ok({ overshield: current, note: { key: "TEMPO.DAMAGE.Overshield.KeptNotLarger", data: { hp: current.hp } } });
}
