/**
 * One creature's movement during one turn (STD-7, STD-8, PHS-6): where it is, the path walked, and
 * the feet spent, as plain JSON for `Combatant.system`.
 *
 * STD-8: several speeds are used in tandem. Every foot moved counts against all of them, and a step in
 * a mode is allowed only if the total moved this turn, that step included, stays within that mode's
 * speed (walk 30 / swim 45: walk 30, then swim 15 more; swim 30 first, then no walking).
 * **Ruling:** RULES.md says a mode is usable "while the total moved is below its speed"; the source adds
 * that movement "does not exceed" the speeds, so a step that would end past the speed is refused (28 ft
 * walked of 30: no further 5 ft step).
 */
import { err, ok, type Result } from "../core/result.ts";
import {
  checkDiagonalRule,
  DIAGONAL_RULES,
  isAdjacentSquare,
  isDiagonalStep,
  isValidSquare,
  sameSquare,
  stepCost,
  type DiagonalRule,
  type Square,
} from "./grid.ts";
import { shown } from "../dice/checks.ts";

export type MovementMode = "walk" | "swim" | "fly" | "climb" | "burrow";

/** STD-8: the movement modes a creature may have speeds in. */
export const MOVEMENT_MODES: readonly MovementMode[] = ["walk", "swim", "fly", "climb", "burrow"];

export type MovementSpeeds = Readonly<Partial<Record<MovementMode, number>>>;

export interface MovementTurn {
  readonly diagonal: DiagonalRule;
  readonly speeds: MovementSpeeds;
  /** Squares walked this turn, the starting square first; the last one is where the creature is. */
  readonly path: readonly Square[];
  readonly movedFeet: number;
  /** Diagonal steps taken this turn (the alternating rule counts across moves). */
  readonly diagonals: number;
  /** Leaving a threatened square provokes (false for Shift, Disengage: PHS-5, PHS-11, ROT-11). */
  readonly provokes: boolean;
  /** Every step must keep the first step's direction (a Charge). */
  readonly straight: boolean;
  /** The movement is over (PHS-6: the creature became Slowed); no step is allowed any more. */
  readonly ended: boolean;
}

export interface MovementTurnInput {
  readonly diagonal: DiagonalRule;
  readonly speeds: MovementSpeeds;
  readonly position: Square;
  readonly provokes?: boolean;
  readonly straight?: boolean;
}

export interface MovementStep {
  readonly to: Square;
  readonly mode: MovementMode;
  /** The square entered is difficult terrain: it costs two squares (PHS-6). */
  readonly difficult?: boolean;
}

/**
 * STD-8: the creature's speeds, known modes only, each a finite number of feet ≥ 0, capped at `cap` feet
 * (a 5 ft step). Errors: `Movement.InvalidSpeed`.
 */
export function checkSpeeds(speeds: MovementSpeeds, cap = Number.POSITIVE_INFINITY): Result<MovementSpeeds> {
  const checked: Partial<Record<MovementMode, number>> = {};
  for (const mode of MOVEMENT_MODES) {
    const speed = speeds[mode];
    if (speed === undefined) continue;
    if (!(Number.isFinite(speed) && speed >= 0))
      return err("TEMPO.ERRORS.Movement.InvalidSpeed", { mode, speed: shown(speed) });
    checked[mode] = Math.min(speed, cap);
  }
  return ok(checked);
}

/**
 * STD-7, STD-8, PHS-6: starts one creature's movement for a turn. Errors: `Movement.InvalidSpeed` (negative
 * or not a number), `Movement.InvalidDiagonalRule`, `Movement.InvalidSquare`.
 */
export function startMovementTurn(input: MovementTurnInput): Result<MovementTurn> {
  const speeds = checkSpeeds(input.speeds);
  if (!speeds.ok) return speeds;
  const rule = checkDiagonalRule(input.diagonal);
  if (!rule.ok) return rule;
  if (!isValidSquare(input.position)) return err("TEMPO.ERRORS.Movement.InvalidSquare", { index: 0 });
  return ok({
    diagonal: input.diagonal,
    speeds: speeds.value,
    path: [input.position],
    movedFeet: 0,
    diagonals: 0,
    provokes: input.provokes ?? true,
    straight: input.straight ?? false,
    ended: false,
  });
}

/** STD-7: where the creature stands now (the last square of its path). */
export function movementPosition(turn: MovementTurn): Square {
  return turn.path[turn.path.length - 1] ?? { x: 0, y: 0 };
}

