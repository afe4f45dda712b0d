/**
 * PHS-12: in the end phase, each effect that calls for a save rolls 2d6; 7 or more ends the effect (or
 * sustains it, as the effect says). The chance is exactly 21/36.
 * The engine never rolls: it asks for the dice and resolves the total it is given.
 */
import { err, ok, type Result } from "../core/result.ts";
import { die, probAtLeast, repeat } from "../dice/distribution.ts";
import type { DiceRequest } from "../initiative/contract.ts";
import { shown } from "../dice/checks.ts";

/** PHS-12: the end-phase save roll. */
export const END_PHASE_SAVE_FORMULA = "2d6";
/** PHS-12: the total that succeeds. */
export const END_PHASE_SAVE_TARGET = 7;

/** `ends`: a success ends the effect (a status to shake off); `sustains`: a success keeps it going. */
export type EndPhaseSaveKind = "ends" | "sustains";

export interface EndPhaseSaveResult {
  readonly success: boolean;
  /** The effect is still on after this save. */
  readonly effectContinues: boolean;
}

/** PHS-12: the dice request for one effect's save. `requestId` must be unique within the scheduler's state. */
export function endPhaseSaveRequest(requestId: string, combatantId: string): DiceRequest {
  return {
    id: requestId,
    combatantId,
    groupId: null,
    formula: END_PHASE_SAVE_FORMULA,
    reason: "TEMPO.CONDITIONS.EndPhaseSave",
  };
}

/** PHS-12: resolves one save. Errors: `Conditions.UnknownSaveKind`, `Conditions.InvalidRoll` for a total 2d6 cannot make. */
export function resolveEndPhaseSave(kind: EndPhaseSaveKind, total: number): Result<EndPhaseSaveResult> {
  if (kind !== "ends" && kind !== "sustains")
    return err("TEMPO.ERRORS.Conditions.UnknownSaveKind", { kind: shown(kind) });
  if (!Number.isInteger(total) || total < 2 || total > 12)
    return err("TEMPO.ERRORS.Conditions.InvalidRoll", { total: shown(total) });
  return ok(savingEffectOutcome(kind, total >= END_PHASE_SAVE_TARGET));
}

/**
 * PHS-12, CNT-11: what a save's success or failure does to the effect it was against: a success ends an
 * "ends" effect and keeps a "sustains" one; a failure the other way round.
 */
export function savingEffectOutcome(kind: EndPhaseSaveKind, success: boolean): EndPhaseSaveResult {
  return { success, effectContinues: kind === "ends" ? !success : success };
}

/** PHS-12: the exact chance that the save succeeds (21/36). */
export function endPhaseSaveChance(): number {
  return probAtLeast(repeat(die(6), 2), END_PHASE_SAVE_TARGET);
}
