import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import type { Square } from "../../../src/engine/movement/grid.ts";
import {
  endMovement,
  moveAlong,
  movementPosition,
  movementRemaining,
  startMovementTurn,
  type MovementMode,
  type MovementStep,
  type MovementTurn,
} from "../../../src/engine/movement/movement-turn.ts";

const line = (from: number, to: number, mode: MovementMode): MovementStep[] => {
  const steps: MovementStep[] = [];
  const dir = to > from ? 1 : -1;
  for (let x = from + dir; dir > 0 ? x <= to : x >= to; x += dir) steps.push({ to: { x, y: 0 }, mode });
  return steps;
};
const start = (speeds: Partial<Record<MovementMode, number>>, position: Square = { x: 0, y: 0 }): MovementTurn =>
  unwrap(startMovementTurn({ diagonal: "seven", speeds, position }));

describe("movement: a creature's movement in one turn", () => {
  it("STD-8: walk 30 / swim 45: walk 30 ft, then swim 15 ft more, then no further", () => {
    const walked = unwrap(moveAlong(start({ walk: 30, swim: 45 }), line(0, 6, "walk")));
    expect(movementRemaining(walked)).toEqual({ walk: 0, swim: 15 });
    const swum = unwrap(moveAlong(walked, line(6, 9, "swim")));
    expect(movementPosition(swum)).toEqual({ x: 9, y: 0 });
    expect(movementRemaining(swum)).toEqual({ walk: 0, swim: 0 });
    const tooFar = moveAlong(swum, line(9, 10, "swim"));
    expect(tooFar).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.TooFar" } });
    const walkMore = moveAlong(walked, line(6, 7, "walk"));
    expect(!walkMore.ok && walkMore.error.key).toBe("TEMPO.ERRORS.Movement.TooFar");
  });

  it("STD-8: swim 30 ft first, then no walking is left", () => {
    const swum = unwrap(moveAlong(start({ walk: 30, swim: 45 }), line(0, 6, "swim")));
    const walk = moveAlong(swum, line(6, 7, "walk"));
    expect(walk).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar", data: { mode: "walk", cost: 5, left: 0 } },
    });
    expect(unwrap(moveAlong(swum, line(6, 9, "swim"))).movedFeet).toBe(45);
  });

  it("STD-7: after 20 ft forward, only 10 ft of backpedalling is left", () => {
    const forward = unwrap(moveAlong(start({ walk: 30 }), line(0, 4, "walk")));
    const back = unwrap(moveAlong(forward, line(4, 2, "walk")));
    expect(movementPosition(back)).toEqual({ x: 2, y: 0 });
    expect(moveAlong(back, line(2, 1, "walk"))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("STD-7: four diagonal steps (28 ft) fit a 30 ft speed, then not even a straight step does", () => {
    const diag = unwrap(
      moveAlong(
        start({ walk: 30 }),
        [1, 2, 3, 4].map((i) => ({ to: { x: i, y: i }, mode: "walk" as const })),
      ),
    );
    expect(diag.movedFeet).toBe(28);
    expect(moveAlong(diag, [{ to: { x: 5, y: 4 }, mode: "walk" }])).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("PHS-6: difficult terrain spends two squares of movement per square", () => {
    const turn = unwrap(startMovementTurn({ diagonal: "five", speeds: { walk: 30 }, position: { x: 0, y: 0 } }));
    const muddy = unwrap(
      moveAlong(
        turn,
        [1, 2, 3].map((x) => ({ to: { x, y: 0 }, mode: "walk" as const, difficult: true })),
      ),
    );
    expect(muddy.movedFeet).toBe(30);
    expect(moveAlong(muddy, line(3, 4, "walk"))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("PHS-6: becoming Slowed during the movement loses the rest of it", () => {
    const moved = unwrap(moveAlong(start({ walk: 30 }), line(0, 2, "walk")));
    const slowed = endMovement(moved);
    expect(movementRemaining(slowed)).toEqual({ walk: 0 });
    expect(moveAlong(slowed, line(2, 3, "walk"))).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Movement.Ended" } });
    expect(movementPosition(slowed)).toEqual({ x: 2, y: 0 });
  });

  it("STD-8: a speed below zero is a typed error; a mode the creature lacks is refused", () => {
    expect(startMovementTurn({ diagonal: "seven", speeds: { walk: -5 }, position: { x: 0, y: 0 } })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.InvalidSpeed", data: { mode: "walk", speed: "-5" } },
    });
    expect(startMovementTurn({ diagonal: "seven", speeds: { fly: Number.NaN }, position: { x: 0, y: 0 } }).ok).toBe(
      false,
    );
    const fly = moveAlong(start({ walk: 30 }), line(0, 1, "fly"));
    expect(!fly.ok && fly.error.key).toBe("TEMPO.ERRORS.Movement.NoSpeed");
  });

  it("STD-7: a move that fails part way leaves the turn unchanged", () => {
    const turn = start({ walk: 10 });
    const copy = structuredClone(turn);
    expect(moveAlong(turn, line(0, 3, "walk"))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
    expect(turn).toEqual(copy);
  });

  it("STD-8: the movement state is plain JSON (stored on the combatant)", () => {
    const turn = unwrap(moveAlong(start({ walk: 30, swim: 45 }), line(0, 3, "walk")));
    expect(JSON.parse(JSON.stringify(turn))).toStrictEqual(turn);
  });
});
