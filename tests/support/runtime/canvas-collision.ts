/**
 * The drawn canvas of each client, as far as the rules ask it: which scene is viewed and whether a
 * segment between two points collides with that scene's walls, as public sources show v13 and v14:
 * - `canvas.ready` is true once the viewed scene is drawn and `canvas.scene` is that Scene (the system's
 *   tracker-input.ts reads them so; Daggerheart's turn context checks `canvas.ready` the same way).
 * - `CONFIG.Canvas.polygonBackends[type].testCollision(origin, destination, { type, mode })` tests the
 *   segment against the edges that restrict `type` ("light", "sight", "sound", "move":
 *   CONST.WALL_RESTRICTION_TYPES, https://foundryvtt.com/api/variables/CONST.WALL_RESTRICTION_TYPES.html;
 *   the method is ClockwiseSweepPolygon.testCollision,
 *   https://foundryvtt.com/api/classes/foundry.canvas.geometry.ClockwiseSweepPolygon.html). `mode` "any"
 *   answers a boolean, "closest" the nearest collision point or null, "all" every collision point.
 *   Open code calls it so: Kapuzenjoe/simplecover5e (scripts/services/cover.engine.mjs) tests sample
 *   points for cover with `polygonBackends.sight.testCollision(A, B, { type: "sight", mode: "any" })`,
 *   and template-targeting modules test reach with `{ mode: "any", type: "move" }`.
 * - A wall restricts each type by its own field (`move`, `sight`, `light`, `sound`; API WallData):
 *   CONST.WALL_SENSE_TYPES NONE 0, LIMITED 10, NORMAL 20, PROXIMITY 30, DISTANCE 40
 *   (https://foundryvtt.com/api/variables/CONST.WALL_SENSE_TYPES.html), and movement NONE 0 or NORMAL 20.
 *   A limited (terrain) wall lets a sense "partially pass through" (https://foundryvtt.com/article/walls/):
 *   the first one crossed is seen through, the second stops it. A wall's fields default to NORMAL.
 * - A door (`door` above 0) that is open (`ds` 1, CONST.WALL_DOOR_STATES.OPEN) restricts nothing: "When
 *   open, they allow movement, vision, light, and sound to pass through them" (the walls article).
 * Not modelled: one-way walls (`dir`), the proximity thresholds (a PROXIMITY or DISTANCE wall stops a
 * sense as a NORMAL one does here), elevation, v14's levels and the scene's outer boundary.
 */
import { runningScenes, type SceneModel } from "./scene.ts";
import type { World } from "../foundry-world.ts";

type Obj = Record<string, unknown>;
interface Point {
  readonly x: number;
  readonly y: number;
}
type Mode = "any" | "all" | "closest";

const LIMITED = 10;
const OPEN = 1;

/** Where segment p→q crosses segment a→b (the ends included), as a fraction t along p→q, or null. */
function crossing(p: Point, q: Point, a: Point, b: Point): number | null {
  const r = { x: q.x - p.x, y: q.y - p.y };
  const s = { x: b.x - a.x, y: b.y - a.y };
  const denominator = r.x * s.y - r.y * s.x;
  if (denominator === 0) return null;
  const t = ((a.x - p.x) * s.y - (a.y - p.y) * s.x) / denominator;
  const u = ((a.x - p.x) * r.y - (a.y - p.y) * r.x) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/** The viewed scene's walls restricting `type`, each with its restriction. */
function restrictingWalls(type: string): { a: Point; b: Point; limited: boolean }[] {
  const scene = viewedScene();
  if (scene === null) return [];
  const walls: { a: Point; b: Point; limited: boolean }[] = [];
  for (const wall of scene.walls.contents) {
    const source = wall._source as Obj;
    const restriction = typeof source[type] === "number" ? source[type] : 20;
    const open = typeof source.door === "number" && source.door > 0 && source.ds === OPEN;
    const [x0, y0, x1, y1] = wall.c;
    if (restriction === 0 || open || x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined)
      continue;
    walls.push({ a: { x: x0, y: y0 }, b: { x: x1, y: y1 }, limited: restriction === LIMITED });
  }
  return walls;
}

/** Core's testCollision over the viewed scene's walls (see the file comment). */
function testCollision(origin: Point, destination: Point, options: { type?: string; mode?: Mode } = {}): unknown {
  const type = options.type ?? "move";
  const mode = options.mode ?? "all";
  const hits: { t: number; limited: boolean }[] = [];
  for (const wall of restrictingWalls(type)) {
    const t = crossing(origin, destination, wall.a, wall.b);
    if (t !== null) hits.push({ t, limited: wall.limited });
  }
  hits.sort((x, y) => x.t - y.t);
  // A limited wall lets the first crossing through: the collisions are the normal walls and every limited
  // one from the second on.
  let limitedSeen = 0;
  const stops = hits.filter((h) => !h.limited || ++limitedSeen >= 2);
  const at = (t: number) => ({
    x: origin.x + (destination.x - origin.x) * t,
    y: origin.y + (destination.y - origin.y) * t,
  });
  if (mode === "any") return stops.length > 0;
  if (mode === "closest") return stops[0] === undefined ? null : at(stops[0].t);
  return stops.map((h) => at(h.t));
}

const backend = { testCollision };

let viewedId: string | null = null;

function viewedScene(): SceneModel | null {
  return viewedId === null ? null : (runningScenes().get(viewedId) ?? null);
}

export interface CanvasControl {
  /** Every client views (and has drawn) `scene`; null: no scene is viewed, the canvas is not ready. */
  view(scene: SceneModel | null): void;
  uninstall(): void;
}

/** Installs `canvas.scene`, `canvas.ready` and `CONFIG.Canvas.polygonBackends` on the world's clients. */
export function installCanvas(world: World): CanvasControl {
  const before = Object.getOwnPropertyDescriptor(globalThis, "canvas");
  const previous = (globalThis as unknown as { canvas?: Obj }).canvas;
  const canvas = {
    ...(typeof previous === "object" && previous !== null ? previous : {}),
    get ready() {
      return viewedScene() !== null;
    },
    get scene() {
      return viewedScene();
    },
  };
  Object.defineProperty(globalThis, "canvas", { value: canvas, configurable: true, writable: true });
  const configure = () => {
    for (const client of world.runtime.network.connectedClients)
      client.CONFIG.Canvas = { polygonBackends: { sight: backend, move: backend, light: backend, sound: backend } };
  };
  return {
    view(scene) {
      viewedId = scene?.id ?? null;
      configure();
    },
    uninstall() {
      viewedId = null;
      if (before === undefined) Reflect.deleteProperty(globalThis, "canvas");
      else Object.defineProperty(globalThis, "canvas", before);
      for (const client of world.runtime.network.connectedClients) Reflect.deleteProperty(client.CONFIG, "Canvas");
    },
  };
}
