import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placeFormation, type Formation, type FormationInput } from "../../../src/engine/encounters/formation.ts";
import type { WallSegment } from "../../../src/engine/encounters/wall-geometry.ts";

/**
 * The checks below do not reuse the placement's own geometry: walls are drawn along grid lines (as
 * Foundry walls usually are), so whether one blocks a step or cuts a space is a comparison of whole
 * numbers here, while the placement uses general segment tests.
 */
interface GridWall {
  readonly vertical: boolean;
  /** The grid line: x for a vertical wall, y for a horizontal one. */
  readonly line: number;
  readonly from: number;
  readonly to: number;
}

const toSegment = (w: GridWall): WallSegment =>
  w.vertical
    ? { a: { x: w.line, y: w.from }, b: { x: w.line, y: w.to } }
    : { a: { x: w.from, y: w.line }, b: { x: w.to, y: w.line } };

const scenario = fc
  .record({ width: fc.integer({ min: 1, max: 14 }), height: fc.integer({ min: 1, max: 14 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      anchor: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
      sizes: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 16 }),
      taken: fc.array(
        fc.record({
          square: fc.record({ x: fc.integer({ min: -1, max: width }), y: fc.integer({ min: -1, max: height }) }),
          size: fc.integer({ min: 1, max: 2 }),
        }),
        { maxLength: 4 },
      ),
      walls: fc.array(
        fc
          .record({
            vertical: fc.boolean(),
            line: fc.integer({ min: 0, max: 14 }),
            a: fc.integer({ min: 0, max: 14 }),
            b: fc.integer({ min: 0, max: 14 }),
          })
          .map(({ vertical, line, a, b }): GridWall => ({ vertical, line, from: Math.min(a, b), to: Math.max(a, b) })),
        { maxLength: 8 },
      ),
    }),
  );

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function inputOf(s: Scenario): FormationInput {
  return {
    width: s.width,
    height: s.height,
    anchor: s.anchor,
    tokens: s.sizes.map((size, i) => ({ id: `t${i}`, size })),
    taken: s.taken,
    walls: s.walls.map(toSegment),
  };
}

function run(input: FormationInput): Formation {
  const result = placeFormation(input);
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

/** A grid wall passes strictly inside the box x0…x1 × y0…y1. */
function cuts(w: GridWall, x0: number, y0: number, x1: number, y1: number): boolean {
  return w.vertical
    ? x0 < w.line && w.line < x1 && w.from < y1 && w.to > y0
    : y0 < w.line && w.line < y1 && w.from < x1 && w.to > x0;
}

/** Squares reachable from the anchor by orthogonal steps between centres that meet no wall. */
function reachable(s: Scenario): Set<string> {
  const blocksEast = (x: number, y: number): boolean =>
    s.walls.some((w) => w.vertical && w.line === x + 1 && w.from <= y + 0.5 && y + 0.5 <= w.to);
  const blocksSouth = (x: number, y: number): boolean =>
    s.walls.some((w) => !w.vertical && w.line === y + 1 && w.from <= x + 0.5 && x + 0.5 <= w.to);
  const seen = new Set([`${s.anchor.x},${s.anchor.y}`]);
  const stack = [s.anchor];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    const { x, y } = at;
    const moves: [number, number, boolean][] = [
      [x + 1, y, !blocksEast(x, y)],
      [x - 1, y, !blocksEast(x - 1, y)],
      [x, y + 1, !blocksSouth(x, y)],
      [x, y - 1, !blocksSouth(x, y - 1)],
    ];
    for (const [nx, ny, open] of moves) {
      if (!open || nx < 0 || ny < 0 || nx >= s.width || ny >= s.height || seen.has(`${nx},${ny}`)) continue;
      seen.add(`${nx},${ny}`);
      stack.push({ x: nx, y: ny });
    }
  }
  return seen;
}

const squaresOf = (x: number, y: number, size: number): string[] =>
  Array.from({ length: size * size }, (_, i) => `${x + (i % size)},${y + Math.floor(i / size)}`);

/** Every square taken at the end: tokens already there and tokens placed. */
function occupied(s: Scenario, formation: Formation): Set<string> {
  const sizes = new Map(s.sizes.map((size, i) => [`t${i}`, size]));
  const all = [
    ...s.taken.map((t) => squaresOf(t.square.x, t.square.y, t.size)),
    ...formation.placed.map((p) => squaresOf(p.square.x, p.square.y, sizes.get(p.id) ?? 0)),
  ];
  return new Set(all.flat());
}

