/**
 * Formation placement: where tokens dropped on a picked square go. Each token, in the order given, takes
 * the free space nearest the picked square, measured by steps around walls (then straight-line distance,
 * then top row, then left column, so the same input always gives the same places). A space is free when
 * it lies on the scene, overlaps no token already there or placed before, no wall passes through it, and
 * the centre of every square it covers is reachable from the picked square's centre by orthogonal steps
 * that cross no wall. A token that finds no such space is reported with the reason, never forced in.
 *
 * Grid units throughout: the scene is `width` × `height` squares with {0, 0} at its top-left, and walls
 * are segments in the same units (see wall-geometry.ts).
 */
import { err, ok, type I18nKey, type Result } from "../core/result.ts";
import { isValidSquare, type Square } from "../movement/grid.ts";
import { segmentsMeet, wallBounds, wallCutsOpenBox, type WallSegment } from "./wall-geometry.ts";

/** A token to place: its id and the side of its space in squares (1 Medium, 2 Large, …). */
export interface FormationToken {
  readonly id: string;
  readonly size: number;
}

/** A space already taken on the scene: top-left square and side in squares. */
export interface TakenSpace {
  readonly square: Square;
  readonly size: number;
}

export interface FormationInput {
  /** Scene size in squares. */
  readonly width: number;
  readonly height: number;
  /** The picked square. */
  readonly anchor: Square;
  readonly tokens: readonly FormationToken[];
  /** Tokens already on the scene (they may hang over its edge). */
  readonly taken?: readonly TakenSpace[];
  readonly walls?: readonly WallSegment[];
}

export interface FormationPlacement {
  readonly id: string;
  /** Top-left square of the token's space. */
  readonly square: Square;
}

export interface FormationMiss {
  readonly id: string;
  /** `TEMPO.FORMATION.TooLarge` (bigger than the scene) or `TEMPO.FORMATION.NoRoom`. */
  readonly reason: I18nKey;
}

export interface Formation {
  readonly placed: readonly FormationPlacement[];
  readonly unplaced: readonly FormationMiss[];
}

/** The largest scene side accepted, in squares (bounds the work: a 500 × 500 scene is 250,000 squares). */
export const FORMATION_MAX_SIDE = 500;

function isWholeAtLeast(value: number, least: number): boolean {
  return Number.isInteger(value) && value >= least;
}

function finitePoint(point: unknown): boolean {
  if (typeof point !== "object" || point === null) return false;
  const { x, y } = point as { x?: unknown; y?: unknown };
  return typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y);
}

/** Input errors name the first bad part; nothing is placed when any part is bad. */
function checkInput(input: FormationInput): Result<FormationInput> {
  const { width, height, anchor } = input;
  if (
    !isWholeAtLeast(width, 1) ||
    !isWholeAtLeast(height, 1) ||
    width > FORMATION_MAX_SIDE ||
    height > FORMATION_MAX_SIDE
  )
    return err("TEMPO.ERRORS.Formation.InvalidScene", {
      width: String(width),
      height: String(height),
      max: FORMATION_MAX_SIDE,
    });
  if (
    !finitePoint(anchor) ||
    !isValidSquare(anchor) ||
    anchor.x < 0 ||
    anchor.y < 0 ||
    anchor.x >= width ||
    anchor.y >= height
  )
    return err("TEMPO.ERRORS.Formation.AnchorOutside", { width, height });
  if (!Array.isArray(input.tokens)) return err("TEMPO.ERRORS.Formation.InvalidToken", { index: 0 });
  const ids = new Set<string>();
  for (const [index, token] of input.tokens.entries()) {
    const sound = typeof token === "object" && token !== null && typeof token.id === "string" && token.id !== "";
    if (!sound || ids.has(token.id) || !isWholeAtLeast(token.size, 1))
      return err("TEMPO.ERRORS.Formation.InvalidToken", { index: index + 1 });
    ids.add(token.id);
  }
  for (const [index, space] of (input.taken ?? []).entries()) {
    if (!finitePoint(space?.square) || !isValidSquare(space.square) || !isWholeAtLeast(space.size, 1))
      return err("TEMPO.ERRORS.Formation.InvalidTaken", { index: index + 1 });
  }
  for (const [index, wall] of (input.walls ?? []).entries()) {
    if (!finitePoint(wall?.a) || !finitePoint(wall?.b))
      return err("TEMPO.ERRORS.Formation.InvalidWall", { index: index + 1 });
  }
  return ok(input);
}

