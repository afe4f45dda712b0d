/**
 * What the engine sees of the battle map: creature positions and sides, and squares that are walls.
 * The Foundry layer builds it from the scene's tokens; the engine never reads the canvas.
 */
import { gridSteps, type Square } from "./grid.ts";

export interface GridCreature {
  readonly id: string;
  /** Creatures on different sides are enemies. */
  readonly side: string;
  /** The top-left square of the creature's space. */
  readonly square: Square;
  /** Side of its space in squares: 1 for Medium and smaller, 2 for Large, 3 for Huge … */
  readonly size: number;
  /** Able to make opportunity attacks (false when unconscious, surprised, …). */
  readonly threatens: boolean;
}

export interface GridSnapshot {
  readonly creatures: readonly GridCreature[];
  /** Squares nothing can stand in (walls, pillars). */
  readonly obstacles: readonly Square[];
}

export function findCreature(snapshot: GridSnapshot, id: string): GridCreature | null {
  return snapshot.creatures.find((c) => c.id === id) ?? null;
}

/** The squares a creature of `size` occupies when its top-left square is `at`. */
export function footprint(at: Square, size: number): Square[] {
  const side = Math.max(1, Math.floor(size));
  const squares: Square[] = [];
  for (let dx = 0; dx < side; dx++) for (let dy = 0; dy < side; dy++) squares.push({ x: at.x + dx, y: at.y + dy });
  return squares;
}

/** The creature's space covers the square. */
export function occupies(creature: GridCreature, square: Square): boolean {
  const side = Math.max(1, Math.floor(creature.size));
  return square.x >= creature.square.x && square.x < creature.square.x + side && square.y >= creature.square.y && square.y < creature.square.y + side;
}

/** Squares apart between two spaces (0: they overlap, 1: adjacent). */
export function spaceDistance(a: Square, aSize: number, b: Square, bSize: number): number {
  let best = Infinity;
  for (const p of footprint(a, aSize)) for (const q of footprint(b, bSize)) best = Math.min(best, gridSteps(p, q));
  return best;
}
