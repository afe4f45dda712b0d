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
  gridCreatureOf,
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
  /** Hidden from players (TokenDocument `hidden`, v13 and v14). */
  readonly hidden?: boolean;
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
 * The scene's tokens as the engine's grid snapshot (ids are token ids). Who fights whom is the engine's
 * `gridCreatureOf` (sides from dispositions, CONST.TOKEN_DISPOSITIONS,
 * https://foundryvtt.com/api/variables/CONST.TOKEN_DISPOSITIONS.html; who is down from its statuses).
 * `defeated` names the tokens whose combatant is marked defeated.
 */
export function gridSnapshotOf(scene: Scene.Implementation, defeated: ReadonlySet<string> = new Set()): GridSnapshot {
  const creatures: GridCreature[] = tokensOf(scene).map((token) => gridCreatureOfToken(scene, token, defeated));
  return { creatures, obstacles: [] };
}

/** One token as the engine's grid creature (its square: the one under the centre of its top-left square). */
export function gridCreatureOfToken(
  scene: Scene.Implementation,
  token: PlacedToken,
  defeated: ReadonlySet<string> = new Set(),
): GridCreature {
  const g = sceneGeometry(scene);
  return gridCreatureOf({
    id: token.id ?? "",
    disposition: token.disposition,
    square: squareAt(g, { x: token.x + g.size / 2, y: token.y + g.size / 2 }),
    width: token.width,
    height: token.height,
    statuses: [...(token.actor?.statuses ?? [])],
    defeated: defeated.has(token.id ?? ""),
  });
}
