import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import { moveAlong } from "../../../src/engine/movement/movement-turn.ts";
import { startRotationMove } from "../../../src/engine/movement/rotation-moves.ts";
import {
  chooseWithStep,
  choiceAfterUndo,
  newestUndoStep,
  rotationMoveSpeeds,
  rotationMovesTaken,
} from "../../../src/engine/movement/move-steps.ts";

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

  it("ROT-11: a second Move in the round adds the speeds again; undo takes a use back, redo gives it back", () => {
    const move = { how: { kind: "rotation", move: "move" }, round: 2 } as const;
    const step = { how: { kind: "rotation", move: "step" }, round: 2 } as const;
    const once = chooseWithStep(null, move, "4");
    const twice = chooseWithStep(once, move, "5");
    expect(rotationMovesTaken(twice)).toBe(2);
    expect(rotationMoveSpeeds({ walk: 30, swim: 45 }, 2)).toEqual({ walk: 60, swim: 90 });
    expect(rotationMovesTaken(chooseWithStep(twice, { ...move, round: 3 }, "6"))).toBe(1);
    const history = (undo: string[], redo: string[]) => ({
      undo: Object.fromEntries(undo.map((k) => [k, {}])),
      redo: Object.fromEntries(redo.map((k) => [k, {}])),
    });
    expect(newestUndoStep(history(["3", "12", "4"], []))).toBe("12");
    expect(newestUndoStep(history([], []))).toBeNull();
    expect(choiceAfterUndo(twice, history(["4"], ["5"]))?.steps).toEqual(["4"]);
    expect(choiceAfterUndo(twice, history([], ["4", "5"]))).toBeNull();
    expect(choiceAfterUndo(twice, history(["4", "5"], []))).toBe(twice);
    // A step after a Move: undoing the step leaves the Move chosen.
    const stepped = chooseWithStep(once, step, "7");
    expect(choiceAfterUndo(stepped, history(["4"], ["7"]))?.how).toEqual(move.how);
  });
});
