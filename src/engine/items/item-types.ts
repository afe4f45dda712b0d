/**
 * Item stats as the rules read them: one plain shape per item type, the same fields the Foundry models
 * store under `system` (src/foundry/data/item/*). Defaults live here, once: the models' `initial` values
 * and the pack check's defaults both read them.
 */
import type { DrValues } from "../damage/damage-reduction.ts";
import type { WeaponProperty } from "../damage/weapon-properties.ts";
import { ITEM_USE_RULINGS } from "../attack/item-use-rulings.ts";

/** The Item subtypes Tempo declares (system.json documentTypes.Item). */
export type ItemType = "weapon" | "spell" | "armor" | "feat" | "power" | "gear";

/** The Item subtypes, in the order the item directory lists them. */
export const ITEM_TYPES: readonly ItemType[] = ["weapon", "spell", "armor", "feat", "power", "gear"];

/** CNT-7, CNT-16, FEAT-*: one flag per weapon property. */
export type WeaponFlags = Readonly<Record<WeaponProperty, boolean>>;

/** A `weapon` item: damage, properties, pacing (AP-1, AP-2), weapon speed (SEG-4), proficiency group (ATK-ROT-1). */
export interface WeaponStats {
  /** Damage formula on the die ladder (CNT-15), e.g. "1d8" or "2d6+1". */
  readonly damage: string;
  readonly properties: WeaponFlags;
  /** AP-1: AP per swing (a whole number above 0), or null for a weapon without one. */
  readonly apCost: number | null;
  /** AP-2: damages its target every turn with one attack roll per rotation; has no AP cost. */
  readonly constantDamage: boolean;
  /** SEG-4: weapon speed for ties in segment rounds (whole, 0 or more; lower goes first). */
  readonly speed: number;
  /** ATK-ROT-1: the proficiency group ("" for none), e.g. "blades". */
  readonly group: string;
  /** DR-1: the kind of damage it deals (a kind of DEFAULT_DAMAGE_KINDS), which picks the DR that reduces it. */
  readonly damageKind: string;
  /** OSH-2: the statuses a hit applies (status ids, comma-separated; "" for none). */
  readonly statuses: string;
  /** OSH-2: they deal no damage or target willpower, so an unbroken overshield does not stop them. */
  readonly statusesBypassShield: boolean;
  /**
   * SEG-16 (ruling, mixed routines): the attacks it makes in its creature's attack routine (a whole number of
   * at least 1), or null: not part of a routine unless it is natural (`routineWeapons`).
   */
  readonly routineAttacks: number | null;
}

/** Shapes of a spell's area (none: a single target). */
export type SpellAreaShape = "none" | "cone" | "line" | "sphere" | "cube" | "cylinder";
export const SPELL_AREA_SHAPES: readonly SpellAreaShape[] = ["none", "cone", "line", "sphere", "cube", "cylinder"];

/**
 * OSH-3, OSH-5: what a spell's formula does to its target: deals damage, heals hit points (never an
 * overshield), or grants an overshield of that many hit points ("" for none: a shield without hit points
 * that lasts until `shieldCondition`, OSH-6).
 */
export type SpellUse = "damage" | "healing" | "shield";
export const SPELL_USES: readonly SpellUse[] = ["damage", "healing", "shield"];

/**
 * STD-6: the turn resource casting the spell takes in a standard combat: the Action, or the Quick Action
 * ("some spells of lesser consequence fall into this action resource", seed 001).
 */
export type SpellCastingAction = "action" | "quickAction";
export const SPELL_CASTING_ACTIONS: readonly SpellCastingAction[] = ["action", "quickAction"];

/** A `spell` item. */
export interface SpellStats {
  /** CNT-8: slot level, cantrip 0 … 10th 10; it is the spell's delay on the count track. */
  readonly slotLevel: number;
  /** SEG-5: casting time in segments, 1–10; the spell resolves in that segment. */
  readonly castingTime: number;
  /** STD-6: the resource its cast spends in a standard combat (the Action or the Quick Action). */
  readonly castingAction: SpellCastingAction;
  /** Damage formula ("" for none). */
  readonly damage: string;
  /** DR-1: the kind of damage it deals (a kind of DEFAULT_DAMAGE_KINDS). */
  readonly damageKind: string;
  /** Area: its shape and size in feet (0 with shape "none"). */
  readonly area: { readonly shape: SpellAreaShape; readonly size: number };
  /** CNT-10, SEG-10: the caster concentrates (is *concentrating*) while the spell lasts. */
  readonly concentration: boolean;
  /** The save against it: the ability ("" for none) and its DC (null when the ruleset's save has none, PHS-12). */
  readonly save: { readonly ability: string; readonly dc: number | null };
  /** OSH-3, OSH-5: damage, healing or an overshield grant. */
  readonly use: SpellUse;
  /** OSH-6: what ends the shield it grants ("" for none). */
  readonly shieldCondition: string;
  /** OSH-2: the statuses it applies (status ids, comma-separated; "" for none). */
  readonly statuses: string;
  /** OSH-2: they deal no damage or target willpower, so an unbroken overshield does not stop them. */
  readonly statusesBypassShield: boolean;
}

