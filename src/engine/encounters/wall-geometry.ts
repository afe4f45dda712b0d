/**
 * Walls as straight segments in grid units (1 = one square; the square {x, y} spans x…x+1, y…y+1), and
 * the two questions formation placement asks of them: does a step between square centres cross a wall,
 * and does a wall pass through a token's space. The Foundry layer divides a wall's canvas coordinates by
 * the grid size; the engine never reads the canvas.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface WallSegment {
  readonly a: Point;
  readonly b: Point;
}

/** Twice the signed area of the triangle p, q, r: > 0 counter-clockwise, < 0 clockwise, 0 collinear. */
function cross(p: Point, q: Point, r: Point): number {
  return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
}

/** r lies within the bounding box of p and q (used once p, q, r are known to be collinear). */
function withinBox(p: Point, q: Point, r: Point): boolean {
  return (
    Math.min(p.x, q.x) <= r.x && r.x <= Math.max(p.x, q.x) && Math.min(p.y, q.y) <= r.y && r.y <= Math.max(p.y, q.y)
  );
}

/**
 * The closed segments p1–p2 and q1–q2 share a point. Touching counts: a step that grazes a wall's end
 * is blocked, the cautious reading for "without crossing a wall".
 */
export function segmentsMeet(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && withinBox(q1, q2, p1)) ||
    (d2 === 0 && withinBox(q1, q2, p2)) ||
    (d3 === 0 && withinBox(p1, p2, q1)) ||
    (d4 === 0 && withinBox(p1, p2, q2))
  );
}

/**
 * The wall passes through the open rectangle x0 < x < x1, y0 < y < y1 (a token's space without its
 * border: a wall along the edge of a space does not cut it). Liang–Barsky clipping with strict bounds.
 */
export function wallCutsOpenBox(wall: WallSegment, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = wall.b.x - wall.a.x;
  const dy = wall.b.y - wall.a.y;
  // Each side of the box reads p·t < q for the wall's point a + t·(b − a), t in [0, 1].
  let enter = 0;
  let exit = 1;
  let strict = false;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0 && t >= enter) [enter, strict] = [t, true];
    if (p > 0 && t <= exit) [exit, strict] = [t, true];
    return true;
  };
  const inside =
    clip(-dx, wall.a.x - x0) && clip(dx, x1 - wall.a.x) && clip(-dy, wall.a.y - y0) && clip(dy, y1 - wall.a.y);
  // With a strict bound the open interval must be non-empty; with none, t = 0…1 all qualify.
  return inside && (strict ? enter < exit : enter <= exit);
}

/** The smallest box holding the wall, for a quick "could it touch this square at all" test. */
export function wallBounds(wall: WallSegment): { minX: number; minY: number; maxX: number; maxY: number } {
  return {
    minX: Math.min(wall.a.x, wall.b.x),
    minY: Math.min(wall.a.y, wall.b.y),
    maxX: Math.max(wall.a.x, wall.b.x),
    maxY: Math.max(wall.a.y, wall.b.y),
  };
}
