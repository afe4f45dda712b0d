/**
 * A creature's movement this turn measured as segments (STD-7, STD-8, PHS-6): each segment is the
 * mode it was moved in and the feet it cost (its steps costed by `stepCost`, backtracking included).
 * What the segments already walked spent, what each speed has left, and whether planned segments fit.
 *
 * STD-8: every foot counts against all speeds; a segment in a mode fits only while the total moved,
 * that segment included, stays within that mode's speed (walk 30 / swim 45: walk 30, then swim 15;
 * swim 30 first, then no walking).
 * **Ruling:** a way of moving that is not one of the creature's modes (crawling, jumping) counts as
 * walking; a teleport is not movement and is left out by the caller.
 * PHS-6: once the creature is Slowed during its movement, its movement has ended: nothing is left and
 * no planned segment fits.
 */
import { err, ok, type Result } from "../core/result.ts";
import { checkSpeeds, MOVEMENT_MODES, type MovementMode, type MovementSpeeds } from "./movement-turn.ts";
import { stepCost, type DiagonalRule, type Square } from "./grid.ts";

export interface MovedSegment {
  /** The movement action's name (walk, swim, climb, fly, burrow; others count as walk). */
  readonly mode: string;
  readonly feet: number;
}

export interface MovementBudget {
  /** Feet moved this turn, the planned segments included. */
  readonly movedFeet: number;
  /** Feet left in each mode the creature has. */
  readonly remaining: Readonly<Partial<Record<MovementMode, number>>>;
  readonly ended: boolean;
}

/** STD-8 (see the ruling above): the creature's mode for a movement action. */
export function movementModeOf(action: string): MovementMode {
  return MOVEMENT_MODES.find((mode) => mode === action) ?? "walk";
}

/**
 * STD-7, STD-8, PHS-6: the budget after `walked` (already done, counted as they are) and `planned`
 * (each must fit). Errors: `Movement.InvalidSpeed`, `Movement.Ended`, `Movement.NoSpeed`,
 * `Movement.TooFar`.
 */
export function movementBudget(
  speeds: MovementSpeeds,
  walked: readonly MovedSegment[],
  planned: readonly MovedSegment[],
  ended: boolean,
): Result<MovementBudget> {
  const checked = checkSpeeds(speeds);
  if (!checked.ok) return checked;
  let moved = 0;
  for (const segment of walked) moved += Math.max(0, segment.feet);
  for (const segment of planned) {
    if (segment.feet <= 0) continue;
    if (ended) return err("TEMPO.ERRORS.Movement.Ended");
    const mode = movementModeOf(segment.mode);
    const speed = checked.value[mode] ?? 0;
    if (speed <= 0) return err("TEMPO.ERRORS.Movement.NoSpeed", { mode });
    if (moved + segment.feet > speed)
      return err("TEMPO.ERRORS.Movement.TooFar", { mode, cost: segment.feet, left: Math.max(0, speed - moved) });
    moved += segment.feet;
  }
  const remaining: Partial<Record<MovementMode, number>> = {};
  for (const mode of MOVEMENT_MODES) {
    const speed = checked.value[mode];
    if (speed !== undefined && speed > 0) remaining[mode] = ended ? 0 : Math.max(0, speed - moved);
  }
  return ok({ movedFeet: moved, remaining, ended });
}

/**
 * MOV-1, STD-7, PHS-6: the cost of one grid step as a measuring tool asks for it: `from` and `to` are
 * squares; a step that is not to an adjacent square (a gridless measure) keeps `fallback`.
 */
export function gridStepCost(
  from: Square,
  to: Square,
  rule: DiagonalRule,
  diagonalsBefore: number,
  difficult: boolean,
  fallback: number,
): number {
  const dx = Math.abs(from.x - to.x);
  const dy = Math.abs(from.y - to.y);
  if (Math.max(dx, dy) !== 1) return fallback;
  return stepCost(from, to, rule, diagonalsBefore, difficult);
}
