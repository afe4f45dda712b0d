/**
 * What the Foundry layer measures on the scene, turned into the numbers the rules read (issue 21 item 4).
 * The Foundry layer casts rays between tokens and reports, per ray, which walls stopped it; the engine says
 * which rays to cast and what they add up to.
 *
 * - SEG-18: cover and concealment are the percentages of sample rays, from the centre of the caster's
 *   space to points spread over the target's space, that walls stop. **Ruling:** a ray stopped by a wall
 *   that blocks movement is *covered* (a glass window stops a spell's path though it lets the eye through);
 *   a ray stopped by a wall that blocks sight is *concealed* (an ethereal wall, or two terrain walls, hides
 *   without stopping anything); a ray that crosses a single limited-sight (terrain) wall, which the eye
 *   passes (https://foundryvtt.com/article/walls/), is concealed too: the wall is foliage or rubble the
 *   target stands in or behind.
 * - SEG-18: **Ruling:** spells carry no range; a spell on the caster itself or on a creature in an
 *   adjacent (or the same) space is taken as touch and needs neither line.
 * - STL-1, STL-2: **Ruling:** a creature has line of sight to another while at least one of the rays
 *   from its centre to the other's space is not stopped by a wall that blocks sight (as for a spell, one
 *   terrain wall does not stop it): the slightest glimpse of a sneaking creature lets it be spotted.
 * - ATK-ROT-5: the flankers of a target are the creatures of the other side in spaces adjacent to it,
 *   the attacker included, that can fight (not defeated; neutral tokens fight nobody).
 * - SEG-19: **Ruling:** a token's movement passes, between two of its waypoints, the squares of the grid
 *   line joining them (each step one square, the nearest to the straight line); an ally whose space
 *   one of them enters is passed through.
 * - SEG-19: **Ruling:** the items carry no space requirement (the seed lists one per weapon): a Great or
 *   a Heavy weapon is taken to need 6 ft (swung two-handed: a greatsword, a chopping halberd), any other
 *   4 ft or less. An adjacent square is open when no creature stands in it and no wall that blocks
 *   movement lies between it and the creature's space.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { WeaponStats } from "../items/item-types.ts";
import { adjacentSquares, creatureIn, spaceDistance, type GridSnapshot } from "./grid-snapshot.ts";
import type { Square } from "./grid.ts";
import type { Point } from "../encounters/wall-geometry.ts";

/** A token's space on the canvas, in pixels: its top-left corner and its width and height. */
export interface SpaceRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** SEG-18: what stopped one sample ray, as measured on the scene. */
export interface RayBlock {
  /** A wall that blocks movement crosses it. */
  readonly movement: boolean;
  /** The walls that block sight stop it (core's own sight test: one limited wall lets it through). */
  readonly sight: boolean;
  /** It crosses a wall whose sight restriction is limited (a terrain wall). */
  readonly limitedSight: boolean;
}

/** SEG-18: cover and concealment of a target from a caster, in percent (0–100). */
export interface SightMeasure {
  readonly coverPercent: number;
  readonly concealmentPercent: number;
}

/** SEG-18: samples per side of the target's space: 3 × 3 points (centre, edges' middles, corners). */
export const SAMPLES_PER_SIDE = 3;
/** SEG-18: the corner samples sit this fraction of the space inside its edge (a ray grazing a corner is no line). */
export const SAMPLE_INSET = 0.1;

/** SEG-18, STL-1: the centre of a space. */
export function centreOf(rect: SpaceRect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** SEG-18, STL-1: the points the rays aim at: a 3 × 3 grid over the space, inset from its edges. */
export function samplePoints(rect: SpaceRect): Point[] {
  const points: Point[] = [];
  const along = (start: number, size: number, i: number) =>
    start + size * (SAMPLE_INSET + ((1 - 2 * SAMPLE_INSET) * i) / (SAMPLES_PER_SIDE - 1));
  for (let i = 0; i < SAMPLES_PER_SIDE; i++)
    for (let j = 0; j < SAMPLES_PER_SIDE; j++)
      points.push({ x: along(rect.x, rect.width, i), y: along(rect.y, rect.height, j) });
  return points;
}

const percentOf = (part: number, whole: number) => Math.round((100 * part) / whole);

/**
 * SEG-18: cover and concealment from the sample rays (see the rulings above).
 * Errors: `Movement.NoSampleRays` for no rays at all.
 */
export function sightMeasure(rays: readonly RayBlock[]): Result<SightMeasure> {
  if (!Array.isArray(rays) || rays.length === 0) return err("TEMPO.ERRORS.Movement.NoSampleRays");
  const covered = rays.filter((r) => r.movement).length;
  const concealed = rays.filter((r) => r.sight || r.limitedSight).length;
  return ok({ coverPercent: percentOf(covered, rays.length), concealmentPercent: percentOf(concealed, rays.length) });
}

/** STL-1, STL-2: line of sight while any ray gets through the walls that block sight (ruling above). */
export function seesThrough(rays: readonly RayBlock[]): boolean {
  return rays.some((r) => !r.sight);
}

/** SEG-18: the target is the caster itself or in a space adjacent to (or overlapping) the caster's: touch. */
export function withinTouch(snapshot: GridSnapshot, casterId: string, targetId: string): Result<boolean> {
  const caster = creatureIn(snapshot, casterId);
  if (!caster.ok) return caster;
  const target = creatureIn(snapshot, targetId);
  if (!target.ok) return target;
  const a = caster.value;
  const b = target.value;
  return ok(casterId === targetId || spaceDistance(a.square, a.size, b.square, b.size) <= 1);
}

/**
 * ATK-ROT-5: the creatures flanking `targetId`: of another side, able to fight, in an adjacent space.
 * At least 1 (the attacker itself, when it attacks from farther away): the dialog's count of flankers.
 */
export function flankersOf(snapshot: GridSnapshot, targetId: string): Result<number> {
  const found = creatureIn(snapshot, targetId);
  if (!found.ok) return found;
  const t = found.value;
  const adjacent = snapshot.creatures.filter(
    (c) =>
      c.id !== targetId && c.threatens && c.side !== t.side && spaceDistance(c.square, c.size, t.square, t.size) === 1,
  );
  return ok(Math.max(1, adjacent.length));
}

/** SEG-19: the feet of space the weapon needs (the ruling above). */
export function weaponSpaceFeet(weapon: Pick<WeaponStats, "properties">): number {
  return weapon.properties.great || weapon.properties.heavy ? 6 : 4;
}

/** SEG-19: the squares around a creature's space, for the Foundry layer to test for walls. */
export function squaresAround(snapshot: GridSnapshot, id: string): Result<Square[]> {
  const found = creatureIn(snapshot, id);
  if (!found.ok) return found;
  return ok(adjacentSquares(found.value.square, found.value.size));
}
