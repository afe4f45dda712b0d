/**
 * ROT-8, ROT-9: a grapple, a trip or a grapple escape as the table plays it from the sheet: the two
 * creatures' skills in, the contest's outcome and the condition a won contest sets or ends out. The
 * Foundry layer rolls the two d20s, spends the action (ACT-ROT: grapple a Full action, trip a Swift) and
 * sets the condition; standing up ends knocked down without a roll.
 *
 * **Rulings:** escaping a grapple (ROT-8: "until it wins a Vigor roll against the grappler") is a Full
 * action, as the grapple is; the grappled creature rolls Vigor against its grappler's Vigor (the user's
 * one target), a tie goes to the grappler, and a win ends its own grappled status. Standing up (ROT-9) is
 * a Full action that ends knocked down. Either is refused, with nothing spent, by a creature without the
 * status it ends.
 */
import type { Message, Result } from "../core/result.ts";
import type { ConditionId } from "../conditions/status-table.ts";
import type { ContestOdds, ContestOutcome } from "./attack-outcome.ts";
import {
  grappleEscapeOdds,
  grappleOdds,
  resolveGrapple,
  resolveGrappleEscape,
  type GrappleEscapeSnapshot,
  type GrappleSnapshot,
} from "./grapple.ts";
import { TRIP_UNMEASURED_FEET, resolveTrip, tripOdds, type TripSnapshot } from "./trip.ts";

export type RotationContestTask = "grapple" | "trip" | "escape";

/** What a won contest does: sets a condition on its target, or ends one on the creature itself. */
export interface ContestEffect {
  readonly condition: ConditionId;
  readonly on: "target" | "self";
  readonly active: boolean;
}

/** ROT-8 grappled, ROT-9 knocked down set on the target; ROT-8's escape ends the escaper's own grapple. */
export const CONTEST_EFFECT: Readonly<Record<RotationContestTask, ContestEffect>> = {
  grapple: { condition: "grappled", on: "target", active: true },
  trip: { condition: "knockedDown", on: "target", active: true },
  escape: { condition: "grappled", on: "self", active: false },
};

/** ROT-8, ROT-9: the status a task ends on the creature that does it (escape a grapple, stand up). */
export const TASK_ENDS_STATUS: Readonly<Record<"escape" | "standUp", ConditionId>> = {
  escape: "grappled",
  standUp: "knockedDown",
};

const NOT_HELD = {
  escape: "TEMPO.ERRORS.Rotation.NotGrappled",
  standUp: "TEMPO.ERRORS.Rotation.NotKnockedDown",
} as const;

/** ROT-8, ROT-9: why the creature cannot escape or stand up (it has not the status the task ends), or null. */
export function statusTaskRefusal(task: "escape" | "standUp", statuses: ReadonlySet<string>): Message | null {
  return statuses.has(TASK_ENDS_STATUS[task]) ? null : { key: NOT_HELD[task] };
}

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

/** ROT-8: the escaper's Vigor against the grappler's (the ruling above). */
function escapeSnapshot(escaper: ContestSkills, grappler: ContestSkills): GrappleEscapeSnapshot {
  return { grappledVigor: escaper.vigor, grapplerVigor: grappler.vigor };
}

/** ROT-8, ROT-9: the exact odds, also the check that both creatures' skills are valid before anything is spent. */
export function rotationContestOdds(
  task: RotationContestTask,
  attacker: ContestSkills,
  target: ContestSkills,
): Result<ContestOdds> {
  if (task === "escape") return grappleEscapeOdds(escapeSnapshot(attacker, target));
  return task === "grapple" ? grappleOdds(grappleSnapshot(attacker, target)) : tripOdds(tripSnapshot(attacker, target));
}

/** ROT-8, ROT-9: the contest on two d20 faces (a tie goes to the target, opposed-roll.ts). */
export function resolveRotationContest(
  task: RotationContestTask,
  faces: { readonly attacker: number; readonly target: number },
  attacker: ContestSkills,
  target: ContestSkills,
): Result<ContestOutcome> {
  if (task === "escape") return resolveGrappleEscape(faces.attacker, faces.target, escapeSnapshot(attacker, target));
  return task === "grapple"
    ? resolveGrapple(faces.attacker, faces.target, grappleSnapshot(attacker, target))
    : resolveTrip(faces.attacker, faces.target, tripSnapshot(attacker, target));
}
