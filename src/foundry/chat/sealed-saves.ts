/**
 * Issue 18 (item 4): a save card about a creature hidden from players is sealed as its attack cards are
 * (sealed-cards.ts): it reaches every client (foundryvtt #14429, cited in hidden-targets.ts), so it names
 * the creature by its token (`spell.targetRef`) and holds neither the save's formula (the creature's save
 * bonus), nor its target (SEG-14 reads it off the creature's hit dice), nor the rule it follows, nor, once
 * rolled, the roll and its total: those are kept in the GM's browser (gm-kept-records.ts), keyed by the
 * message's id, and the card says only that it was rolled (`sealedRolled`). The save is still decided on
 * the GM's client from the recorded roll, checked against the save the spell and the creature call for
 * (spell-saves.ts `checkedSpellSave`); a player who owns the creature sends the roll to the active GM alone
 * (card-actions.ts). The GM's page draws the card with the save the documents call for and the kept roll.
 */
import type { CheckedSave, SpellSaveRoll } from "../../engine/index.ts";
import type { SaveCardInput } from "../../view/chat/save-card.ts";
import { gmKeptRecords } from "./gm-kept-records.ts";

/** What a GM's client keeps of a hidden creature's rolled save. */
export interface SealedSave {
  readonly total: number;
  readonly formula: string;
  readonly target: number;
  /** The roll's JSON (`Roll#toJSON()`), as the GM's check read it. */
  readonly roll: object;
}

function isSealedSave(value: unknown): value is SealedSave {
  const v = value as Partial<SealedSave> | null;
  return typeof v === "object" && v !== null && typeof v.total === "number" && typeof v.formula === "string";
}

const saves = gmKeptRecords("sealedSaves", "saves", isSealedSave);

/** Whether a save card's input is sealed (a spell save naming its creature by its token). */
export function isSealedSaveCard(input: unknown): boolean {
  const spell = typeof input === "object" && input !== null ? (input as { spell?: unknown }).spell : null;
  const ref = typeof spell === "object" && spell !== null ? (spell as { targetRef?: unknown }).targetRef : null;
  return typeof ref === "string" && ref !== "";
}

/** Whether a sealed save card was rolled (its total is the GM's). */
export function sealedSaveRolled(input: unknown): boolean {
  return typeof input === "object" && input !== null && (input as { sealedRolled?: unknown }).sealedRolled === true;
}

/**
 * A save card's input with what comes from the creature left out (the GM's page fills it in). Its roller is
 * the GM's: only the GMs see the card, and "its owner rolls" would tell that a player owns the creature.
 */
export function sealedSaveInput(input: SaveCardInput): SaveCardInput {
  const spell =
    input.spell === undefined || input.spell === null
      ? input.spell
      : { ...input.spell, rule: "", roller: "gm" as const };
  return { ...input, formula: "", target: 0, spell };
}

/** Keeps a hidden creature's checked save roll in this GM's browser; the card's one update marks it rolled. */
export function keepSealedSave(messageId: string, save: CheckedSave, roll: object): Record<string, unknown> {
  saves.set(messageId, { total: save.total, formula: save.formula, target: save.target, roll });
  return { "system.input.sealedRolled": true };
}

/** The kept roll of a sealed save card (undefined: none here). */
export function sealedSaveOf(messageId: string): SealedSave | undefined {
  return saves.get(messageId);
}

/**
 * A sealed save card as a GM's page draws it: the save the documents call for now (`save`, null: its spell
 * or creature is gone) and the roll kept here; any other card, or any other page, as it is.
 */
export function unsealedSave(input: SaveCardInput, save: SpellSaveRoll | null, messageId: string): SaveCardInput {
  if (!game.user.isGM || !isSealedSaveCard(input) || save === null) return input;
  const kept = sealedSaveOf(messageId);
  const spell = input.spell === undefined || input.spell === null ? input.spell : { ...input.spell, rule: save.rule };
  const rolled = kept === undefined ? {} : { total: kept.total, formula: kept.formula, target: kept.target };
  return { ...input, formula: save.formula, target: save.target, spell, ...rolled };
}
