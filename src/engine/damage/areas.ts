import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import type { SpellAreaShape } from "../items/item-types.ts";
import { coneOffsets, FACINGS, quarterTurn, weaponReachFeet, type Facing, type GridOffset } from "./cleave.ts";
import type { WeaponProperty } from "./weapon-properties.ts";

/**
 * Issue 20 item 4: the squares an area covers (FEAT-CLEAVE's cone, a spell's area) and the creatures
 * standing in them, in grid squares (y grows downwards, as on the canvas). The Foundry layer places the
 * squares as a Region and offers the creatures in them as the card's targets.
 *
 * **Rulings** (the seeds give spells a shape and a size in feet, and nothing more):
 * - An area is aimed at one creature: a cone or a line starts at the user's space and points toward the
 *   aimed creature, one of the eight facings (the nearest to the line between the two centres); a burst
 *   (sphere, cylinder) or a cube is centred on the aimed creature's space.
 * - A spell's cone is laid out as FEAT-CLEAVE's (cleave.ts): the row d squares out runs d squares past
 *   each side of the body, so it is as wide as it is long; its size is its length.
 * - A line is one square wide and its size long, straight out from the middle of the body's front face
 *   (facing a corner: the diagonal from that corner).
 * - A burst's size is its radius from the edge of the aimed creature's space: a square is in when its
 *   centre lies within (size / 5 + half the space's side) squares of the space's centre (a 5 ft burst on
 *   a Medium creature is the 3×3 block around it; 10 ft is 5×5 without the corners).
 * - A cube's size is its side, centred on the aimed creature's space (rounded toward the lower right).
 * - The user is never a target of its own area (the GM can still target it by hand).
 * - FEAT-CLEAVE and every area: an area affects every creature standing in it, seen or not (the rules
 *   ask nothing of what its user sees; `creaturesInArea` is given every creature). What the user is told
 *   is the view's (issue 18 item 5): a player's dialog counts and names only the creatures that player
 *   sees (foundry canvas/area-regions.ts `areaPreview`), and the cards about a hidden creature go to the
 *   GMs only, naming it by reference (view/chat/roll-audience.ts `targetCardAudience`).
 */
export type AreaKind = "cone" | "line" | "burst" | "cube";

export interface AreaSpec {
  readonly kind: AreaKind;
  /** Length (cone, line), radius (burst) or side (cube), in feet: 5, 10, 15 … */
  readonly feet: number;
}

/** A creature's space: its top-left square and the squares per side. */
export interface AreaBody {
  readonly square: GridOffset;
  readonly size: number;
}

export interface AreaCreature extends AreaBody {
  readonly id: string;
}

/** A run of covered squares: `width` × `height` squares from (x, y). */
export interface AreaRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const SPELL_AREA_KIND: Readonly<Record<SpellAreaShape, AreaKind | null>> = {
  none: null,
  cone: "cone",
  line: "line",
  sphere: "burst",
  cylinder: "burst",
  cube: "cube",
};

/** The area a spell covers (null: a single-target spell, or one of size 0). */
export function spellAreaSpec(area: { readonly shape: SpellAreaShape; readonly size: number }): AreaSpec | null {
  const kind = Object.hasOwn(SPELL_AREA_KIND, area.shape) ? SPELL_AREA_KIND[area.shape] : null;
  return kind === null || area.size <= 0 ? null : { kind, feet: area.size };
}

/** FEAT-CLEAVE: a cone as long as the weapon's reach. */
export function cleaveAreaSpec(properties: readonly WeaponProperty[]): AreaSpec {
  return { kind: "cone", feet: weaponReachFeet(properties) };
}

const centreOfBody = (b: AreaBody) => ({ x: b.square.x + b.size / 2, y: b.square.y + b.size / 2 });

function soundBody(b: AreaBody): boolean {
  return (
    typeof b === "object" &&
    b !== null &&
    Number.isInteger(b.square?.x) &&
    Number.isInteger(b.square?.y) &&
    Number.isInteger(b.size) &&
    b.size >= 1
  );
}

/** The facing from `from`'s space toward `to`'s: the nearest of the eight to the line between the centres. */
export function facingToward(from: AreaBody, to: AreaBody): Result<Facing> {
  if (!soundBody(from) || !soundBody(to)) return err("TEMPO.ERRORS.Area.InvalidBody");
  const a = centreOfBody(from);
  const b = centreOfBody(to);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return err("TEMPO.ERRORS.Area.NoDirection");
  // Clockwise from north (−y), in eighths of a turn.
  const eighth = Math.round(Math.atan2(dx, -dy) / (Math.PI / 4));
  return ok(FACINGS[((eighth % 8) + 8) % 8] ?? "n");
}

