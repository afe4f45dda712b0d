/**
 * A spell's save (issue 19): the spell item names an ability and a DC (SpellStats.save); RULES.md
 * names saves (PHS-12, SEG-10, CNT-14) but gives a spell's save no roll and no outcome.
 *
 * **Ruling** (spell saves, every ruleset but phase): the target rolls 1d20 + its modifier of the save
 * ability; the spell's DC or more succeeds. An ability the creature does not have adds nothing.
 * **Ruling** (PHS-12, phase): a phase save is PHS-12's roll, 2d6 (+ the ability modifier), 7 or more;
 * a DC written on the spell replaces the 7.
 * **Ruling** (outcome; the spell item has no outcome field): a spell with damage deals half its damage
 * (rounded down) on a success and all of it on a failure; a spell without damage has no effect on a
 * success and takes effect on a failure.
 * Pure.
 */
import { ABILITY_IDS, type AbilityId } from "../actors/actor-stats.ts";
import { ITEM_USE_RULINGS } from "./item-use-rulings.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { END_PHASE_SAVE_FORMULA, END_PHASE_SAVE_TARGET } from "../conditions/end-phase-save.ts";
import { HIT_DICE_SAVE_RULE, MONSTER_SAVE_FORMULA, monsterSaveRow } from "./monster-saves.ts";

/** What the card cites for the d20 spell save: it is a ruling, RULES.md has no rule ID for it. */
export const SPELL_SAVE_RULE = "Ruling";

/** The default DC of a d20 spell save whose spell names none (ITEM_USE_RULINGS.spellSave). */
export const SPELL_SAVE_DEFAULT_DC = ITEM_USE_RULINGS.spellSave.defaultDc;

export interface SpellSaveRoll {
  /** What the target rolls ("1d20 + 2"). */
  readonly formula: string;
  /** The total that succeeds (or more). */
  readonly target: number;
  /** The rule the card cites. */
  readonly rule: string;
}

export type SpellSaveOutcome = "halfDamage" | "fullDamage" | "noEffect" | "takesEffect";

/** Whether a spell calls for a save at all: it names an ability or a DC. */
export function spellCallsForSave(save: { readonly ability: string; readonly dc: number | null }): boolean {
  return save.ability.trim() !== "" || save.dc !== null;
}

/**
 * The target's modifier of the ability a spell names ("dex", "Dexterity": its first three letters);
 * 0 for an ability the creature does not have (the Ruling above).
 */
export function spellSaveModifier(abilities: Readonly<Record<AbilityId, number>>, ability: string): number {
  const id = ABILITY_IDS.find((a) => a === ability.trim().slice(0, 3).toLowerCase());
  return id === undefined ? 0 : abilities[id];
}

function withModifier(dice: string, modifier: number): string {
  if (modifier === 0) return dice;
  return modifier > 0 ? `${dice} + ${modifier}` : `${dice} - ${-modifier}`;
}

/** The save roll of a spell with `dc` under `ruleset`, for a target whose ability modifier is `modifier`. */
export function spellSaveRoll(ruleset: RulesetId, dc: number | null, modifier: number): SpellSaveRoll {
  if (ruleset === "phase")
    return {
      formula: withModifier(END_PHASE_SAVE_FORMULA, modifier),
      target: dc ?? END_PHASE_SAVE_TARGET,
      rule: "PHS-12",
    };
  return {
    formula: withModifier(ITEM_USE_RULINGS.spellSave.dice, modifier),
    target: dc ?? SPELL_SAVE_DEFAULT_DC,
    rule: SPELL_SAVE_RULE,
  };
}

/**
 * The save a creature rolls against a spell: SEG-14's Monster Save Table by its save hit dice in the
 * segment ruleset when it has hit dice (monster-saves.ts ruling: no ability, no DC), else `spellSaveRoll`.
 */
export function creatureSaveRoll(
  ruleset: RulesetId,
  dc: number | null,
  modifier: number,
  saveHitDice: number | null,
): SpellSaveRoll {
  if (ruleset === "segment" && saveHitDice !== null) {
    const row = monsterSaveRow(saveHitDice);
    if (row.ok) return { formula: MONSTER_SAVE_FORMULA, target: row.value.target, rule: HIT_DICE_SAVE_RULE };
  }
  return spellSaveRoll(ruleset, dc, modifier);
}

/** What a success or a failure does, as the ruling above decides. */
export function spellSaveOutcome(hasDamage: boolean, success: boolean): SpellSaveOutcome {
  if (hasDamage) return success ? "halfDamage" : "fullDamage";
  return success ? "noEffect" : "takesEffect";
}

/** The damage a save leaves of a rolled `total`: half, rounded down, on a success. */
export function damageAfterSave(total: number, success: boolean): number {
  return success ? Math.floor(total / 2) : total;
}
