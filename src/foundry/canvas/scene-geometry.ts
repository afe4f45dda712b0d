/**
 * Issue 21 item 4: the scene drawn on this client's canvas, read for the rules: where creatures' tokens
 * stand (as the engine's GridSnapshot) and which walls stop the rays between two tokens. The engine says
 * which rays to cast and what they add up to (movement/scene-measures.ts); this file only reads.
 * - The rays are tested with the canvas's own collision test, `CONFIG.Canvas.polygonBackends[type]
 *   .testCollision(origin, destination, { type, mode: "any" })` (API ClockwiseSweepPolygon.testCollision,
 *   https://foundryvtt.com/api/classes/foundry.canvas.geometry.ClockwiseSweepPolygon.html; the same call
 *   on v13 and v14), which knows doors, limited walls and wall directions: "move" for cover (walls that
 *   stop bodies stop a spell's path), "sight" for concealment and line of sight. Kapuzenjoe/simplecover5e
 *   (scripts/services/cover.engine.mjs) samples token points through the same test for cover.
 * - A wall's `sight` is CONST.WALL_SENSE_TYPES (LIMITED 10: a terrain wall the eye passes once,
 *   https://foundryvtt.com/api/variables/CONST.WALL_SENSE_TYPES.html, https://foundryvtt.com/article/walls/);
 *   an open door (`door` > 0, `ds` 1) stops nothing.
 * - Only the scene on the canvas is measured (`canvas.ready`, `canvas.scene`): its walls are the ones the
 *   collision test knows. Elsewhere nothing is measured and the callers keep their unmeasured rulings.
 */
import {
  centreOf,
  samplePoints,
  segmentsMeet,
  type GridCreature,
  type GridSnapshot,
  type Point,
  type RayBlock,
  type SpaceRect,
  type Square,
} from "../../engine/index.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";

type Collision = (origin: Point, destination: Point, options: { type: string; mode: "any" }) => unknown;

const LIMITED_SIGHT = 10;
const HOSTILE = -1;
const SECRET = -2;
const DOOR_OPEN = 1;

/** A token document as read here (v13 and v14 TokenDocument fields). */
export interface PlacedToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly disposition: number;
  readonly actor: Actor.Implementation | null;
  readonly actorId: string | null;
  readonly actorLink: boolean;
}

interface WallLike {
  readonly c: readonly number[];
  readonly sight?: number;
  readonly door?: number;
  readonly ds?: number;
}

/** The scene drawn on this client's canvas, or null (no canvas, or not drawn yet). */
export function drawnScene(): Scene.Implementation | null {
  if (typeof canvas === "undefined" || canvas?.ready !== true) return null;
  return (canvas.scene as Scene.Implementation | null | undefined) ?? null;
}

export function tokensOf(scene: Scene.Implementation): PlacedToken[] {
  return scene.tokens.contents as unknown as PlacedToken[];
}

/** The token standing for `actor` on `scene`: an unlinked token's own, else the first linked one. */
export function tokenOf(actor: Actor.Implementation, scene: Scene.Implementation): PlacedToken | null {
  const tokens = tokensOf(scene);
  const own = actor.isToken ? (actor.token as unknown as PlacedToken | null) : null;
  if (own !== null) return tokens.find((t) => t.id === own.id) ?? null;
  return tokens.find((t) => t.actorLink && t.actorId === actor.id) ?? null;
}

/** A token's space in canvas pixels. */
export function spaceOf(scene: Scene.Implementation, token: PlacedToken): SpaceRect {
  const size = sceneGeometry(scene).size;
  return { x: token.x, y: token.y, width: token.width * size, height: token.height * size };
}

function collision(type: "move" | "sight"): Collision | null {
  const config = CONFIG as unknown as { Canvas?: { polygonBackends?: Record<string, { testCollision?: unknown }> } };
  const test = config.Canvas?.polygonBackends?.[type]?.testCollision;
  return typeof test === "function" ? (test as Collision) : null;
}

function limitedSightWalls(scene: Scene.Implementation): { a: Point; b: Point }[] {
  const walls: { a: Point; b: Point }[] = [];
  for (const wall of scene.walls.contents as unknown as WallLike[]) {
    const [x0, y0, x1, y1] = wall.c;
    const open = (wall.door ?? 0) > 0 && wall.ds === DOOR_OPEN;
    if (wall.sight !== LIMITED_SIGHT || open || x0 === undefined || y0 === undefined) continue;
    if (x1 === undefined || y1 === undefined) continue;
    walls.push({ a: { x: x0, y: y0 }, b: { x: x1, y: y1 } });
  }
  return walls;
}

/**
 * SEG-18, STL-1, STL-2: what stops each sample ray from the centre of `from`'s space to `to`'s space;
 * null when the canvas offers no collision test (nothing can be measured).
 */
export function raysBetween(scene: Scene.Implementation, from: PlacedToken, to: PlacedToken): RayBlock[] | null {
  const move = collision("move");
  const sight = collision("sight");
  if (move === null || sight === null) return null;
  const origin = centreOf(spaceOf(scene, from));
  const limited = limitedSightWalls(scene);
  return samplePoints(spaceOf(scene, to)).map((point) => ({
    movement: move(origin, point, { type: "move", mode: "any" }) === true,
    sight: sight(origin, point, { type: "sight", mode: "any" }) === true,
    limitedSight: limited.some((w) => segmentsMeet(origin, point, w.a, w.b)),
  }));
}

/** SEG-19: a wall that blocks movement lies between the centre of `token`'s space and the square's centre. */
export function wallBetween(scene: Scene.Implementation, token: PlacedToken, square: Square): boolean {
  const move = collision("move");
  if (move === null) return false;
  const g = sceneGeometry(scene);
  const centre = { x: g.originX + (square.x + 0.5) * g.size, y: g.originY + (square.y + 0.5) * g.size };
  return move(centreOf(spaceOf(scene, token)), centre, { type: "move", mode: "any" }) === true;
}

/**
 * A token's side: its disposition (FRIENDLY 1, NEUTRAL 0, HOSTILE -1, SECRET -2; API TOKEN_DISPOSITIONS,
 * https://foundryvtt.com/api/variables/CONST.TOKEN_DISPOSITIONS.html; a secret one is shown with no border
 * to non-owners, v11's page). Ruling: a secret token fights on the hostile side (a GM hides an enemy).
 */
function sideOf(token: PlacedToken): string {
  return token.disposition === SECRET ? `disposition:${HOSTILE}` : `disposition:${token.disposition}`;
}

/** A token's creature fights unless it is defeated (core's "dead" status) or neutral. */
function fights(token: PlacedToken): boolean {
  const dead = token.actor?.statuses.has("dead") === true;
  return !dead && token.disposition !== 0;
}

/** The scene's tokens as the engine's grid snapshot (ids are token ids; sides are dispositions). */
export function gridSnapshotOf(scene: Scene.Implementation): GridSnapshot {
  const g = sceneGeometry(scene);
  const creatures: GridCreature[] = tokensOf(scene).map((token) => ({
    id: token.id ?? "",
    side: sideOf(token),
    square: squareAt(g, { x: token.x, y: token.y }),
    size: Math.max(1, Math.ceil(Math.max(token.width, token.height))),
    threatens: fights(token),
  }));
  return { creatures, obstacles: [] };
}
