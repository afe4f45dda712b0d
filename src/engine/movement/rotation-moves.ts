/**
 * ROT-11: the rotation ruleset's moves. Moving (a Full action) covers the creature's movement; a 5 ft
 * step (a Swift action) moves 5 ft; Disengage (a Full action) moves 5 ft without provoking attacks of
 * opportunity. Ruling (issue 21): a 5 ft step does not provoke either: it does not "keep moving" after
 * coming within 5 ft (ROT-10); move-consequences.ts decides who is provoked.
 * The action each costs is in `ROTATION_TASK_COST` (actions).
 */
import { err, type Result } from "../core/result.ts";
import { DIAGONAL_RULE_BY_RULESET, SQUARE_FEET, type Square } from "./grid.ts";
import { checkSpeeds, startMovementTurn, type MovementSpeeds, type MovementTurn } from "./movement-turn.ts";
import { shown } from "../dice/checks.ts";

export type RotationMove = "move" | "step" | "disengage";

/** ROT-11: the rotation ruleset's moves. */
export const ROTATION_MOVES: readonly RotationMove[] = ["move", "step", "disengage"];

/**
 * ROT-11: starts one move. `speeds` are the creature's speeds (for `move`); a step and Disengage move 5 ft in any
 * mode the creature has. Errors: `Movement.UnknownMove`, `Movement.InvalidSpeed`, `Movement.InvalidSquare`.
 */
export function startRotationMove(move: RotationMove, speeds: MovementSpeeds, position: Square): Result<MovementTurn> {
  if (!ROTATION_MOVES.includes(move)) return err("TEMPO.ERRORS.Movement.UnknownMove", { move: shown(move) });
  const diagonal = DIAGONAL_RULE_BY_RULESET.rotation;
  if (move === "move") return startMovementTurn({ diagonal, speeds, position });
  const capped = checkSpeeds(speeds, SQUARE_FEET);
  if (!capped.ok) return capped;
  return startMovementTurn({ diagonal, speeds: capped.value, position, provokes: false });
}
