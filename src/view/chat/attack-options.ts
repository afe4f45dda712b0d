/**
 * Issue 19 item 1: what the attack dialog may offer for one weapon under one ruleset, and what the chosen
 * options make of the attack (its damage dice, its delay and the counts its attacks land on). Pure: the
 * Foundry dialog (src/foundry/applications/attack-dialog.ts) renders these and the attack flow rolls them.
 *
 * - `count` (seeds/000): the number of attacks (CNT-7, staggered k × delay), a charged attack
 *   (FEAT-CHARGED: delay = primary modifier, +1 ladder level per full 2 counts, CNT-15 level 10 multiplies),
 *   one or two hands for a Versatile weapon (FEAT-VERSATILE: Heavy, one level up), cleave (FEAT-CLEAVE: one
 *   roll for every target). The three feats are feats: a creature uses one only while it has the feat item
 *   (seeds/000 lists them under "Feats"). A charge and a cleave are each the whole action: one attack.
 * - `rotation`: swings (AP-1, fewer may be chosen) and the number of enemies adjacent to the target
 *   (ATK-ROT-5, the attacker included: three flankers give −4).
 * - `phase`: extra sources of advantage and disadvantage (ADV-1 … ADV-3, net count rolled).
 * - `segment`: the damage multipliers the weapon allows (SEG-15: back stab, set against a charge; the
 *   highest applies, on the total with every modifier).
 * - every ruleset: a situational modifier to the roll (SEG-12 "d20 + modifiers"; the others' bonus).
 */
import {
  ITEM_USE_RULINGS,
  chargedAttackDelay,
  chargedWeaponDamage,
  damageMultiplier,
  weaponMultipliers,
  effectiveProperties,
  canCleave,
  ok,
  propertiesFromFlags,
  shareSwings,
  staggeredAttackCounts,
  swingsPerAction,
  weaponAttackDelay,
  weaponDamageDice,
  type FeatKey,
  type Message,
  type Result,
  type RulesetId,
  type WeaponProperty,
  type WeaponMultipliers,
  type WeaponStats,
} from "../../engine/index.ts";

/** What the user chose in the dialog (each field meaningful only where its option is offered). */
export interface AttackChoices {
  /** CNT-7: weapon attacks in the action. */
  readonly attacks: number;
  /** FEAT-CHARGED. */
  readonly charged: boolean;
  /** FEAT-VERSATILE: held in two hands. */
  readonly twoHanded: boolean;
  /** FEAT-CLEAVE: one roll against every target. */
  readonly cleave: boolean;
  /** AP-1: swings in the Full action (null: as many as the AP allows). */
  readonly swings: number | null;
  /** ATK-ROT-5: enemies adjacent to the target, the attacker included (1: no flanking). */
  readonly flankers: number;
  /** A situational modifier added to the roll's bonus. */
  readonly modifier: number;
  /** ADV-1 … ADV-3: extra sources of advantage and disadvantage. */
  readonly advantage: number;
  readonly disadvantage: number;
  /** SEG-15: the back stab multiplier (1: no back stab). */
  readonly backstab: number;
  /** SEG-15: the weapon is set against a charge. */
  readonly setVsCharge: boolean;
}

export const DEFAULT_ATTACK_CHOICES: AttackChoices = {
  attacks: 1,
  charged: false,
  twoHanded: false,
  cleave: false,
  swings: null,
  flankers: 1,
  modifier: 0,
  advantage: 0,
  disadvantage: 0,
  backstab: 1,
  setVsCharge: false,
};

/** The largest situational modifier, sources and flankers the dialog takes (the engine's ruling). */
export const ATTACK_CHOICE_LIMITS = ITEM_USE_RULINGS.attackDialog;

/** What the attacker brings to the weapon. */
export interface AttackerFacts {
  /** CNT-15, FEAT-CHARGED: the primary weapon ability modifier. */
  readonly primaryModifier: number;
  /** AP-1: the creature's AP (null: unknown). */
  readonly ap: number | null;
  /** The feats the creature has (feat items). */
  readonly feats: ReadonlySet<FeatKey>;
}

/** Damage dice with the delay per attack they come with (count; 0 elsewhere). */
export interface TimedDice {
  readonly damage: string;
  readonly delay: number;
}

/** Exactly what the ruleset allows for this weapon in this creature's hands. */
export interface AttackOptions {
  readonly ruleset: RulesetId;
  /** The weapon's damage and delay one-handed (CNT-7). */
  readonly base: TimedDice;
  /** CNT-7: the most attacks in one action; null where the ruleset has one attack. */
  readonly attacks: { readonly max: number } | null;
  /**
   * FEAT-CHARGED: the charged attack's dice and delay in one hand and in two (FEAT-VERSATILE: a Versatile
   * weapon in two hands is Heavy, so it can charge, one ladder level up); null when neither is allowed.
   */
  readonly charge: { readonly oneHanded: TimedDice | null; readonly twoHanded: TimedDice | null } | null;
  /** FEAT-VERSATILE: the two-handed dice and delay; null when not allowed. */
  readonly twoHands: TimedDice | null;
  /** FEAT-CLEAVE: allowed one-handed (Heavy, Great) and/or only two-handed (Versatile as Heavy). */
  readonly cleave: { readonly oneHanded: boolean; readonly twoHanded: boolean } | null;
  /** AP-1: the swings one Full action allows; null without an AP cost (AP-2) or a known AP. */
  readonly swings: { readonly max: number } | null;
  /** ATK-ROT-5. */
  readonly flanking: boolean;
  /** ADV-1 … ADV-3. */
  readonly sources: boolean;
  /** SEG-15: the damage multipliers the weapon allows (segment only; null elsewhere). */
  readonly multipliers: WeaponMultipliers | null;
}

