/**
 * SEG-19: space on the grid. Two creatures cannot fight from the same square; allies may move through
 * each other, and the jostling breaks concentration; a weapon needing more than 4 ft of space needs at
 * least one open adjacent square.
 *
 * Rulings: an enemy's square or an obstacle cannot be moved through. Moving through an ally breaks the
 * concentration of both the mover and the ally (the source says "any concentration").
 */
import { err, ok, type Result } from "../core/result.ts";
import { isValidSquare, sameSquare, type Square } from "./grid.ts";
import { adjacentSquares, creatureIn, footprint, occupies, type GridSnapshot } from "./grid-snapshot.ts";
import { shown } from "../dice/checks.ts";

/** Space a weapon needs before it needs an open adjacent square (SEG-19). */
export const WEAPON_SPACE_LIMIT_FEET = 4;

/** SEG-19: the creature shares its square with another creature, so it cannot fight from it. */
export function canFightFromSpace(snapshot: GridSnapshot, id: string): Result<boolean> {
  const found = creatureIn(snapshot, id);
  if (!found.ok) return found;
  const self = found.value;
  const mine = footprint(self.square, self.size);
  return ok(!snapshot.creatures.some((other) => other.id !== id && mine.some((sq) => occupies(other, sq))));
}

export interface PassThrough {
  /** Index in the path of the first square the mover cannot enter (enemy or obstacle), or null. */
  readonly blockedAt: number | null;
  /** Allies moved through before any block, in path order. */
  readonly alliesPassed: readonly string[];
  /** Creatures whose concentration the jostling breaks: the mover and every ally passed. */
  readonly concentrationBroken: readonly string[];
}

/** SEG-19: moving `moverId` along `path` (its starting square first) past the other creatures. */
export function passThrough(snapshot: GridSnapshot, moverId: string, path: readonly Square[]): Result<PassThrough> {
  const found = creatureIn(snapshot, moverId);
  if (!found.ok) return found;
  const mover = found.value;
  const allies: string[] = [];
  let blockedAt: number | null = null;
  for (let i = 0; i < path.length; i++) {
    const at = path[i];
    if (at === undefined || !isValidSquare(at)) return err("TEMPO.ERRORS.Movement.InvalidSquare", { index: i });
    if (i === 0 || blockedAt !== null) continue;
    const space = footprint(at, mover.size);
    const walled = snapshot.obstacles.some((o) => space.some((sq) => sameSquare(sq, o)));
    const others = snapshot.creatures.filter((c) => c.id !== moverId && space.some((sq) => occupies(c, sq)));
    if (walled || others.some((c) => c.side !== mover.side)) {
      blockedAt = i;
      continue;
    }
    for (const ally of others) if (!allies.includes(ally.id)) allies.push(ally.id);
  }
  return ok({ blockedAt, alliesPassed: allies, concentrationBroken: allies.length > 0 ? [moverId, ...allies] : [] });
}

/**
 * SEG-19: can the creature swing a weapon needing `spaceFeet` of space where it stands? Up to 4 ft always;
 * more needs at least one adjacent square free of creatures and obstacles.
 * Errors: `Movement.InvalidSnapshot`, `Movement.UnknownCreature`, `Movement.InvalidDistance` (negative space).
 */
export function weaponHasSpace(snapshot: GridSnapshot, id: string, spaceFeet: number): Result<boolean> {
  const found = creatureIn(snapshot, id);
  if (!found.ok) return found;
  if (!Number.isFinite(spaceFeet) || spaceFeet < 0)
    return err("TEMPO.ERRORS.Movement.InvalidDistance", { power: id, squares: shown(spaceFeet) });
  if (spaceFeet <= WEAPON_SPACE_LIMIT_FEET) return ok(true);
  const open = (sq: Square): boolean =>
    !snapshot.obstacles.some((o) => sameSquare(o, sq)) &&
    !snapshot.creatures.some((c) => c.id !== id && occupies(c, sq));
  return ok(adjacentSquares(found.value.square, found.value.size).some(open));
}
