import { describe, expect, it } from "vitest";
import {
  judgeLandedMove,
  readTurnMoves,
  turnMovesAtStart,
  type LandedMoveInput,
} from "../../../src/engine/host/landed-move.ts";

const A = { x: 0, y: 0 };
const B = { x: 500, y: 0 };
const C = { x: 700, y: 0 };

function input(over: Partial<LandedMoveInput> = {}): LandedMoveInput {
  return {
    access: { ok: true, how: { kind: "move" }, enforced: true },
    byGM: false,
    ownMove: true,
    forced: false,
    recorded: true,
    teleports: false,
    segments: [{ mode: "walk", feet: 25 }],
    diagonals: 0,
    from: A,
    to: B,
    record: turnMovesAtStart(A),
    sinceFeet: 0,
    budget: { speeds: { walk: 30 }, ended: false },
    refuseOverBudget: true,
    ...over,
  };
}

describe("a landed move judged once by the GM (issue 21)", () => {
  it("STD-7: an accepted move adds its feet and stands the token where it landed; the next one over the speed goes back there", () => {
    const first = judgeLandedMove(input());
    expect(first).toMatchObject({ ok: true, record: { feet: 25, at: B } });
    if (!first.ok) return;
    const second = judgeLandedMove(
      input({ from: B, to: C, segments: [{ mode: "walk", feet: 10 }], record: first.record }),
    );
    expect(second).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.TooFar" }, back: B });
  });

  it("STD-7: a move starting from a square the GM is putting the token back from is refused, back to where it last stood", () => {
    const verdict = judgeLandedMove(input({ from: C, to: B, segments: [{ mode: "walk", feet: 10 }] }));
    expect(verdict).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.FromPutBack" }, back: A });
  });

  it("ROT-10, ROT-11: a GM is never refused; its push, its unrecorded write and a teleport spend nothing; a player's over-budget move only warns where the table warns", () => {
    const gm = { byGM: true, access: { ok: true, how: { kind: "move" }, enforced: false } as const };
    expect(judgeLandedMove(input({ ...gm, segments: [{ mode: "walk", feet: 50 }] }))).toMatchObject({
      ok: true,
      record: { feet: 50 },
      warning: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
    for (const free of [{ forced: true }, { recorded: false }, { teleports: true }])
      expect(judgeLandedMove(input({ ...gm, ...free, segments: [{ mode: "walk", feet: 50 }] }))).toMatchObject({
        ok: true,
        record: { feet: 0, at: B },
      });
    expect(judgeLandedMove(input({ refuseOverBudget: false, segments: [{ mode: "walk", feet: 50 }] }))).toMatchObject({
      ok: true,
      warning: { key: "TEMPO.ERRORS.Movement.TooFar" },
    });
  });

  it("issue 21 item 2: a GM's move of a creature whose own move it is not spends nothing and warns of nothing; of the acting one, it spends", () => {
    const gm = { byGM: true, access: { ok: true, how: { kind: "move" }, enforced: false } as const };
    const far = { segments: [{ mode: "walk", feet: 50 }] };
    expect(judgeLandedMove(input({ ...gm, ...far, ownMove: false }))).toEqual({
      ok: true,
      how: { kind: "move" },
      record: { feet: 0, diagonals: 0, at: B },
      warning: null,
    });
    expect(judgeLandedMove(input({ ...gm, ...far, ownMove: true }))).toMatchObject({ ok: true, record: { feet: 50 } });
    // A player's move spends whatever the engine says of its turn (moveAccess refuses it out of turn).
    expect(judgeLandedMove(input({ segments: [{ mode: "walk", feet: 20 }], ownMove: false }))).toMatchObject({
      ok: true,
      record: { feet: 20 },
    });
  });

  it("ROT-11: the chosen move's allowance counts from the feet recorded when it was chosen", () => {
    const step = { ok: true, how: { kind: "rotation", move: "step" }, enforced: true } as const;
    const record = { feet: 20, diagonals: 0, at: A };
    expect(
      judgeLandedMove(input({ access: step, record, sinceFeet: 20, segments: [{ mode: "walk", feet: 5 }] })).ok,
    ).toBe(true);
    expect(
      judgeLandedMove(input({ access: step, record, sinceFeet: 15, segments: [{ mode: "walk", feet: 5 }] })),
    ).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFarForMove" },
    });
  });

  it("a stored record that is not one reads as nothing moved, standing nowhere yet", () => {
    expect(readTurnMoves({ feet: "30", diagonals: -1, at: { x: 1 } })).toEqual({ feet: 0, diagonals: 0, at: null });
  });
});
