/**
 * `weapon` items: validation and the values a sheet shows, each from the rule function that owns it
 * (CNT-7 delay, CNT-15 ladder, CNT-16 Great, FEAT-CHARGED, FEAT-CLEAVE, FEAT-VERSATILE, AP-1, AP-2, SEG-4, DR-1).
 */
import { validatePacing, swingsPerAction } from "../damage/action-points.ts";
import { parseDamageFormula } from "../damage/damage-dice.ts";
import { ladderLevel } from "../damage/die-ladder.ts";
import {
  canCharge,
  canCleave,
  effectiveProperties,
  propertiesFromFlags,
  weaponDamageDice,
} from "../damage/weapon-features.ts";
import { WEAPON_PROPERTIES, type WeaponProperty } from "../damage/weapon-properties.ts";
import { shown } from "../dice/checks.ts";
import { chargedAttackDelay, weaponAttackDelay } from "../initiative/count/delay.ts";
import { checkSegmentDeclaration, SEGMENT_NO_DECLARATION } from "../initiative/segment/declaration.ts";
import { checkDamageKind, checkStatusRider, ProblemList, type ItemProblem } from "./item-problem.ts";
import type { WeaponStats } from "./item-types.ts";

/** What the item's owner contributes to derived values; null where the owner (or the value) is unknown. */
export interface ItemOwner {
  /** AP-1: the owner's AP (`system.ap.max`). */
  readonly ap: number | null;
  /** CNT-15, FEAT-CHARGED: the owner's primary weapon ability modifier. */
  readonly primaryModifier: number | null;
}

export const NO_OWNER: ItemOwner = { ap: null, primaryModifier: null };

/** A damage die and the delay it comes with. */
export interface TimedDamage {
  readonly delay: number;
  readonly damage: string;
}

/** What a weapon sheet shows, derived (never stored). */
export interface WeaponDerived {
  /** The properties set, in the engine's order. */
  readonly properties: readonly WeaponProperty[];
  /** CNT-15: ladder level of the damage die (1–9). */
  readonly ladderLevel: number;
  /** CNT-7: delay per attack, one-handed (the largest of its properties' delays). */
  readonly delay: number;
  /** FEAT-VERSATILE: a Versatile weapon in two hands (counts as Heavy, one ladder level up); else null. */
  readonly twoHanded: TimedDamage | null;
  /** FEAT-CLEAVE: Heavy or Great (a Versatile one two-handed counts as Heavy). */
  readonly canCleave: boolean;
  /** FEAT-CHARGED: Heavy, Great or Thrown. */
  readonly canCharge: boolean;
  /** FEAT-CHARGED: the charged attack with the owner's modifier; null when it cannot charge or no modifier is known. */
  readonly charged: TimedDamage | null;
  /** AP-1: swings per Full action with the owner's AP; null without an AP cost or a known AP. */
  readonly swingsPerAction: number | null;
}

function checkProperties(list: ProblemList, value: unknown): void {
  if (!list.record("properties", value)) return;
  for (const key of Object.keys(value)) {
    if (!(WEAPON_PROPERTIES as readonly string[]).includes(key)) {
      list.add(`properties.${key}`, "TEMPO.ERRORS.Weapon.UnknownProperty", { property: key });
    }
  }
  for (const property of WEAPON_PROPERTIES) list.flag(`properties.${property}`, value[property]);
}

/**
 * CNT-15, AP-1, AP-2, SEG-4: every problem of a weapon's stats. The damage must be a die on the ladder
 * (plus flat numbers): the rules step it (FEAT-VERSATILE, FEAT-CHARGED), and a die that cannot be stepped
 * is refused here rather than discovered mid-combat.
 */
export function validateWeaponStats(source: Readonly<Record<string, unknown>>): ItemProblem[] {
  const list = new ProblemList();
  const { damage, apCost, constantDamage, speed } = source;
  if (list.text("damage", damage) && list.fromResult("damage", parseDamageFormula(damage))) {
    list.fromResult("damage", ladderLevel(damage));
  }
  checkProperties(list, source.properties);
  if (list.flag("constantDamage", constantDamage)) {
    if (apCost !== null && typeof apCost !== "number") {
      list.add("apCost", "TEMPO.ERRORS.Damage.InvalidApCost", { cost: shown(apCost) });
    } else if (apCost !== null && !Number.isInteger(apCost)) {
      list.add("apCost", "TEMPO.ERRORS.Item.NotWhole", { value: shown(apCost), min: 1 });
    } else {
      list.fromResult("apCost", validatePacing({ apCost, constantDamage }));
    }
  }
  if (typeof speed !== "number") list.add("speed", "TEMPO.ERRORS.Segment.InvalidWeaponSpeed");
  else
    list.fromResult(
      "speed",
      checkSegmentDeclaration({ ...SEGMENT_NO_DECLARATION, action: "melee", weaponSpeed: speed }),
    );
  list.text("group", source.group);
  checkDamageKind(list, source.damageKind);
  checkStatusRider(list, source);
  // SEG-16 (ruling): null, or the attacks it makes in its routine, a whole number of at least 1.
  if (source.routineAttacks !== null && source.routineAttacks !== undefined) {
    list.whole("routineAttacks", source.routineAttacks, 1);
  }
  return list.problems;
}

function twoHandedUse(stats: WeaponStats, properties: readonly WeaponProperty[]): TimedDamage | null {
  if (!properties.includes("versatile")) return null;
  const snapshot = { die: stats.damage, properties };
  const held = effectiveProperties(snapshot, true);
  const damage = weaponDamageDice(snapshot, { twoHanded: true, chargeDelay: 0, primaryModifier: 1 });
  return held.ok && damage.ok ? { delay: weaponAttackDelay(held.value), damage: damage.value } : null;
}

/** FEAT-CLEAVE with FEAT-VERSATILE: held in two hands, a Versatile weapon counts as Heavy. */
function cleavesTwoHanded(stats: WeaponStats, properties: readonly WeaponProperty[]): boolean {
  const held = effectiveProperties({ die: stats.damage, properties }, true);
  return held.ok && canCleave(held.value);
}

/** FEAT-CHARGED: delay = the primary modifier; each full 2 counts step the die (CNT-15, level 10 multiplies). */
export function chargedWeaponDamage(stats: WeaponStats, primaryModifier: number): TimedDamage | null {
  const properties = propertiesFromFlags(stats.properties);
  const delay = chargedAttackDelay(properties, primaryModifier);
  if (!delay.ok) return null;
  const damage = weaponDamageDice(
    { die: stats.damage, properties },
    { twoHanded: false, chargeDelay: delay.value, primaryModifier },
  );
  return damage.ok ? { delay: delay.value, damage: damage.value } : null;
}

/** The derived values of sound weapon stats (validate first: unsound dice give level 0 and no steps). */
export function weaponDerived(stats: WeaponStats, owner: ItemOwner = NO_OWNER): WeaponDerived {
  const properties = propertiesFromFlags(stats.properties);
  const level = ladderLevel(stats.damage);
  const swings = stats.apCost !== null && owner.ap !== null ? swingsPerAction(owner.ap, stats.apCost) : null;
  const twoHanded = twoHandedUse(stats, properties);
  return {
    properties,
    ladderLevel: level.ok ? level.value : 0,
    delay: weaponAttackDelay(properties),
    twoHanded,
    canCleave: canCleave(properties) || cleavesTwoHanded(stats, properties),
    canCharge: canCharge(properties),
    charged: owner.primaryModifier === null ? null : chargedWeaponDamage(stats, owner.primaryModifier),
    swingsPerAction: swings !== null && swings.ok ? swings.value : null,
  };
}
