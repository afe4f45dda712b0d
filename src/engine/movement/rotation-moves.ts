/**
 * ROT-11: the rotation ruleset's moves. Moving (a Full action) covers the creature's movement; a 5 ft
 * step (a Swift action) moves 5 ft; Disengage (a Full action) moves 5 ft without provoking attacks of
 * opportunity. Ruling: only Disengage avoids them; a 5 ft step provokes like any other move (ROT-10).
 * The action each costs is in `ROTATION_TASK_COST` (actions).
 */
import { err, type Result } from "../core/result.ts";
import { DIAGONAL_RULE_BY_RULESET, SQUARE_FEET, type Square } from "./grid.ts";
import { startMovementTurn, type MovementMode, type MovementTurn } from "./movement-turn.ts";

export type RotationMove = "move" | "step" | "disengage";

/**
 * Starts one move. `speeds` are the creature's speeds (for `move`); a step and Disengage move 5 ft in any
 * mode the creature has. Errors: `Movement.InvalidSpeed`, `Movement.InvalidSquare`.
 */
export function startRotationMove(move: RotationMove, speeds: Readonly<Partial<Record<MovementMode, number>>>, position: Square): Result<MovementTurn> {
  const diagonal = DIAGONAL_RULE_BY_RULESET.rotation;
  if (move === "move") return startMovementTurn({ diagonal, speeds, position });
  const capped: Partial<Record<MovementMode, number>> = {};
  for (const [mode, speed] of Object.entries(speeds) as [MovementMode, number | undefined][]) {
    if (speed === undefined) continue;
    if (!Number.isFinite(speed) || speed < 0) return err("TEMPO.ERRORS.Movement.InvalidSpeed", { mode, speed: String(speed) });
    capped[mode] = Math.min(speed, SQUARE_FEET);
  }
  return startMovementTurn({ diagonal, speeds: capped, position, provokes: move !== "disengage" });
}
