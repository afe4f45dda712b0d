import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import { moveAlong } from "../../../src/engine/movement/movement-turn.ts";
import { startRotationMove } from "../../../src/engine/movement/rotation-moves.ts";

describe("movement: rotation moves", () => {
  it("ROT-11: Disengage moves 5 ft, in any direction, without provoking", () => {
    const turn = unwrap(startRotationMove("disengage", { walk: 30 }, { x: 0, y: 0 }));
    expect(turn.provokes).toBe(false);
    const moved = unwrap(moveAlong(turn, [{ to: { x: 1, y: 1 }, mode: "walk" }]));
    expect(moveAlong(moved, [{ to: { x: 2, y: 1 }, mode: "walk" }])).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("ROT-11: a 5 ft step moves one square and does not provoke (issue 21); a move covers the creature's speed", () => {
    const step = unwrap(startRotationMove("step", { walk: 30, fly: 60 }, { x: 0, y: 0 }));
    expect(step).toMatchObject({ provokes: false, speeds: { walk: 5, fly: 5 } });
    const move = unwrap(startRotationMove("move", { walk: 30 }, { x: 0, y: 0 }));
    expect(
      unwrap(
        moveAlong(
          move,
          [1, 2, 3, 4, 5, 6].map((x) => ({ to: { x, y: 0 }, mode: "walk" as const })),
        ),
      ).movedFeet,
    ).toBe(30);
    expect(startRotationMove("step", { walk: -10 }, { x: 0, y: 0 }).ok).toBe(false);
  });
});
