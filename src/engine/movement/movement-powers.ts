/**
 * PHS-5: the movement powers of the phase ruleset (Shift, Walk, Hustle, Run, Charge, Disengage).
 * The source names them but gives no distances, so they are data (compendium items) that the GM edits.
 *
 * Ruling, the default distances in squares: Shift 1 (does not provoke), Walk 6, Hustle 9, Run 12,
 * Charge 8 in a straight line, Disengage 2 (does not provoke, as the battle action PHS-11 says).
 */
import { err, ok, type Result } from "../core/result.ts";
import { SQUARE_FEET, type Square } from "./grid.ts";
import { startMovementTurn, type MovementTurn } from "./movement-turn.ts";
import { shown } from "../dice/checks.ts";

export type MovementPowerId = "shift" | "walk" | "hustle" | "run" | "charge" | "disengage";

export interface MovementPower {
  /** One of the six defaults, or a power a calling or role adds. */
  readonly id: string;
  /** How many squares the power moves at most. */
  readonly squares: number;
  /** Leaving a threatened square provokes opportunity attacks (PHS-6). */
  readonly provokes: boolean;
  /** The move must keep one direction (Charge). */
  readonly straightLine: boolean;
}

/** PHS-5: the six default movement powers (distances are the ruling above; the GM edits them). */
export const DEFAULT_MOVEMENT_POWERS: Readonly<Record<MovementPowerId, MovementPower>> = {
  shift: { id: "shift", squares: 1, provokes: false, straightLine: false },
  walk: { id: "walk", squares: 6, provokes: true, straightLine: false },
  hustle: { id: "hustle", squares: 9, provokes: true, straightLine: false },
  run: { id: "run", squares: 12, provokes: true, straightLine: false },
  charge: { id: "charge", squares: 8, provokes: true, straightLine: true },
  disengage: { id: "disengage", squares: 2, provokes: false, straightLine: false },
};

/** PHS-5: checks a (GM-edited) movement power. Errors: `Movement.InvalidDistance` when the distance is negative, fractional or not a number. */
export function validateMovementPower(power: MovementPower): Result<MovementPower> {
  if (!Number.isInteger(power.squares) || power.squares < 0) {
    return err("TEMPO.ERRORS.Movement.InvalidDistance", { power: power.id, squares: shown(power.squares) });
  }
  return ok(power);
}

/**
 * Starts a movement with a power: the phase ruleset counts squares, so a diagonal is one square and
 * difficult terrain two (PHS-6).
 */
export function startPowerMovement(power: MovementPower, position: Square): Result<MovementTurn> {
  const valid = validateMovementPower(power);
  if (!valid.ok) return valid;
  return startMovementTurn({
    diagonal: "five",
    speeds: { walk: power.squares * SQUARE_FEET },
    position,
    provokes: power.provokes,
    straight: power.straightLine,
  });
}