/** STD-8: feet still usable in each mode the creature has (0 once the movement has ended). */
export function movementRemaining(turn: MovementTurn): Readonly<Partial<Record<MovementMode, number>>> {
  const left: Partial<Record<MovementMode, number>> = {};
  for (const mode of MOVEMENT_MODES) {
    const speed = turn.speeds[mode];
    if (speed !== undefined) left[mode] = turn.ended ? 0 : Math.max(0, speed - turn.movedFeet);
  }
  return left;
}

/**
 * STD-7, STD-8, PHS-6: takes one step. Errors: `Movement.Ended`, `Movement.NoSpeed` (the creature has no such mode),
 * `Movement.InvalidSquare`, `Movement.NotAdjacent`, `Movement.NotStraight`, `Movement.TooFar`.
 */
export function moveStep(turn: MovementTurn, step: MovementStep): Result<MovementTurn> {
  const stored = checkStoredTurn(turn);
  if (!stored.ok) return stored;
  if (turn.ended) return err("TEMPO.ERRORS.Movement.Ended");
  if (!MOVEMENT_MODES.includes(step.mode)) return err("TEMPO.ERRORS.Movement.NoSpeed", { mode: shown(step.mode) });
  const speed = turn.speeds[step.mode];
  if (speed === undefined) return err("TEMPO.ERRORS.Movement.NoSpeed", { mode: step.mode });
  const from = movementPosition(turn);
  if (!isValidSquare(step.to)) return err("TEMPO.ERRORS.Movement.InvalidSquare", { index: turn.path.length });
  if (!isAdjacentSquare(from, step.to)) return err("TEMPO.ERRORS.Movement.NotAdjacent", { index: turn.path.length });
  if (turn.straight && !keepsDirection(turn.path, step.to)) return err("TEMPO.ERRORS.Movement.NotStraight");
  const cost = stepCost(from, step.to, turn.diagonal, turn.diagonals, step.difficult === true);
  if (turn.movedFeet + cost > speed) {
    return err("TEMPO.ERRORS.Movement.TooFar", { mode: step.mode, cost, left: Math.max(0, speed - turn.movedFeet) });
  }
  return ok({
    ...turn,
    path: [...turn.path, step.to],
    movedFeet: turn.movedFeet + cost,
    diagonals: turn.diagonals + (isDiagonalStep(from, step.to) ? 1 : 0),
  });
}

/**
 * STD-7, STD-8: a movement turn read back from `Combatant.system` is usable: a known diagonal rule, a
 * non-empty path ending on a grid square, whole non-negative counters. O(1): earlier squares were checked
 * when they were walked. Errors: `Movement.InvalidTurn` naming the field.
 */
function checkStoredTurn(turn: MovementTurn): Result<MovementTurn> {
  const bad = (field: string): Result<never> => err("TEMPO.ERRORS.Movement.InvalidTurn", { field });
  if (typeof turn !== "object" || turn === null) return bad("turn");
  if (!DIAGONAL_RULES.includes(turn.diagonal)) return bad("diagonal");
  if (typeof turn.speeds !== "object" || turn.speeds === null) return bad("speeds");
  const last = Array.isArray(turn.path) ? turn.path[turn.path.length - 1] : undefined;
  if (last === undefined || !isValidSquare(last)) return bad("path");
  if (!Number.isFinite(turn.movedFeet) || turn.movedFeet < 0) return bad("movedFeet");
  if (!Number.isInteger(turn.diagonals) || turn.diagonals < 0) return bad("diagonals");
  return ok(turn);
}

/** STD-7, STD-8: takes several steps, all or nothing: on error the turn is unchanged. */
export function moveAlong(turn: MovementTurn, steps: readonly MovementStep[]): Result<MovementTurn> {
  let current = turn;
  for (const step of steps) {
    const next = moveStep(current, step);
    if (!next.ok) return next;
    current = next.value;
  }
  return ok(current);
}

/** PHS-6: a creature that becomes Slowed during its movement loses the rest of it. */
export function endMovement(turn: MovementTurn): MovementTurn {
  return turn.ended ? turn : { ...turn, ended: true };
}

function keepsDirection(path: readonly Square[], to: Square): boolean {
  const first = path[0];
  const second = path[1];
  const last = path[path.length - 1];
  if (first === undefined || last === undefined || second === undefined) return true;
  return to.x - last.x === second.x - first.x && to.y - last.y === second.y - first.y && !sameSquare(last, to);
}
