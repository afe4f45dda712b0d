/**
 * Issue 18: a save's outcome comes from the roll the card records, checked against the rules' save
 * (never from a posted total, nor from a formula or target the card's author wrote):
 * - PHS-12 end-phase save: END_PHASE_SAVE_FORMULA (2d6), END_PHASE_SAVE_TARGET (7);
 * - CNT-11 save against an ongoing effect: ONGOING_SAVE_FORMULA (1d20), ONGOING_SAVE_TARGET (10), a Ruling;
 * - CNT-14 death save and SEG-10 concentration check: ITEM_USE_RULINGS' classic d20 save (a Ruling).
 * Only a GM's card counts for an end-phase save, an ongoing effect's save or a death save (the GM's client posts them from the
 * engine's events); a concentration check may be anyone's (it is posted by whoever applied the damage,
 * and only a failure changes anything: the concentration is lost).
 * Pure.
 */
import { ITEM_USE_RULINGS } from "../attack/item-use-rulings.ts";
import { END_PHASE_SAVE_FORMULA, END_PHASE_SAVE_TARGET } from "../conditions/end-phase-save.ts";
import { ONGOING_SAVE_FORMULA, ONGOING_SAVE_TARGET } from "../conditions/ongoing-save.ts";
import { err, ok, type Result } from "../core/result.ts";
import { recordedRollTotal, type RecordedRoll } from "./recorded-roll.ts";

export type RulesSaveKind = "endPhase" | "ongoing" | "death" | "concentration";

export interface RulesSave {
  readonly formula: string;
  readonly target: number;
}

/** The save the rules call for, or null for a kind they do not know. */
export function rulesSave(kind: unknown): RulesSave | null {
  if (kind === "endPhase") return { formula: END_PHASE_SAVE_FORMULA, target: END_PHASE_SAVE_TARGET };
  if (kind === "ongoing") return { formula: ONGOING_SAVE_FORMULA, target: ONGOING_SAVE_TARGET };
  if (kind === "death") return { ...ITEM_USE_RULINGS.deathSave };
  if (kind === "concentration") return { ...ITEM_USE_RULINGS.concentrationCheck };
  return null;
}

export interface CheckedSave extends RulesSave {
  /** The total of the recorded dice. */
  readonly total: number;
}

/**
 * The rules' save of the card's kind and the total of the recorded roll, when the card is one the GM
 * trusts and the roll is of the rules' formula. Errors: `Trust.SaveKind`, `Trust.SaveNotGm`, and those
 * of recordedRollTotal.
 */
export function checkedSaveRoll(
  card: { readonly kind: unknown; readonly authorIsGM: boolean },
  roll: RecordedRoll | null,
): Result<CheckedSave> {
  const { kind } = card;
  const save = rulesSave(kind);
  if (save === null) return err("TEMPO.ERRORS.Trust.SaveKind", { kind: String(kind) });
  if (!card.authorIsGM && kind !== "concentration") return err("TEMPO.ERRORS.Trust.SaveNotGm");
  if (roll === null) return err("TEMPO.ERRORS.Trust.RollFormula", { formula: "?", expected: save.formula });
  const total = recordedRollTotal(save.formula, roll);
  return total.ok ? ok({ ...save, total: total.value }) : total;
}