function lineOffsets(k: number, facing: Facing, feet: number): GridOffset[] {
  const turn = FACINGS.indexOf(facing);
  const squares: GridOffset[] = [];
  for (let d = 1; d <= feet / 5; d++) {
    let square = turn % 2 === 0 ? { x: Math.floor((k - 1) / 2), y: -d } : { x: k - 1 + d, y: -d };
    for (let q = 0; q < Math.floor(turn / 2); q++) square = quarterTurn(square, k);
    squares.push(square);
  }
  return squares;
}

function burstSquares(aim: AreaBody, feet: number): GridOffset[] {
  const c = centreOfBody(aim);
  const radius = feet / 5 + aim.size / 2;
  const squares: GridOffset[] = [];
  for (let y = Math.floor(c.y - radius); y <= Math.ceil(c.y + radius); y++) {
    for (let x = Math.floor(c.x - radius); x <= Math.ceil(c.x + radius); x++) {
      if (Math.hypot(x + 0.5 - c.x, y + 0.5 - c.y) <= radius) squares.push({ x, y });
    }
  }
  return squares;
}

function cubeSquares(aim: AreaBody, feet: number): GridOffset[] {
  const n = feet / 5;
  const c = centreOfBody(aim);
  const x0 = Math.round(c.x - n / 2);
  const y0 = Math.round(c.y - n / 2);
  const squares: GridOffset[] = [];
  for (let y = y0; y < y0 + n; y++) for (let x = x0; x < x0 + n; x++) squares.push({ x, y });
  return squares;
}

/**
 * The squares `spec` covers, used by `user` and aimed at `aim` (rulings above), sorted by row then
 * column. Errors: `Area.InvalidSize` (not a whole 5 ft step), `Area.InvalidBody`, `Area.NoDirection`.
 */
export function areaSquares(spec: AreaSpec, user: AreaBody, aim: AreaBody): Result<GridOffset[]> {
  const feet = spec?.feet;
  if (!Number.isInteger(feet) || feet < 5 || feet % 5 !== 0)
    return err("TEMPO.ERRORS.Area.InvalidSize", { size: shown(feet) });
  const facing = facingToward(user, aim);
  if (!facing.ok) return facing;
  const from = (offsets: readonly GridOffset[]) =>
    offsets.map((o) => ({ x: user.square.x + o.x, y: user.square.y + o.y }));
  let squares: GridOffset[];
  if (spec.kind === "cone") {
    const cone = coneOffsets(user.size, facing.value, feet);
    if (!cone.ok) return cone;
    squares = from(cone.value);
  } else if (spec.kind === "line") squares = from(lineOffsets(user.size, facing.value, feet));
  else if (spec.kind === "burst") squares = burstSquares(aim, feet);
  else if (spec.kind === "cube") squares = cubeSquares(aim, feet);
  else return err("TEMPO.ERRORS.Area.InvalidShape", { shape: shown(spec.kind) });
  return ok(squares.sort((a, b) => a.y - b.y || a.x - b.x));
}

/** The creatures with a square of their space in the area, in the given order, `userId` left out. */
export function creaturesInArea(
  squares: readonly GridOffset[],
  creatures: readonly AreaCreature[],
  userId: string,
): string[] {
  const covered = new Set(squares.map((s) => `${s.x},${s.y}`));
  return creatures
    .filter((c) => {
      if (c.id === userId) return false;
      for (let dy = 0; dy < c.size; dy++)
        for (let dx = 0; dx < c.size; dx++) if (covered.has(`${c.square.x + dx},${c.square.y + dy}`)) return true;
      return false;
    })
    .map((c) => c.id);
}

/** The covered squares as runs along each row (one rectangle per run), for drawing the area. */
export function areaRectangles(squares: readonly GridOffset[]): AreaRect[] {
  const sorted = [...squares].sort((a, b) => a.y - b.y || a.x - b.x);
  const rects: AreaRect[] = [];
  for (const s of sorted) {
    const last = rects.at(-1);
    if (last !== undefined && last.y === s.y && last.x + last.width === s.x)
      rects[rects.length - 1] = { ...last, width: last.width + 1 };
    else if (last === undefined || last.y !== s.y || last.x + last.width < s.x)
      rects.push({ x: s.x, y: s.y, width: 1, height: 1 });
  }
  return rects;
}
