/**
 * The spell-save part of the save card (issue 19): who rolls (the target's owner, or the GM for a
 * creature no player owns), against what (the spell's ability and DC, the roll the ruleset uses:
 * engine spellSaveRoll), and what a success and a failure do (engine spellSaveOutcome's ruling: half
 * damage or full damage for a damaging spell, no effect or the spell's effect for one without damage).
 */
import {
  HIT_DICE_SAVE_RULE,
  spellSaveOutcome,
  type I18nKey,
  type Message,
  type SpellSaveOutcome,
} from "../../engine/index.ts";

export interface SpellSaveFacts {
  /** The caster's name. */
  readonly caster: string;
  /** The spell's save ability as the item names it ("dex"); "" when it names none. */
  readonly ability: string;
  /** Whether the spell deals damage (its outcome is then half or full damage). */
  readonly hasDamage: boolean;
  /** Who rolls: the target's owner (a player) or the GM. */
  readonly roller: "owner" | "gm";
  /** The rule the roll follows (PHS-12 in phase, else the spell-save Ruling). */
  readonly rule: string;
  /** Issue 18: the spell and the target, read again when the roll is checked (never the card's numbers). */
  readonly itemUuid: string;
  readonly targetUuid: string;
}

export interface SpellSaveLines {
  readonly roller: Message;
  readonly against: Message;
  readonly onSuccess: Message;
  readonly onFailure: Message;
}

const OUTCOME_KEYS: Readonly<Record<SpellSaveOutcome, I18nKey>> = {
  halfDamage: "TEMPO.CHAT.Save.SpellHalfDamage",
  fullDamage: "TEMPO.CHAT.Save.SpellFullDamage",
  noEffect: "TEMPO.CHAT.Save.SpellNoEffect",
  takesEffect: "TEMPO.CHAT.Save.SpellTakesEffect",
};

/** What a success (or failure) against `spell` does, in words. */
export function spellOutcomeMessage(facts: SpellSaveFacts, spell: string, success: boolean): Message {
  return { key: OUTCOME_KEYS[spellSaveOutcome(facts.hasDamage, success)], data: { spell } };
}

/** The card's lines before and after the roll: roller, ability and DC, each outcome. */
export function spellSaveLines(facts: SpellSaveFacts, name: string, spell: string, target: number): SpellSaveLines {
  const ability = facts.ability.trim() === "" ? "—" : facts.ability.trim().toUpperCase();
  return {
    roller: {
      key: facts.roller === "gm" ? "TEMPO.CHAT.Save.SpellRollerGm" : "TEMPO.CHAT.Save.SpellRollerOwner",
      data: { name },
    },
    // SEG-14: a creature with hit dice saves by them, with no ability and no DC (engine creatureSaveRoll).
    against:
      facts.rule === HIT_DICE_SAVE_RULE
        ? { key: "TEMPO.CHAT.Save.SpellAgainstHitDice", data: { target, caster: facts.caster, spell } }
        : { key: "TEMPO.CHAT.Save.SpellAgainst", data: { ability, dc: target, caster: facts.caster, spell } },
    onSuccess: spellOutcomeMessage(facts, spell, true),
    onFailure: spellOutcomeMessage(facts, spell, false),
  };
}