/** ACT-ROT: armor by how long it takes to put on; a shield is held, not worn. */
export type ArmorCategory = "light" | "medium" | "heavy" | "shield";
export const ARMOR_CATEGORIES: readonly ArmorCategory[] = ["light", "medium", "heavy", "shield"];

/** An `armor` item. */
export interface ArmorStats {
  readonly category: ArmorCategory;
  /** Bonus to AC, written positive (CNT/STD ascending AC; SEG-12 lowers descending AC by it). */
  readonly acBonus: number;
  /** ATK-ROT-1: what it adds to the wearer's Armor defence (whole, 0 or more). */
  readonly armor: number;
  /** DR-1: the damage reduction it grants, per family (whole, 0 or more). */
  readonly dr: DrValues;
  /** SEG-12: worn (armour) or held (a shield): only then does its AC bonus count. */
  readonly equipped: boolean;
}

/** The feats the rules name. */
export type FeatKey = "cleave" | "chargedAttack" | "versatileMaster";
export const FEAT_KEYS: readonly FeatKey[] = ["cleave", "chargedAttack", "versatileMaster"];

/** A `feat` item: which rule it grants. */
export interface FeatStats {
  readonly feat: FeatKey;
}

/** PHS-5 movement powers; PHS-7 battle actions. */
export type PowerKind = "movement" | "battle";
export const POWER_KINDS: readonly PowerKind[] = ["movement", "battle"];
export type BattleAction = "attack" | "activateItem" | "delay" | "defend" | "disengage";
export const BATTLE_ACTIONS: readonly BattleAction[] = ["attack", "activateItem", "delay", "defend", "disengage"];

/** A `power` item of the phase ruleset. */
export interface PowerStats {
  readonly kind: PowerKind;
  /** PHS-5 (movement powers): squares moved at most (whole, 0 or more). */
  readonly squares: number;
  /** PHS-6: leaving a threatened square provokes. */
  readonly provokes: boolean;
  /** The move keeps one direction (Charge). */
  readonly straightLine: boolean;
  /** PHS-7 (battle powers): the battle action it is used as. */
  readonly action: BattleAction;
}

/** A `gear` item. */
export interface GearStats {
  readonly quantity: number;
  /** Weight in pounds (0 or more). */
  readonly weight: number;
  /** Charges: `max` 0 for gear without any. */
  readonly uses: { readonly value: number; readonly max: number };
}

export interface ItemStatsByType {
  readonly weapon: WeaponStats;
  readonly spell: SpellStats;
  readonly armor: ArmorStats;
  readonly feat: FeatStats;
  readonly power: PowerStats;
  readonly gear: GearStats;
}

/** Default stats of a new item, by type (the models' `initial` values). */
export const ITEM_DEFAULTS: { readonly [T in ItemType]: ItemStatsByType[T] } = {
  weapon: {
    damage: "1d6",
    properties: { heavy: false, thrown: false, great: false, reach: false, versatile: false, light: false },
    apCost: null,
    constantDamage: false,
    speed: 0,
    group: "",
    damageKind: ITEM_USE_RULINGS.weaponDamageKind,
    statuses: "",
    statusesBypassShield: false,
    routineAttacks: null,
  },
  spell: {
    slotLevel: 0,
    castingTime: 1,
    castingAction: "action",
    damage: "",
    damageKind: ITEM_USE_RULINGS.spellDamageKind,
    area: { shape: "none", size: 0 },
    concentration: false,
    save: { ability: "", dc: null },
    use: "damage",
    shieldCondition: "",
    statuses: "",
    statusesBypassShield: false,
  },
  armor: { category: "light", acBonus: 0, armor: 0, dr: { physical: 0, elemental: 0, arcane: 0 }, equipped: true },
  feat: { feat: "cleave" },
  power: { kind: "movement", squares: 6, provokes: true, straightLine: false, action: "attack" },
  gear: { quantity: 1, weight: 0, uses: { value: 0, max: 0 } },
};
