/**
 * What the engine sees of the battle map: creature positions and sides, and squares that are walls.
 * The Foundry layer builds it from the scene's tokens; the engine never reads the canvas.
 */
import { err, ok, type Result } from "../core/result.ts";
import { gridSteps, isValidSquare, type Square } from "./grid.ts";

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

/**
 * SEG-19, PHS-6: a snapshot the rules can read: creatures with ids, a whole-number size ≥ 1 and a grid
 * square; obstacles on grid squares. Errors: `Movement.InvalidSnapshot` naming the first bad entry.
 */
export function validateGridSnapshot(snapshot: GridSnapshot): Result<GridSnapshot> {
  if (
    typeof snapshot !== "object" ||
    snapshot === null ||
    !Array.isArray(snapshot.creatures) ||
    !Array.isArray(snapshot.obstacles)
  ) {
    return err("TEMPO.ERRORS.Movement.InvalidSnapshot", { entry: "snapshot" });
  }
  for (const c of snapshot.creatures) {
    const sound =
      typeof c === "object" &&
      c !== null &&
      typeof c.id === "string" &&
      typeof c.side === "string" &&
      typeof c.threatens === "boolean";
    if (!sound || !Number.isInteger(c.size) || c.size < 1 || !isValidSquare(c.square)) {
      return err("TEMPO.ERRORS.Movement.InvalidSnapshot", { entry: sound ? c.id : "creature" });
    }
  }
  for (const o of snapshot.obstacles)
    if (!isValidSquare(o)) return err("TEMPO.ERRORS.Movement.InvalidSnapshot", { entry: "obstacle" });
  return ok(snapshot);
}

/** PHS-6, SEG-19: A creature of a valid snapshot by id (`Movement.UnknownCreature`); the snapshot is checked first. */
export function creatureIn(snapshot: GridSnapshot, id: string): Result<GridCreature> {
  const valid = validateGridSnapshot(snapshot);
  if (!valid.ok) return valid;
  const found = findCreature(snapshot, id);
  return found === null ? err("TEMPO.ERRORS.Movement.UnknownCreature", { id }) : ok(found);
}

/** PHS-6, SEG-19: the creature with this id, or null. */
export function findCreature(snapshot: GridSnapshot, id: string): GridCreature | null {
  return snapshot.creatures.find((c) => c.id === id) ?? null;
}

/** Squares per side of a space: `size` read as a whole number of squares, at least 1. */
function spaceSide(size: number): number {
  return Math.max(1, Math.floor(size));
}

/** SEG-19: the squares a creature of `size` occupies when its top-left square is `at`. */
export function footprint(at: Square, size: number): Square[] {
  const side = spaceSide(size);
  const squares: Square[] = [];
  for (let dx = 0; dx < side; dx++) for (let dy = 0; dy < side; dy++) squares.push({ x: at.x + dx, y: at.y + dy });
  return squares;
}

/** PHS-6, SEG-19: the ring of squares that touch a space of `size` at `at` (8 for Medium, 12 for Large). */
export function adjacentSquares(at: Square, size: number): Square[] {
  const side = spaceSide(size);
  const ring: Square[] = [];
  for (let x = at.x - 1; x <= at.x + side; x++) {
    for (let y = at.y - 1; y <= at.y + side; y++) {
      if (x < at.x || x >= at.x + side || y < at.y || y >= at.y + side) ring.push({ x, y });
    }
  }
  return ring;
}

/** SEG-19: the creature's space covers the square. */
export function occupies(creature: GridCreature, square: Square): boolean {
  const side = spaceSide(creature.size);
  return (
    square.x >= creature.square.x &&
    square.x < creature.square.x + side &&
    square.y >= creature.square.y &&
    square.y < creature.square.y + side
  );
}

/** MOV-1, PHS-6: squares apart between two spaces (0: they overlap, 1: adjacent). */
export function spaceDistance(a: Square, aSize: number, b: Square, bSize: number): number {
  let best = Infinity;
  for (const p of footprint(a, aSize)) for (const q of footprint(b, bSize)) best = Math.min(best, gridSteps(p, q));
  return best;
}

/** A token as the table places it: its disposition (CONST.TOKEN_DISPOSITIONS), space and condition. */
export interface PlacedCreature {
  readonly id: string;
  /** FRIENDLY 1, NEUTRAL 0, HOSTILE -1, SECRET -2. */
  readonly disposition: number;
  readonly square: Square;
  /** Width and height in squares (a creature's space is square: the larger, rounded up, at least 1). */
  readonly width: number;
  readonly height: number;
  /** Status ids on the creature (its conditions). */
  readonly statuses: readonly string[];
  /** Marked defeated in its combat. */
  readonly defeated: boolean;
}

/** Conditions under which a creature fights nobody: it neither threatens nor flanks. */
const DOWN_STATUSES: readonly string[] = ["dead", "dying", "unconscious"];

/**
 * PHS-6, ROT-10, ATK-ROT-5, SEG-19: one creature on the map as every scene rule sees it (threat, flanking,
 * shared space). Rulings: sides are dispositions, and a secret token is on the hostile side (a GM hides an
 * enemy); a neutral token fights nobody; a creature that is defeated, dead,
 * dying or unconscious fights nobody (it neither threatens nor flanks), though it still takes up its space.
 */
export function gridCreatureOf(placed: PlacedCreature): GridCreature {
  const side = placed.disposition === -2 ? -1 : placed.disposition;
  const down = placed.defeated || placed.statuses.some((s) => DOWN_STATUSES.includes(s));
  return {
    id: placed.id,
    side: `disposition:${side}`,
    square: placed.square,
    size: Math.max(1, Math.ceil(Math.max(placed.width, placed.height))),
    threatens: side !== 0 && !down,
  };
}
