/**
 * Squares, steps and straight-line distances on a 5 ft grid (MOV-1). Distances are centre to centre;
 * each ruleset has its own diagonal rule.
 *
 * Rulings (the sources other than `standard` say nothing about diagonals):
 * - `standard` (STD-7): a diagonal step costs 7 ft, as the source says.
 * - `count` and `rotation`: a diagonal step costs 5 ft (their sources are d20 games that count a
 *   diagonal like any other step: "a 5 ft step in any direction", "within 5 ft").
 * - `phase`: movement is counted in squares (PHS-5, PHS-6), so a diagonal is one square, 5 ft.
 * - `segment`: distances are "centre to centre" (seeds/003); a grid approximates that with the
 *   alternating rule: the 1st, 3rd, 5th … diagonal costs 5 ft, the 2nd, 4th … 10 ft.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { shown } from "../dice/checks.ts";

export interface Square {
  readonly x: number;
  readonly y: number;
}

/** `five`: every step 5 ft; `seven`: diagonals 7 ft; `alternating`: diagonals 5, 10, 5, 10 … ft. */
export type DiagonalRule = "five" | "seven" | "alternating";

/** MOV-1: a grid square is 5 ft. */
export const SQUARE_FEET = 5;

/** MOV-1: the diagonal rule of each ruleset (see the rulings above). */
export const DIAGONAL_RULE_BY_RULESET: Readonly<Record<RulesetId, DiagonalRule>> = {
  count: "five",
  standard: "seven",
  phase: "five",
  segment: "alternating",
  rotation: "five",
};

/** MOV-1: every diagonal rule the engine knows. */
export const DIAGONAL_RULES: readonly DiagonalRule[] = ["five", "seven", "alternating"];

/** MOV-1: a diagonal rule the engine knows (`Movement.InvalidDiagonalRule` otherwise). */
export function checkDiagonalRule(rule: DiagonalRule): Result<DiagonalRule> {
  return DIAGONAL_RULES.includes(rule)
    ? ok(rule)
    : err("TEMPO.ERRORS.Movement.InvalidDiagonalRule", { rule: shown(rule) });
}

/** MOV-1: a square has whole-number coordinates. */
export function isValidSquare(square: Square): boolean {
  return Number.isInteger(square.x) && Number.isInteger(square.y);
}

/** MOV-1: the same square. */
export function sameSquare(a: Square, b: Square): boolean {
  return a.x === b.x && a.y === b.y;
}

/** MOV-1: squares apart counting a diagonal as one (Chebyshev distance). */
export function gridSteps(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** PHS-6: the two squares touch (a one-square step, orthogonal or diagonal). */
export function isAdjacentSquare(a: Square, b: Square): boolean {
  return gridSteps(a, b) === 1;
}

/** MOV-1: a one-square step that changes both coordinates. */
export function isDiagonalStep(a: Square, b: Square): boolean {
  return Math.abs(a.x - b.x) === 1 && Math.abs(a.y - b.y) === 1;
}

/**
 * MOV-1, STD-7: feet for one step between adjacent squares. `diagonalsBefore` is how many diagonal steps
 * were already taken this turn (only the alternating rule needs it).
 */
export function stepFeet(from: Square, to: Square, rule: DiagonalRule, diagonalsBefore: number): number {
  if (!isDiagonalStep(from, to)) return SQUARE_FEET;
  switch (rule) {
    case "five":
      return SQUARE_FEET;
    case "seven":
      return 7;
    case "alternating":
      return diagonalsBefore % 2 === 0 ? SQUARE_FEET : 2 * SQUARE_FEET;
  }
}

/**
 * MOV-1, PHS-6: what entering `to` costs: the step's feet, doubled when `to` is difficult terrain.
 * **Ruling:** a diagonal step into difficult terrain doubles the diagonal's own cost (14 ft in `standard`).
 */
export function stepCost(
  from: Square,
  to: Square,
  rule: DiagonalRule,
  diagonalsBefore: number,
  difficult: boolean,
): number {
  const base = stepFeet(from, to, rule, diagonalsBefore);
  return difficult ? 2 * base : base;
}

/**
 * MOV-1: the shortest grid distance in feet between two square centres (a range, or the least a move
 * between them can cost on open ground).
 */
export function gridDistanceFeet(a: Square, b: Square, rule: DiagonalRule): number {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  const diagonals = Math.min(dx, dy);
  const straight = Math.max(dx, dy) - diagonals;
  switch (rule) {
    case "five":
      return SQUARE_FEET * (straight + diagonals);
    case "seven":
      return SQUARE_FEET * straight + 7 * diagonals;
    case "alternating":
      return SQUARE_FEET * (straight + diagonals) + SQUARE_FEET * Math.floor(diagonals / 2);
  }
}

/**
 * MOV-1: the diagonal steps of a shortest grid path between two squares (a recorded move's leg: its
 * straight line crosses min(dx, dy) diagonals). The `alternating` rule counts every diagonal of the turn,
 * across its moves, so a later move's first diagonal may cost 10 ft.
 */
export function diagonalStepsBetween(a: Square, b: Square): number {
  return Math.min(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** MOV-1, SEG-19: the squares from `from` to `to` (both included), one grid step at a time along the straight line. */
export function gridLine(from: Square, to: Square): Square[] {
  const steps = gridSteps(from, to);
  const squares: Square[] = [from];
  for (let k = 1; k <= steps; k++) {
    const at = {
      x: from.x + Math.round(((to.x - from.x) * k) / steps),
      y: from.y + Math.round(((to.y - from.y) * k) / steps),
    };
    const last = squares[squares.length - 1];
    if (last === undefined || !sameSquare(last, at)) squares.push(at);
  }
  return squares;
}