/** FEAT-VERSATILE: only a Versatile weapon changes in two hands. */
function twoHandedDice(weapon: WeaponStats, properties: readonly WeaponProperty[], modifier: number) {
  if (!properties.includes("versatile")) return null;
  const snapshot = { die: weapon.damage, properties };
  const held = effectiveProperties(snapshot, true);
  const damage = weaponDamageDice(snapshot, { twoHanded: true, chargeDelay: 0, primaryModifier: modifier });
  return held.ok && damage.ok ? { damage: damage.value, delay: weaponAttackDelay(held.value) } : null;
}

/** FEAT-CHARGED with FEAT-VERSATILE: the two-handed charge (Heavy in two hands), both steps at once. */
function twoHandedCharge(weapon: WeaponStats, properties: readonly WeaponProperty[], modifier: number) {
  const snapshot = { die: weapon.damage, properties };
  const held = effectiveProperties(snapshot, true);
  if (!held.ok) return null;
  const delay = chargedAttackDelay(held.value, modifier);
  if (!delay.ok) return null;
  const use = { twoHanded: true, chargeDelay: delay.value, primaryModifier: modifier };
  const damage = weaponDamageDice(snapshot, use);
  return damage.ok ? { damage: damage.value, delay: delay.value } : null;
}

function cleaveOption(properties: readonly WeaponProperty[], twoHands: TimedDice | null): AttackOptions["cleave"] {
  const oneHanded = canCleave(properties);
  const twoHanded = twoHands !== null && !oneHanded;
  return oneHanded || twoHanded ? { oneHanded, twoHanded } : null;
}

/** What the dialog offers for `weapon` under `ruleset` (see the file comment for each rule). */
export function attackOptionsFor(ruleset: RulesetId, weapon: WeaponStats, attacker: AttackerFacts): AttackOptions {
  const properties = propertiesFromFlags(weapon.properties);
  const count = ruleset === "count";
  const has = (feat: FeatKey) => count && attacker.feats.has(feat);
  const twoHands = has("versatileMaster") ? twoHandedDice(weapon, properties, attacker.primaryModifier) : null;
  const chargeOne = has("chargedAttack") ? chargedWeaponDamage(weapon, attacker.primaryModifier) : null;
  const chargeTwo =
    has("chargedAttack") && twoHands !== null ? twoHandedCharge(weapon, properties, attacker.primaryModifier) : null;
  const swings =
    ruleset === "rotation" && weapon.apCost !== null && attacker.ap !== null
      ? swingsPerAction(attacker.ap, weapon.apCost)
      : null;
  return {
    ruleset,
    base: { damage: weapon.damage, delay: count ? weaponAttackDelay(properties) : 0 },
    attacks: count ? { max: ITEM_USE_RULINGS.countAttacksPerAction } : null,
    charge: chargeOne === null && chargeTwo === null ? null : { oneHanded: chargeOne, twoHanded: chargeTwo },
    twoHands,
    cleave: has("cleave") ? cleaveOption(properties, twoHands) : null,
    swings: swings !== null && swings.ok && swings.value > 0 ? { max: swings.value } : null,
    flanking: ruleset === "rotation",
    sources: ruleset === "phase",
    multipliers: ruleset === "segment" ? weaponMultipliers(properties) : null,
  };
}

