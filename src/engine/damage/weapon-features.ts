import { err, ok, type Result } from "../core/result.ts";
import { formatDamageFormula, parseDamageFormula } from "./damage-dice.ts";
import { stepDamageFormula } from "./die-ladder.ts";
import { shown } from "../dice/checks.ts";
import { parseWeaponProperties, WEAPON_PROPERTIES, type WeaponProperty } from "./weapon-properties.ts";

/** A weapon as the damage rules see it: its base die and its properties. */
export interface WeaponSnapshot {
  readonly die: string;
  /** Property names as the item gives them, checked by `parseWeaponProperties` (any case, each once). */
  readonly properties: readonly string[];
}

/** How the weapon is being used for this attack. */
export interface WeaponUse {
  /** Held in two hands (FEAT-VERSATILE). */
  readonly twoHanded: boolean;
  /** The delay of a charged attack in counts (FEAT-CHARGED), or 0 for an ordinary attack. */
  readonly chargeDelay: number;
  /** The wielder's primary weapon ability modifier (CNT-15 level 10). */
  readonly primaryModifier: number;
}

/** CNT-7: weapon properties from the item data's flags (`system.properties` in the weapon packs). */
export function propertiesFromFlags(flags: Readonly<Partial<Record<WeaponProperty, boolean>>>): WeaponProperty[] {
  return WEAPON_PROPERTIES.filter((property) => flags[property] === true);
}

function validProperties(weapon: WeaponSnapshot): Result<readonly WeaponProperty[]> {
  if (typeof weapon !== "object" || weapon === null || typeof weapon.die !== "string") {
    return err("TEMPO.ERRORS.Damage.InvalidWeapon");
  }
  return parseWeaponProperties(weapon.properties);
}

/**
 * FEAT-VERSATILE: a Versatile weapon held in two hands counts as Heavy (with no other restriction).
 * Returns the properties in effect for this use, checked by `parseWeaponProperties` (lower case, each once).
 */
export function effectiveProperties(weapon: WeaponSnapshot, twoHanded: boolean): Result<readonly WeaponProperty[]> {
  const checked = validProperties(weapon);
  if (!checked.ok) return checked;
  const props = checked.value;
  if (twoHanded && props.includes("versatile") && !props.includes("heavy")) return ok([...props, "heavy"]);
  return ok(props);
}

/** FEAT-CHARGED (damage side): each full 2 counts of delay raise the die one ladder level. */
export function chargeSteps(delay: number): Result<number> {
  if (!Number.isInteger(delay) || delay < 0) return err("TEMPO.ERRORS.Damage.InvalidDelay", { delay: shown(delay) });
  return ok(Math.floor(delay / 2));
}

/** FEAT-CHARGED: only Heavy, Great or Thrown weapons can make a charged attack. */
export function canCharge(properties: readonly WeaponProperty[]): boolean {
  return properties.includes("heavy") || properties.includes("great") || properties.includes("thrown");
}

/** FEAT-CLEAVE: only Heavy or Great weapons can cleave. */
export function canCleave(properties: readonly WeaponProperty[]): boolean {
  return properties.includes("heavy") || properties.includes("great");
}

/**
 * The damage dice of one weapon attack after FEAT-VERSATILE (+1 level two-handed) and FEAT-CHARGED
 * (+1 level per full 2 counts of delay), stepped in one go from the weapon's own die, so that level 10
 * multiplies the weapon's *original* dice (CNT-15): a Maul (2d6) charged for 8 counts by a +8 STR
 * wielder rolls 16d6.
 *
 * Only a Versatile weapon's die changes when it is held in two hands; a charge with a weapon that is
 * not Heavy, Great or Thrown, or whose delay is not the primary modifier, is a typed error. With no steps the die is returned unchanged, even one
 * that is not on the ladder.
 */
export function weaponDamageDice(weapon: WeaponSnapshot, use: WeaponUse): Result<string> {
  if (typeof use !== "object" || use === null || typeof use.twoHanded !== "boolean")
    return err("TEMPO.ERRORS.Damage.InvalidWeaponUse");
  const props = effectiveProperties(weapon, use.twoHanded);
  if (!props.ok) return props;
  const charge = chargeSteps(use.chargeDelay);
  if (!charge.ok) return charge;
  if (use.chargeDelay > 0 && !canCharge(props.value)) return err("TEMPO.ERRORS.Damage.CannotCharge");
  if (!Number.isInteger(use.primaryModifier))
    return err("TEMPO.ERRORS.Damage.InvalidModifier", { modifier: shown(use.primaryModifier) });
  // FEAT-CHARGED: the charged attack's delay *equals* the primary modifier (the count track's delay).
  if (use.chargeDelay > 0 && use.chargeDelay !== use.primaryModifier) {
    return err("TEMPO.ERRORS.Damage.ChargeDelayMismatch", {
      delay: shown(use.chargeDelay),
      modifier: use.primaryModifier,
    });
  }
  const versatileStep = use.twoHanded && props.value.includes("versatile") ? 1 : 0;
  const steps = versatileStep + charge.value;
  const parsed = parseDamageFormula(weapon.die);
  if (!parsed.ok) return parsed;
  if (steps === 0) return ok(formatDamageFormula(parsed.value));
  const stepped = stepDamageFormula(parsed.value, steps, use.primaryModifier);
  return stepped.ok ? ok(formatDamageFormula(stepped.value)) : stepped;
}
