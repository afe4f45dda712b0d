import { err, ok, type Result } from "../core/result.ts";
import type { ContestOdds, ContestOutcome } from "./attack-outcome.ts";
import { isRecord, shown } from "../dice/checks.ts";
import { noteOnSuccess, snapshotInvalid } from "./d20-roll.ts";
import { opposedRollOdds, resolveOpposedRoll } from "./opposed-roll.ts";

/** ROT-9: a trip reaches a target within 5 ft. */
export const TRIP_REACH_FEET = 5;

/**
 * ROT-9. **Ruling (issue 19):** until the canvas measures distances (issue 21), a trip made from the sheet
 * is taken as within reach of its one target: the player targets an adjacent creature and the GM judges it.
 */
export const TRIP_UNMEASURED_FEET = TRIP_REACH_FEET;

export interface TripSnapshot {
  readonly attackerDexterity: number;
  readonly targetDexterity: number;
  /** Centre-to-centre distance to the target in feet (MOV-1), measured by the caller. */
  readonly distanceFeet: number;
}

function checkReach(s: TripSnapshot): Result<TripSnapshot> {
  if (!isRecord(s)) return snapshotInvalid("snapshot");
  if (!Number.isFinite(s.distanceFeet) || s.distanceFeet < 0 || s.distanceFeet > TRIP_REACH_FEET) {
    return err("TEMPO.ERRORS.Attack.TripOutOfReach", { distance: shown(s.distanceFeet), reach: TRIP_REACH_FEET });
  }
  return ok(s);
}

/**
 * ROT-9: both roll Dexterity; if the attacker is higher (a tie fails, as RULES.md says "higher"), the
 * target is knocked down at the start of its own turn and must spend an action to stand before acting.
 * The knock-down itself is a condition the conditions area applies from the note.
 */
export function resolveTrip(attackerFace: number, targetFace: number, snapshot: TripSnapshot): Result<ContestOutcome> {
  const reach = checkReach(snapshot);
  if (!reach.ok) return reach;
  return noteOnSuccess(
    resolveOpposedRoll(attackerFace, targetFace, snapshot.attackerDexterity, snapshot.targetDexterity),
    "TEMPO.ATTACK.Note.KnockedDownNextTurn",
  );
}

/** ROT-9: exact chance that a trip succeeds. */
export function tripOdds(snapshot: TripSnapshot): Result<ContestOdds> {
  const reach = checkReach(snapshot);
  if (!reach.ok) return reach;
  return opposedRollOdds(snapshot.attackerDexterity, snapshot.targetDexterity);
}