/** The scene as flat arrays indexed by x + y·width. */
interface Board {
  readonly width: number;
  readonly height: number;
  readonly walls: readonly WallSegment[];
  /** Steps from the picked square around walls; -1 where it cannot be reached. */
  readonly steps: Int32Array;
  /** 1 where a token stands. */
  readonly taken: Uint8Array;
}

/** The walls that block the orthogonal step from square {x, y} to {x + dx, y + dy}. */
function stepBlocked(walls: readonly WallSegment[], x: number, y: number, dx: number, dy: number): boolean {
  const from = { x: x + 0.5, y: y + 0.5 };
  const to = { x: from.x + dx, y: from.y + dy };
  return walls.some((wall) => segmentsMeet(from, to, wall.a, wall.b));
}

/** Breadth-first steps from the anchor; each wall is only tested against the steps near it. */
function floodSteps(width: number, height: number, anchor: Square, walls: readonly WallSegment[]): Int32Array {
  // Steps east (index 0) and south (index 1) of each square that some wall blocks.
  const blocked = [new Uint8Array(width * height), new Uint8Array(width * height)] as const;
  for (const wall of walls) {
    const box = wallBounds(wall);
    const x0 = Math.max(0, Math.floor(box.minX - 1.5));
    const y0 = Math.max(0, Math.floor(box.minY - 1.5));
    const x1 = Math.min(width - 1, Math.ceil(box.maxX + 0.5));
    const y1 = Math.min(height - 1, Math.ceil(box.maxY + 0.5));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (x + 1 < width && stepBlocked([wall], x, y, 1, 0)) blocked[0][x + y * width] = 1;
        if (y + 1 < height && stepBlocked([wall], x, y, 0, 1)) blocked[1][x + y * width] = 1;
      }
    }
  }
  const steps = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  const start = anchor.x + anchor.y * width;
  steps[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const at = queue[head++] ?? 0;
    const x = at % width;
    const next = (steps[at] ?? 0) + 1;
    // The four neighbours that exist and whose step no wall blocks (no closure: this loop runs per square).
    const neighbours = [
      x + 1 < width && blocked[0][at] === 0 ? at + 1 : -1,
      x > 0 && blocked[0][at - 1] === 0 ? at - 1 : -1,
      at + width < width * height && blocked[1][at] === 0 ? at + width : -1,
      at >= width && blocked[1][at - width] === 0 ? at - width : -1,
    ];
    for (const to of neighbours) {
      if (to >= 0 && steps[to] === -1) {
        steps[to] = next;
        queue[tail++] = to;
      }
    }
  }
  return steps;
}

/** 1 at x + y·width where a wall passes through the space of side `size` whose top-left square is {x, y}. */
function cutSpaces(board: Board, size: number): Uint8Array {
  const { width, height, walls } = board;
  const cut = new Uint8Array(width * height);
  for (const wall of walls) {
    // Only spaces whose box overlaps the wall's box can be cut by it.
    const box = wallBounds(wall);
    const x0 = Math.max(0, Math.floor(box.minX) - size);
    const y0 = Math.max(0, Math.floor(box.minY) - size);
    const x1 = Math.min(width - size, Math.ceil(box.maxX));
    const y1 = Math.min(height - size, Math.ceil(box.maxY));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++)
        if (cut[x + y * width] === 0 && wallCutsOpenBox(wall, x, y, x + size, y + size)) cut[x + y * width] = 1;
  }
  return cut;
}

/** Summed-area table of the squares that cannot be reached: (width + 1) × (height + 1) entries. */
function unreachableSums(board: Board): Int32Array {
  const { width, height, steps } = board;
  const sums = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const here = (steps[x + y * width] ?? -1) < 0 ? 1 : 0;
      const at = x + 1 + (y + 1) * (width + 1);
      sums[at] = here + (sums[at - 1] ?? 0) + (sums[at - width - 1] ?? 0) - (sums[at - width - 2] ?? 0);
    }
  }
  return sums;
}

