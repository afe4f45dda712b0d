/**
 * The statistics a creature (a `character` or `npc` actor) carries for the five rulesets, as plain
 * JSON: what the Foundry layer stores in `Actor.system` and hands to `validateActorStats` and
 * `deriveActorValues`. Every ruleset reads only its own part; the others sit unused.
 */
import type { DrValues } from "../damage/damage-reduction.ts";
import type { HostSide } from "../host/ruleset-host.ts";
import type { MovementMode } from "../movement/movement-turn.ts";

/**
 * Ability modifiers (the numbers the rules add, not d20 scores): STR, DEX, CON, INT, WIS, CHA for the
 * d20 rulesets (CNT-1 INT and DEX, STD-1 DEX), AGI with INT for phase rounds (PHS-2).
 */
export type AbilityId = "str" | "dex" | "con" | "int" | "wis" | "cha" | "agi";

export const ABILITY_IDS: readonly AbilityId[] = ["str", "dex", "con", "int", "wis", "cha", "agi"];

/** The rotation ruleset's skills (seeds/004): Sneak (STL-1), Cognition (STL-2), Intellect, Vigor (ROT-8), Dexterity (ROT-9). */
export type SkillId = "sneak" | "cognition" | "intellect" | "vigor" | "dexterity";

export const SKILL_IDS: readonly SkillId[] = ["sneak", "cognition", "intellect", "vigor", "dexterity"];

/** ATK-ROT-1: the skill bonus with one proficiency group of weapons, and whether the creature is proficient. */
export interface WeaponSkill {
  readonly group: string;
  readonly bonus: number;
  readonly proficient: boolean;
}

/** A pool with a current value and a maximum (hit points, AP). */
export interface Pool {
  readonly value: number;
  readonly max: number;
}

/**
 * OSH-1…OSH-6 as a sheet stores it: `effect` "" means no overshield; `max` 0 with an effect is a shield
 * without hit points that lasts until its `condition` is met (OSH-6).
 */
export interface StoredOvershield extends Pool {
  readonly dr: DrValues;
  readonly effect: string;
  readonly condition: string;
}

/** The defences each ruleset reads: AC (count, standard), descending AC (SEG-12), DEF (PHS-8), Dodge and Armor (ATK-ROT-1). */
export interface Defenses {
  readonly ac: number;
  readonly descendingAc: number;
  readonly def: number;
  readonly dodge: number;
  readonly armor: number;
}

export interface ActorStats {
  readonly abilities: Readonly<Record<AbilityId, number>>;
  /** CNT-15, FEAT-CHARGED: the primary weapon ability, whose modifier multiplies and charges damage. */
  readonly primaryAbility: AbilityId;
  readonly initiative: {
    /** ROT-1: the initiative modifiers (start at +0). */
    readonly modifier: number;
    /** SEG-17: the Dexterity reaction adjustment. */
    readonly dexReaction: number;
  };
  readonly hp: Pool;
  readonly overshield: StoredOvershield;
  /** DR-1: the creature's own three DR kinds. */
  readonly dr: DrValues;
  /** AP-1: the creature's AP (a rate per Full action, not a pool that drains). */
  readonly ap: Pool;
  /** ATK-ROT-4: a die above this (a natural 20 read as 25) is a critical. */
  readonly criticalThreshold: number;
  readonly skills: Readonly<Record<SkillId, number>>;
  readonly weaponSkills: readonly WeaponSkill[];
  /** PHS-8: the creature's tier. */
  readonly tier: number;
  /** PHS-8: the attack (ATK) modifier its attacks add to 2d6 (whole, may be negative). */
  readonly atk: number;
  /** SEG-13: the class level (0: none). */
  readonly level: number;
  /** SEG-13, SEG-14: printed hit dice such as "4" or "4+4"; "" for none. */
  readonly hitDice: string;
  /** SEG-12: AAC0 from the creature's class table, used when it attacks by class (SEG-13); null: none. */
  readonly aac0: number | null;
  readonly defenses: Defenses;
  /** STD-8: speed in feet per movement mode (0: the creature does not move that way). */
  readonly speeds: Readonly<Record<MovementMode, number>>;
  /** The side the creature fights on; null: decided by ownership and token disposition. */
  readonly side: HostSide | null;
}

/** The sides a creature can be on, as the tracker reads them (HostSide). */
export const ACTOR_SIDES: readonly HostSide[] = ["pc", "ally", "enemy"];

/** ATK-ROT-4: the range of critical thresholds that mean something (25: a natural 20 is never above it). */
export const CRITICAL_THRESHOLD_MIN = 1;
export const CRITICAL_THRESHOLD_MAX = 25;

/** PHS-8: tiers start at 1. */
export const TIER_MIN = 1;
