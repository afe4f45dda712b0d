/**
 * SEG-18: the water the GM marks on the scene, read for a spell's line of effect ("the surface between air
 * and water" blocks it). This file only says which points lie in the water; the engine decides whether the
 * line crosses the surface (movement/line-of-effect.ts `crossesWaterSurface`, with its ruling).
 * - Water is a Region the GM draws and names "Water" (any case, or the word in the user's language,
 *   `TEMPO.MOVEMENT.WaterRegionName`), or one flagged `flags.tempo.water: true` by a script.
 * - A point lies in the water when it is inside such a Region at its elevation: core's
 *   `RegionDocument#testPoint({ x, y, elevation })` (an ElevatedPoint; caewok/fvtt-terrain-mapper
 *   scripts/regions/RegionElevationHandler.js calls `region.document.testPoint(a)` so on v13), which honours
 *   the Region's elevation range (RegionElevationData: bottom "where null is treated as -Infinity", top
 *   "where null is treated as +Infinity",
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.RegionElevationData.html). So a water
 *   Region given a top (its surface) leaves a creature flying above it out of the water; with no top,
 *   every creature standing in it is in the water. A Region without `testPoint` is not read as water (no
 *   public v14 API page was found for it; a module's comment says it is on the document from v14 on).
 * - The points: the caster's and the target's token centres at their elevations, and between them the
 *   centre of each square the straight line passes (engine `squaresAlong`) at the line's height there.
 * STD-8 reads the same water for a move (`waterLegs`): the centre of each square a stretch of the move
 * enters, at the token's elevation; the engine decides whether it may swim there (movement/swim-water.ts).
 */
import { centreOf, squaresAlong, type Point, type WaterLeg } from "../../engine/index.ts";
import { canvasOf, sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { spaceOf, type PlacedToken } from "./scene-geometry.ts";

interface ElevatedPoint extends Point {
  readonly elevation: number;
}

interface RegionLike {
  readonly name?: unknown;
  readonly flags?: unknown;
  testPoint?: (point: ElevatedPoint) => unknown;
}

const DEFAULT_NAME = "water";

function isWater(region: RegionLike): boolean {
  const flags = typeof region.flags === "object" && region.flags !== null ? region.flags : {};
  const tempo = (flags as Record<string, unknown>)[SYSTEM_ID];
  if (typeof tempo === "object" && tempo !== null && (tempo as { water?: unknown }).water === true) return true;
  const name = typeof region.name === "string" ? region.name.trim().toLowerCase() : "";
  return name === DEFAULT_NAME || name === game.i18n.localize("TEMPO.MOVEMENT.WaterRegionName").toLowerCase();
}

/** The scene's water Regions (see the file comment). */
function waterRegionsOf(scene: Scene.Implementation): RegionLike[] {
  const regions = (scene as unknown as { regions?: { contents?: readonly RegionLike[] } }).regions?.contents ?? [];
  return regions.filter((r) => typeof r.testPoint === "function" && isWater(r));
}

function elevationOf(token: PlacedToken): number {
  const elevation = (token as { elevation?: unknown }).elevation;
  return typeof elevation === "number" && Number.isFinite(elevation) ? elevation : 0;
}

/**
 * SEG-18: whether each point of the straight line from `from`'s token to `to`'s lies in the water: the
 * caster's first, the target's last; empty when the scene has no water.
 */
export function waterAlong(scene: Scene.Implementation, from: PlacedToken, to: PlacedToken): boolean[] {
  const water = waterRegionsOf(scene);
  if (water.length === 0) return [];
  const wet = (point: ElevatedPoint) => water.some((region) => region.testPoint?.(point) === true);
  const g = sceneGeometry(scene);
  const [start, end] = [centreOf(spaceOf(scene, from)), centreOf(spaceOf(scene, to))];
  const [low, high] = [elevationOf(from), elevationOf(to)];
  const squares = squaresAlong([squareAt(g, start), squareAt(g, end)]);
  const between = squares.slice(1, -1).map((square, i): ElevatedPoint => {
    const corner = canvasOf(g, square);
    const t = (i + 1) / (squares.length - 1);
    return { x: corner.x + g.size / 2, y: corner.y + g.size / 2, elevation: low + (high - low) * t };
  });
  const points: ElevatedPoint[] = [{ ...start, elevation: low }, ...between, { ...end, elevation: high }];
  return points.map(wet);
}

/**
 * STD-8: each stretch of a move (its points are top-left corners, each with the movement action that
 * reached it) with whether each square it enters lies in the water; null when the scene has no water.
 */
export function waterLegs(
  scene: Scene.Implementation,
  token: { readonly elevation?: unknown },
  points: readonly (Point & { readonly action: string })[],
): WaterLeg[] | null {
  const water = waterRegionsOf(scene);
  if (water.length === 0) return null;
  const g = sceneGeometry(scene);
  const elevation = typeof token.elevation === "number" && Number.isFinite(token.elevation) ? token.elevation : 0;
  const squareOf = (p: Point) => squareAt(g, { x: p.x + g.size / 2, y: p.y + g.size / 2 });
  const legs: WaterLeg[] = [];
  for (let i = 1; i < points.length; i++) {
    const [from, to] = [points[i - 1], points[i]];
    if (from === undefined || to === undefined) continue;
    const entered = squaresAlong([squareOf(from), squareOf(to)]).slice(1);
    const inWater = entered.map((square) => {
      const corner = canvasOf(g, square);
      const point = { x: corner.x + g.size / 2, y: corner.y + g.size / 2, elevation };
      return water.some((region) => region.testPoint?.(point) === true);
    });
    legs.push({ mode: to.action, inWater });
  }
  return legs;
}
