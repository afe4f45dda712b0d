/**
 * ROT-8, ROT-9: a grapple or a trip as the table plays it from the sheet: the two creatures' skills in,
 * the contest's outcome and the condition a won contest puts on the target out. The Foundry layer rolls
 * the two d20s, spends the action (ACT-ROT: grapple a Full action, trip a Swift) and sets the condition.
 */
import type { Result } from "../core/result.ts";
import type { ConditionId } from "../conditions/status-table.ts";
import type { ContestOdds, ContestOutcome } from "./attack-outcome.ts";
import { grappleOdds, resolveGrapple, type GrappleSnapshot } from "./grapple.ts";
import { TRIP_UNMEASURED_FEET, resolveTrip, tripOdds, type TripSnapshot } from "./trip.ts";

export type RotationContestTask = "grapple" | "trip";

/** ROT-8 grappled, ROT-9 knocked down: what a won contest does to its target. */
export const CONTEST_CONDITION: Readonly<Record<RotationContestTask, ConditionId>> = {
  grapple: "grappled",
  trip: "knockedDown",
};

/** The two creatures' Vigor and Dexterity (rotation skills, seeds/004). */
export interface ContestSkills {
  readonly vigor: number;
  readonly dexterity: number;
}

function grappleSnapshot(attacker: ContestSkills, target: ContestSkills): GrappleSnapshot {
  // ROT-8: the target resists with Dexterity or Vigor; the ruling in grapple.ts takes the higher.
  return {
    attackerVigor: attacker.vigor,
    targetDexterity: target.dexterity,
    targetVigor: target.vigor,
    resistWith: null,
  };
}

function tripSnapshot(attacker: ContestSkills, target: ContestSkills): TripSnapshot {
  return {
    attackerDexterity: attacker.dexterity,
    targetDexterity: target.dexterity,
    distanceFeet: TRIP_UNMEASURED_FEET,
  };
}

/** ROT-8, ROT-9: the exact odds, also the check that both creatures' skills are valid before anything is spent. */
export function rotationContestOdds(
  task: RotationContestTask,
  attacker: ContestSkills,
  target: ContestSkills,
): Result<ContestOdds> {
  return task === "grapple" ? grappleOdds(grappleSnapshot(attacker, target)) : tripOdds(tripSnapshot(attacker, target));
}

/** ROT-8, ROT-9: the contest on two d20 faces (a tie goes to the target, opposed-roll.ts). */
export function resolveRotationContest(
  task: RotationContestTask,
  faces: { readonly attacker: number; readonly target: number },
  attacker: ContestSkills,
  target: ContestSkills,
): Result<ContestOutcome> {
  return task === "grapple"
    ? resolveGrapple(faces.attacker, faces.target, grappleSnapshot(attacker, target))
    : resolveTrip(faces.attacker, faces.target, tripSnapshot(attacker, target));
}