function whole(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function flag(value: unknown, allowed: boolean): boolean {
  return allowed && value === true;
}

/**
 * The choices the options allow, from remembered or submitted ones: anything not offered, out of range or
 * not a whole number falls back to its default; a charge or a cleave is one attack, and a cleave that needs
 * two hands takes them.
 */
export function settleChoices(options: AttackOptions, wanted: Partial<Record<keyof AttackChoices, unknown>>) {
  const d = DEFAULT_ATTACK_CHOICES;
  const twoHanded = flag(wanted.twoHanded, options.twoHands !== null);
  const charge = options.charge === null ? null : twoHanded ? options.charge.twoHanded : options.charge.oneHanded;
  const charged = flag(wanted.charged, charge !== null);
  const cleaveAllowed = options.cleave !== null && (options.cleave.oneHanded || twoHanded);
  const cleave = !charged && flag(wanted.cleave, cleaveAllowed);
  const single = charged || cleave || options.attacks === null;
  const limits = ATTACK_CHOICE_LIMITS;
  const backstabMax = options.multipliers?.backstabMax ?? null;
  const choices: AttackChoices = {
    attacks: single ? 1 : whole(wanted.attacks, 1, options.attacks?.max ?? 1, d.attacks),
    charged,
    twoHanded,
    cleave,
    swings: options.swings === null ? null : whole(wanted.swings, 1, options.swings.max, options.swings.max),
    flankers: options.flanking ? whole(wanted.flankers, 1, limits.flankers, d.flankers) : d.flankers,
    modifier: whole(wanted.modifier, -limits.modifier, limits.modifier, d.modifier),
    advantage: options.sources ? whole(wanted.advantage, 0, limits.sources, d.advantage) : 0,
    disadvantage: options.sources ? whole(wanted.disadvantage, 0, limits.sources, d.disadvantage) : 0,
    backstab: backstabMax === null ? d.backstab : whole(wanted.backstab, 1, backstabMax, d.backstab),
    setVsCharge: flag(wanted.setVsCharge, options.multipliers?.setVsCharge != null),
  };
  return choices;
}

/** What the choices make of the attack. */
export interface AttackShape {
  /** The damage dice of each hit (per swing, AP-1). */
  readonly damage: string;
  /** Counts of delay per attack (CNT-7) or of the charge (FEAT-CHARGED); 0 outside count. */
  readonly delay: number;
  /** CNT-7: each attack's delay from the declaring count (k × delay); one entry per attack roll. */
  readonly delays: readonly number[];
  /** The weapon properties the attack is declared with (FEAT-VERSATILE two-handed adds Heavy). */
  readonly properties: readonly WeaponProperty[];
  /** SEG-15: the one multiplier on the damage total (the highest chosen; 1 for none). */
  readonly multiplier: number;
}

/** The damage, delay and staggered delays of the chosen attack (settled choices). */
export function attackShape(options: AttackOptions, weapon: WeaponStats, choices: AttackChoices): AttackShape {
  const base = propertiesFromFlags(weapon.properties);
  const twoHands = choices.twoHanded ? options.twoHands : null;
  const charge = choices.charged ? (choices.twoHanded ? options.charge?.twoHanded : options.charge?.oneHanded) : null;
  const timed = charge ?? twoHands ?? options.base;
  const held = twoHands === null ? null : effectiveProperties({ die: weapon.damage, properties: base }, true);
  const properties = held?.ok === true ? held.value : base;
  const delays = choices.charged ? [timed.delay] : staggeredAttackCounts(0, timed.delay, choices.attacks);
  const set = choices.setVsCharge ? (options.multipliers?.setVsCharge ?? 1) : 1;
  const highest = damageMultiplier([choices.backstab, set]);
  const multiplier = highest.ok ? highest.value : 1;
  return { damage: timed.damage, delay: timed.delay, delays, properties, multiplier };
}

/**
 * What the attack card says was chosen (only what differs from a plain attack), each naming its rule:
 * FEAT-CHARGED's dice and delay, FEAT-VERSATILE's two hands, FEAT-CLEAVE's one roll, AP-1's swings,
 * ATK-ROT-5's flankers and the situational modifier.
 */
export function choiceNotes(options: AttackOptions, choices: AttackChoices, shape: AttackShape): Message[] {
  const notes: Message[] = [];
  if (choices.charged)
    notes.push({ key: "TEMPO.ATTACK.Chosen.Charged", data: { damage: shape.damage, delay: shape.delay } });
  if (choices.twoHanded) notes.push({ key: "TEMPO.ATTACK.Chosen.TwoHands", data: { damage: shape.damage } });
  if (choices.cleave) notes.push({ key: "TEMPO.ATTACK.Chosen.Cleave" });
  if (options.swings !== null && choices.swings !== null && choices.swings < options.swings.max)
    notes.push({ key: "TEMPO.ATTACK.Chosen.Swings", data: { swings: choices.swings, max: options.swings.max } });
  if (choices.modifier !== 0)
    notes.push({
      key: "TEMPO.ATTACK.Chosen.Modifier",
      data: { modifier: choices.modifier > 0 ? `+${String(choices.modifier)}` : String(choices.modifier) },
    });
  if (shape.multiplier > 1)
    notes.push({ key: "TEMPO.ATTACK.Chosen.Multiplier", data: { multiplier: shape.multiplier } });
  if (choices.advantage > 0 || choices.disadvantage > 0)
    notes.push({
      key: "TEMPO.ATTACK.Chosen.Sources",
      data: { advantage: choices.advantage, disadvantage: choices.disadvantage },
    });
  return notes;
}

/**
 * AP-1 (engine `shareSwings`): each target's share of the Full action's chosen swings, in target order;
 * null where the attack has no AP swings (every target then takes one hit's damage). Refused when fewer
 * swings than targets are chosen.
 */
export function targetSwings(choices: AttackChoices, targets: number): Result<readonly number[] | null> {
  return choices.swings === null ? ok(null) : shareSwings(choices.swings, targets);
}