describe("formation placement: properties", () => {
  it("placed tokens never overlap each other or the tokens already there", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const formation = run(inputOf(s));
        const used = new Set(s.taken.flatMap((t) => squaresOf(t.square.x, t.square.y, t.size)));
        for (const p of formation.placed) {
          for (const square of squaresOf(p.square.x, p.square.y, s.sizes[Number(p.id.slice(1))] ?? 0)) {
            expect(used.has(square), `${p.id} on ${square}`).toBe(false);
            used.add(square);
          }
        }
      }),
    );
  });

  it("every placed token lies wholly on the scene", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const p of run(inputOf(s)).placed) {
          const size = s.sizes[Number(p.id.slice(1))] ?? 0;
          expect(p.square.x >= 0 && p.square.y >= 0).toBe(true);
          expect(p.square.x + size <= s.width && p.square.y + size <= s.height).toBe(true);
        }
      }),
    );
  });

  it("no wall passes through a placed token, and every square it covers is reachable without crossing one", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const reach = reachable(s);
        for (const p of run(inputOf(s)).placed) {
          const size = s.sizes[Number(p.id.slice(1))] ?? 0;
          const { x, y } = p.square;
          expect(s.walls.some((w) => cuts(w, x, y, x + size, y + size))).toBe(false);
          for (const square of squaresOf(x, y, size)) expect(reach.has(square), `${p.id} on ${square}`).toBe(true);
        }
      }),
    );
  });

  it("reports every token exactly once, placed in the order given, and gives up only when no space is left", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const formation = run(inputOf(s));
        const ids = s.sizes.map((_, i) => `t${i}`);
        expect(formation.placed.map((p) => p.id)).toEqual(
          ids.filter((id) => formation.placed.some((p) => p.id === id)),
        );
        expect([...formation.placed.map((p) => p.id), ...formation.unplaced.map((m) => m.id)].sort()).toEqual(
          [...ids].sort(),
        );
        const reach = reachable(s);
        const used = occupied(s, formation);
        for (const miss of formation.unplaced) {
          const size = s.sizes[Number(miss.id.slice(1))] ?? 0;
          if (size > s.width || size > s.height) {
            expect(miss.reason).toBe("TEMPO.FORMATION.TooLarge");
            continue;
          }
          expect(miss.reason).toBe("TEMPO.FORMATION.NoRoom");
          // No space of its size is free, reachable and uncut even now (taken squares only grow).
          for (let y = 0; y + size <= s.height; y++) {
            for (let x = 0; x + size <= s.width; x++) {
              const squares = squaresOf(x, y, size);
              const open =
                squares.every((q) => reach.has(q) && !used.has(q)) &&
                !s.walls.some((w) => cuts(w, x, y, x + size, y + size));
              expect(open, `${miss.id} could stand at ${x},${y}`).toBe(false);
            }
          }
        }
      }),
    );
  });

  it("a closed room keeps everything inside it, whatever other walls (diagonal ones too) it holds", () => {
    const room = fc
      .record({
        x0: fc.integer({ min: 0, max: 6 }),
        y0: fc.integer({ min: 0, max: 6 }),
        w: fc.integer({ min: 1, max: 6 }),
        h: fc.integer({ min: 1, max: 6 }),
      })
      .chain((r) =>
        fc.record({
          room: fc.constant(r),
          anchor: fc.record({
            x: fc.integer({ min: r.x0, max: r.x0 + r.w - 1 }),
            y: fc.integer({ min: r.y0, max: r.y0 + r.h - 1 }),
          }),
          inner: fc.array(
            fc.record({
              a: fc.record({
                x: fc.double({ min: 0, max: 14, noNaN: true }),
                y: fc.double({ min: 0, max: 14, noNaN: true }),
              }),
              b: fc.record({
                x: fc.double({ min: 0, max: 14, noNaN: true }),
                y: fc.double({ min: 0, max: 14, noNaN: true }),
              }),
            }),
            { maxLength: 4 },
          ),
          sizes: fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 20 }),
        }),
      );
    fc.assert(
      fc.property(room, ({ room: r, anchor, inner, sizes }) => {
        const [x1, y1] = [r.x0 + r.w, r.y0 + r.h];
        const walls: WallSegment[] = [
          { a: { x: r.x0, y: r.y0 }, b: { x: x1, y: r.y0 } },
          { a: { x: x1, y: r.y0 }, b: { x: x1, y: y1 } },
          { a: { x: x1, y: y1 }, b: { x: r.x0, y: y1 } },
          { a: { x: r.x0, y: y1 }, b: { x: r.x0, y: r.y0 } },
          ...inner,
        ];
        const tokens = sizes.map((size, i) => ({ id: `t${i}`, size }));
        const formation = run({ width: 14, height: 14, anchor, tokens, walls });
        for (const p of formation.placed) {
          const size = sizes[Number(p.id.slice(1))] ?? 0;
          expect(p.square.x >= r.x0 && p.square.y >= r.y0 && p.square.x + size <= x1 && p.square.y + size <= y1).toBe(
            true,
          );
        }
        expect(formation.placed.length).toBeLessThanOrEqual(r.w * r.h);
      }),
    );
  });

  it("with no walls and no tokens there, every single-square token that fits on the scene is placed", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const count = Math.min(s.sizes.length, s.width * s.height);
        const formation = run({
          ...inputOf(s),
          tokens: inputOf(s)
            .tokens.slice(0, count)
            .map((t) => ({ ...t, size: 1 })),
          taken: [],
          walls: [],
        });
        expect(formation.unplaced).toEqual([]);
      }),
    );
  });
});
