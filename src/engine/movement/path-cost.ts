/**
 * The movement a path of squares costs (MOV-1, STD-7, PHS-6). Every step costs, whatever its
 * direction: walking back along the path walked this turn spends movement like any other step (STD-7).
 * Entering difficult terrain costs two squares for the square (PHS-6).
 */
import { err, ok, type Result } from "../core/result.ts";
import {
  checkDiagonalRule,
  isAdjacentSquare,
  isDiagonalStep,
  isValidSquare,
  stepCost,
  type DiagonalRule,
  type Square,
} from "./grid.ts";
import { shown } from "../dice/checks.ts";

export interface PathCostOptions {
  readonly diagonal: DiagonalRule;
  /** Is this square difficult terrain? Omitted: no difficult terrain. */
  readonly isDifficult?: (square: Square) => boolean;
  /** Diagonal steps already taken this turn (the alternating rule counts across moves). Default 0. */
  readonly diagonalsBefore?: number;
}

export interface PathCost {
  /** Feet of movement spent. */
  readonly feet: number;
  /** Diagonal steps in the path. */
  readonly diagonals: number;
  /** Steps in the path (squares entered). */
  readonly steps: number;
}

/**
 * MOV-1, STD-7, PHS-6: costs a path given as the squares visited, the starting square first. Each square must touch the one
 * before it. Errors: `Movement.InvalidDiagonalRule`, `Movement.InvalidDiagonalCount`, `Movement.InvalidSquare`
 * (non-integer coordinates), `Movement.NotAdjacent`.
 */
export function pathCost(path: readonly Square[], options: PathCostOptions): Result<PathCost> {
  const rule = checkDiagonalRule(options.diagonal);
  if (!rule.ok) return rule;
  const before = options.diagonalsBefore ?? 0;
  if (!Number.isInteger(before) || before < 0)
    return err("TEMPO.ERRORS.Movement.InvalidDiagonalCount", { count: shown(before) });
  let feet = 0;
  let diagonals = 0;
  for (let i = 0; i < path.length; i++) {
    const to = path[i];
    if (to === undefined || !isValidSquare(to)) return err("TEMPO.ERRORS.Movement.InvalidSquare", { index: i });
    const from = path[i - 1];
    if (from === undefined) continue;
    if (!isAdjacentSquare(from, to)) return err("TEMPO.ERRORS.Movement.NotAdjacent", { index: i });
    feet += stepCost(from, to, options.diagonal, before + diagonals, options.isDifficult?.(to) === true);
    if (isDiagonalStep(from, to)) diagonals++;
  }
  return ok({ feet, diagonals, steps: Math.max(0, path.length - 1) });
}
