/**
 * A scene as the engine's formation placement reads it (src/engine/encounters/formation.ts): squares
 * counted from the scene's top-left corner (the canvas has padding around the scene: `dimensions.sceneX`
 * and `sceneY`), the tokens already there as taken spaces, and the walls that block movement, in grid
 * units. And back: a placed square as the canvas position of a token's top-left corner. This is how
 * open systems read the same documents: a wall's `c` is [x0, y0, x1, y1] in canvas pixels and its `move`
 * is 0 (CONST.WALL_MOVEMENT_TYPES.NONE) when it does not block movement; a token's `width` and `height`
 * are in grid squares and its `x`, `y` its top-left corner in pixels.
 */
import type { FormationInput, FormationToken, Square, TakenSpace, WallSegment } from "../../engine/index.ts";

export interface SceneGeometry {
  /** Canvas pixels of the scene's top-left corner, and of one grid square. */
  readonly originX: number;
  readonly originY: number;
  readonly size: number;
  /** Scene size in squares. */
  readonly width: number;
  readonly height: number;
}

interface Dimensions {
  readonly sceneX: number;
  readonly sceneY: number;
  readonly sceneWidth: number;
  readonly sceneHeight: number;
  readonly size: number;
}

export function sceneGeometry(scene: Scene.Implementation): SceneGeometry {
  const d = scene.dimensions as unknown as Dimensions;
  return {
    originX: d.sceneX,
    originY: d.sceneY,
    size: d.size,
    width: Math.floor(d.sceneWidth / d.size),
    height: Math.floor(d.sceneHeight / d.size),
  };
}

/** The square under a canvas point (may be off the scene: the engine refuses it). */
export function squareAt(geometry: SceneGeometry, point: { readonly x: number; readonly y: number }): Square {
  return {
    x: Math.floor((point.x - geometry.originX) / geometry.size),
    y: Math.floor((point.y - geometry.originY) / geometry.size),
  };
}

/** The canvas position of a square's top-left corner. */
export function canvasOf(geometry: SceneGeometry, square: Square): { x: number; y: number } {
  return { x: geometry.originX + square.x * geometry.size, y: geometry.originY + square.y * geometry.size };
}

function takenSpaces(scene: Scene.Implementation, g: SceneGeometry): TakenSpace[] {
  return scene.tokens.contents.map((token) => {
    const x = Math.floor((token.x - g.originX) / g.size);
    const y = Math.floor((token.y - g.originY) / g.size);
    return { square: { x, y }, size: Math.max(1, Math.ceil(Math.max(token.width ?? 1, token.height ?? 1))) };
  });
}

function blockingWalls(scene: Scene.Implementation, g: SceneGeometry): WallSegment[] {
  const walls: WallSegment[] = [];
  for (const wall of scene.walls.contents) {
    const [x0, y0, x1, y1] = wall.c;
    if (wall.move === 0 || x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined) continue;
    const at = (x: number, y: number) => ({ x: (x - g.originX) / g.size, y: (y - g.originY) / g.size });
    walls.push({ a: at(x0, y0), b: at(x1, y1) });
  }
  return walls;
}

/** What the formation placement needs to place `tokens` around the square under `point`. */
export function formationInput(
  scene: Scene.Implementation,
  point: { readonly x: number; readonly y: number },
  tokens: readonly FormationToken[],
): FormationInput {
  const g = sceneGeometry(scene);
  return {
    width: g.width,
    height: g.height,
    anchor: squareAt(g, point),
    tokens,
    taken: takenSpaces(scene, g),
    walls: blockingWalls(scene, g),
  };
}