/**
 * Every space of side `size` that stays on the scene, has every square reachable and no wall through it,
 * nearest first, as top-left indices x + y·width. Occupation is checked later, as tokens are placed.
 */
function candidates(board: Board, anchor: Square, size: number): Int32Array {
  const { width, height, steps } = board;
  const cut = cutSpaces(board, size);
  const sums = unreachableSums(board);
  const row = width + 1;
  const found: number[] = [];
  // Sort keys by top-left index: steps to the space's square nearest the anchor, and (doubled, to stay
  // whole) the squared centre-to-centre distance. The index itself breaks ties: top row, then left column.
  const stepKey = new Int32Array(width * height);
  const awayKey = new Float64Array(width * height);
  for (let y = 0; y + size <= height; y++) {
    for (let x = 0; x + size <= width; x++) {
      const at = x + y * width;
      if (cut[at] === 1) continue;
      const top = y * row;
      const bottom = (y + size) * row;
      const unreachable =
        (sums[bottom + x + size] ?? 0) - (sums[top + x + size] ?? 0) - (sums[bottom + x] ?? 0) + (sums[top + x] ?? 0);
      if (unreachable > 0) continue;
      const nearX = Math.min(Math.max(anchor.x, x), x + size - 1);
      const nearY = Math.min(Math.max(anchor.y, y), y + size - 1);
      const offX = 2 * x + size - 2 * anchor.x - 1;
      const offY = 2 * y + size - 2 * anchor.y - 1;
      stepKey[at] = steps[nearX + nearY * width] ?? 0;
      awayKey[at] = offX * offX + offY * offY;
      found.push(at);
    }
  }
  return Int32Array.from(found).sort(
    (p, q) => (stepKey[p] ?? 0) - (stepKey[q] ?? 0) || (awayKey[p] ?? 0) - (awayKey[q] ?? 0) || p - q,
  );
}

function isFree(board: Board, x: number, y: number, size: number): boolean {
  for (let dy = 0; dy < size; dy++)
    for (let dx = 0; dx < size; dx++) if (board.taken[x + dx + (y + dy) * board.width] === 1) return false;
  return true;
}

function take(board: Board, square: Square, size: number): void {
  for (let y = Math.max(0, square.y); y < Math.min(board.height, square.y + size); y++)
    for (let x = Math.max(0, square.x); x < Math.min(board.width, square.x + size); x++)
      board.taken[x + y * board.width] = 1;
}

/**
 * Places `tokens` around `anchor` (see the file comment). Errors: `Formation.InvalidScene`,
 * `Formation.AnchorOutside`, `Formation.InvalidToken`, `Formation.InvalidTaken`, `Formation.InvalidWall`.
 */
export function placeFormation(input: FormationInput): Result<Formation> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const { width, height, anchor, tokens } = input;
  const walls = input.walls ?? [];
  const board: Board = {
    width,
    height,
    walls,
    steps: floodSteps(width, height, anchor, walls),
    taken: new Uint8Array(width * height),
  };
  for (const space of input.taken ?? []) take(board, space.square, space.size);

  // Per size: the sorted spaces and how far along them a taken one has been found. Taken squares
  // only ever grow, so a space passed over once is never free again.
  const bySize = new Map<number, { list: Int32Array; next: number }>();
  const placed: FormationPlacement[] = [];
  const unplaced: FormationMiss[] = [];
  for (const token of tokens) {
    if (token.size > width || token.size > height) {
      unplaced.push({ id: token.id, reason: "TEMPO.FORMATION.TooLarge" });
      continue;
    }
    let spaces = bySize.get(token.size);
    if (spaces === undefined) {
      spaces = { list: candidates(board, anchor, token.size), next: 0 };
      bySize.set(token.size, spaces);
    }
    let found: Square | null = null;
    while (found === null && spaces.next < spaces.list.length) {
      const at = spaces.list[spaces.next] ?? 0;
      const square = { x: at % width, y: Math.floor(at / width) };
      if (isFree(board, square.x, square.y, token.size)) found = square;
      else spaces.next += 1;
    }
    if (found === null) {
      unplaced.push({ id: token.id, reason: "TEMPO.FORMATION.NoRoom" });
      continue;
    }
    take(board, found, token.size);
    placed.push({ id: token.id, square: found });
  }
  return ok({ placed, unplaced });
}
