/**
 * CNT-11: right after a creature's last action resolving in a round (or in the end step, the ruling), it
 * rolls a save against each ongoing effect that calls for one. The roll and the target are a Ruling
 * (ITEM_USE_RULINGS.ongoingSave: 1d20, 10 or more); which effects call for a save, and what a success
 * does, are PHS-12's (an effect's "ends" or "sustains").
 * The engine never rolls: it resolves the total it is given.
 */
import { ITEM_USE_RULINGS } from "../attack/item-use-rulings.ts";
import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import { die, probAtLeast } from "../dice/distribution.ts";
import { savingEffectOutcome, type EndPhaseSaveKind, type EndPhaseSaveResult } from "./end-phase-save.ts";

/** CNT-11: the save roll against an ongoing effect. */
export const ONGOING_SAVE_FORMULA = ITEM_USE_RULINGS.ongoingSave.formula;
/** CNT-11: the total that succeeds. */
export const ONGOING_SAVE_TARGET = ITEM_USE_RULINGS.ongoingSave.target;

/**
 * CNT-11: resolves one save against an ongoing effect. Errors: `Conditions.UnknownSaveKind`,
 * `Conditions.InvalidD20` for a total 1d20 cannot make.
 */
export function resolveOngoingSave(kind: EndPhaseSaveKind, total: number): Result<EndPhaseSaveResult> {
  if (kind !== "ends" && kind !== "sustains")
    return err("TEMPO.ERRORS.Conditions.UnknownSaveKind", { kind: shown(kind) });
  if (!Number.isInteger(total) || total < 1 || total > 20)
    return err("TEMPO.ERRORS.Conditions.InvalidD20", { total: shown(total) });
  return ok(savingEffectOutcome(kind, total >= ONGOING_SAVE_TARGET));
}

/** CNT-11: the exact chance that the save succeeds (11/20). */
export function ongoingSaveChance(): number {
  return probAtLeast(die(20), ONGOING_SAVE_TARGET);
}
