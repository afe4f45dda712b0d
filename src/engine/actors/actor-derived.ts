/**
 * The values a creature's sheet shows but never stores (Foundry's prepareDerivedData writes them under
 * `system.derived`), each computed by the rule area that owns the rule.
 */
import type { RulesetId } from "../initiative/contract.ts";
import { swingsPerAction } from "../damage/action-points.ts";
import type { DrMode } from "../damage/damage-reduction.ts";
import type { Overshield } from "../damage/overshield.ts";
import {
  enhancedHitDice,
  monsterAttackTable,
  parseHitDice,
  type AttackTableChoice,
  type EnhancedHitDice,
} from "../attack/monster-hit-dice.ts";
import { wornArmorClass, type WornArmor, type WornArmorClass } from "../attack/segment-attack.ts";
import type { ActorStats } from "./actor-stats.ts";
import { initiativeModifiers } from "./actor-initiative.ts";
import { overshieldOf } from "./actor-overshield.ts";
import { actionBudgets, type ActionBudgets, type ActorActionOverrides } from "./actor-actions.ts";

/** A weapon the creature carries, as far as AP-1 and AP-2 pace it. */
export interface CarriedWeapon {
  readonly id: string;
  readonly apCost: number | null;
  readonly constantDamage: boolean;
}

export interface ActorDeriveOptions {
  /** DR-2 *(setting)*: the world's choice, shown beside the DR values. */
  readonly drMode: DrMode;
  readonly weapons: readonly CarriedWeapon[];
  /** SEG-16: what the creature stores about its action resources; absent: the rules' default. */
  readonly actions?: ActorActionOverrides;
  /** SEG-12: its armour and shield items; absent: none. */
  readonly armor?: readonly WornArmor[];
}

export interface ActorDerived {
  /** The modifier of each ruleset's initiative roll (actor-initiative.ts). */
  readonly initiative: Readonly<Record<RulesetId, number>>;
  /** SEG-14: what the hit dice give, or null without (valid) hit dice. */
  readonly hitDice: EnhancedHitDice | null;
  /** SEG-13: the attack table the creature uses, or null without hit dice. */
  readonly attackTable: AttackTableChoice | null;
  /** SEG-12: the AAC0 the creature attacks with (its hit dice row, else its class table's), or null. */
  readonly aac0: number | null;
  /** SEG-12: its descending AC with the bonuses of the armour and shields it wears (attacks use this one). */
  readonly descendingAc: WornArmorClass;
  /** OSH-1: the overshield as the damage pipeline takes it, or null. */
  readonly overshield: Overshield | null;
  /** DR-2: how the creature's DR applies in this world. */
  readonly drMode: DrMode;
  /** AP-1: swings per Full action of each carried AP weapon by id (null: constant damage or no AP cost, AP-2). */
  readonly swings: Readonly<Record<string, number | null>>;
  /** CNT-15, FEAT-CHARGED: the modifier of the primary weapon ability. */
  readonly primaryModifier: number;
  /** ATK-ROT-2, DR-3: the creature counts as a player character. */
  readonly isPlayer: boolean;
  /** STD-6, ACT-ROT, SEG-9, CNT-12, PHS-7: each ruleset's action budget for a fresh turn (actor-actions.ts). */
  readonly actions: ActionBudgets;
}

function hitDiceValues(stats: ActorStats): { hitDice: EnhancedHitDice | null; attackTable: AttackTableChoice | null } {
  if (stats.hitDice.trim() === "") return { hitDice: null, attackTable: null };
  const parsed = parseHitDice(stats.hitDice);
  if (!parsed.ok) return { hitDice: null, attackTable: null };
  const enhanced = enhancedHitDice(parsed.value);
  const table = monsterAttackTable(parsed.value, stats.level > 0 ? stats.level : null);
  return { hitDice: enhanced.ok ? enhanced.value : null, attackTable: table.ok ? table.value : null };
}

function swingsOf(stats: ActorStats, weapons: readonly CarriedWeapon[]): Record<string, number | null> {
  const swings: Record<string, number | null> = {};
  for (const weapon of weapons) {
    if (weapon.constantDamage || weapon.apCost === null) {
      swings[weapon.id] = null;
      continue;
    }
    // AP-1: AP is a rate, not a pool: the creature's AP (`ap.max`, the sheet's AP), never what is "left".
    const result = swingsPerAction(stats.ap.max, weapon.apCost);
    swings[weapon.id] = result.ok ? result.value : null;
  }
  return swings;
}

/** CNT-15, FEAT-CHARGED: the modifier of the creature's primary weapon ability. */
export function primaryModifierOf(stats: ActorStats): number {
  return stats.abilities[stats.primaryAbility];
}

/** ATK-ROT-1: the creature's skill with a proficiency group; none known (or no group): +0, not proficient. */
export function weaponSkillFor(stats: ActorStats, group: string): { bonus: number; proficient: boolean } {
  const skill = stats.weaponSkills.find((s) => s.group === group && group !== "");
  return skill === undefined ? { bonus: 0, proficient: false } : { bonus: skill.bonus, proficient: skill.proficient };
}

/**
 * Everything derived from a creature's statistics. Statistics that fail `validateActorStats` derive
 * what they can: a value whose inputs are invalid comes out null rather than wrong.
 */
export function deriveActorValues(stats: ActorStats, options: ActorDeriveOptions): ActorDerived {
  const { hitDice, attackTable } = hitDiceValues(stats);
  const shield = overshieldOf(stats.overshield);
  const aac0 = attackTable?.table === "monster" ? attackTable.aac0 : stats.aac0;
  return {
    initiative: initiativeModifiers(stats),
    hitDice,
    attackTable,
    aac0,
    descendingAc: wornArmorClass(stats.defenses.descendingAc, options.armor ?? []),
    overshield: shield.ok ? shield.value : null,
    drMode: options.drMode,
    swings: swingsOf(stats, options.weapons),
    primaryModifier: primaryModifierOf(stats),
    isPlayer: stats.side === "pc",
    actions: actionBudgets(options.actions),
  };
}
