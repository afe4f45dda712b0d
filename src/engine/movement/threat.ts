/**
 * Threatened squares and opportunity attacks (PHS-6, ROT-10).
 *
 * PHS-6: each creature threatens the squares adjacent to it; leaving a threatened square provokes an
 * opportunity attack from each creature threatening it. ROT-10: a creature that moves within 5 ft of a
 * stationary one and keeps moving provokes it, forced movement included. On a grid both come to the
 * same test: a step that starts in a square adjacent to an enemy provokes that enemy.
 *
 * Rulings:
 * - Each enemy gets at most one opportunity attack per move, at the first step that provokes it.
 * - Forced movement provokes only where the ruleset says so (`rotation`, ROT-10); elsewhere it does not.
 * - Whether the attacker still has its reaction is the action tracker's question, not this one's.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { isValidSquare, type Square } from "./grid.ts";
import { adjacentSquares, creatureIn, spaceDistance, type GridCreature, type GridSnapshot } from "./grid-snapshot.ts";
import { shown } from "../dice/checks.ts";

/** ROT-10 includes forced movement; the other sources do not mention it (ruling: it does not provoke). */
export const FORCED_MOVEMENT_PROVOKES: Readonly<Record<RulesetId, boolean>> = {
  count: false,
  standard: false,
  phase: false,
  segment: false,
  rotation: true,
};

/** PHS-6: the squares a creature threatens: those adjacent to its space. */
export function threatenedSquares(creature: GridCreature): Square[] {
  return adjacentSquares(creature.square, creature.size);
}

/** PHS-6, ROT-10: the enemies of `mover` able to attack that threaten its space if it stands at `at`. */
export function threateningEnemies(snapshot: GridSnapshot, mover: GridCreature, at: Square): GridCreature[] {
  return snapshot.creatures.filter(
    (c) =>
      c.id !== mover.id &&
      c.side !== mover.side &&
      c.threatens &&
      spaceDistance(c.square, c.size, at, mover.size) === 1,
  );
}

export interface Provocation {
  readonly attackerId: string;
  /** Index in the path of the square being left when the attack happens. */
  readonly stepIndex: number;
  readonly square: Square;
}

export interface ProvocationOptions {
  readonly ruleset: RulesetId;
  /** False for a move that does not provoke (Shift, Disengage, a 5 ft step where the ruleset says so). */
  readonly provokes: boolean;
  /** The creature is pushed or pulled rather than moving itself. */
  readonly forced: boolean;
}

/**
 * PHS-6, ROT-10: who gets an opportunity attack when `moverId` walks `path` (its starting square first).
 * Errors: `Movement.UnknownRuleset`, `Movement.InvalidSnapshot`, `Movement.UnknownCreature`, `Movement.InvalidSquare`.
 */
export function opportunityAttacks(
  snapshot: GridSnapshot,
  moverId: string,
  path: readonly Square[],
  options: ProvocationOptions,
): Result<readonly Provocation[]> {
  if (!Object.hasOwn(FORCED_MOVEMENT_PROVOKES, options.ruleset))
    return err("TEMPO.ERRORS.Movement.UnknownRuleset", { ruleset: shown(options.ruleset) });
  const found = creatureIn(snapshot, moverId);
  if (!found.ok) return found;
  const mover = found.value;
  for (let i = 0; i < path.length; i++) {
    const square = path[i];
    if (square === undefined || !isValidSquare(square)) return err("TEMPO.ERRORS.Movement.InvalidSquare", { index: i });
  }
  if (!options.provokes || (options.forced && !FORCED_MOVEMENT_PROVOKES[options.ruleset])) return ok([]);
  const out: Provocation[] = [];
  const seen = new Set<string>();
  for (let i = 0; i + 1 < path.length; i++) {
    const square = path[i];
    if (square === undefined) continue;
    for (const enemy of threateningEnemies(snapshot, mover, square)) {
      if (seen.has(enemy.id)) continue;
      seen.add(enemy.id);
      out.push({ attackerId: enemy.id, stepIndex: i, square });
    }
  }
  return ok(out);
}

/** PHS-6: for the sheet, is this space threatened by an enemy of `mover`? */
export function isThreatened(snapshot: GridSnapshot, mover: GridCreature, at: Square): boolean {
  return threateningEnemies(snapshot, mover, at).length > 0;
}
