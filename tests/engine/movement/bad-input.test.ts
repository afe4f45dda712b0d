import { describe, expect, it } from "vitest";
import type { DiagonalRule } from "../../../src/engine/movement/grid.ts";
import type { GridSnapshot } from "../../../src/engine/movement/grid-snapshot.ts";
import { pathCost } from "../../../src/engine/movement/path-cost.ts";
import {
  moveStep,
  startMovementTurn,
  type MovementMode,
  type MovementTurn,
} from "../../../src/engine/movement/movement-turn.ts";
import { startRotationMove, type RotationMove } from "../../../src/engine/movement/rotation-moves.ts";
import { canFightFromSpace, passThrough, weaponHasSpace } from "../../../src/engine/movement/shared-space.ts";
import { opportunityAttacks } from "../../../src/engine/movement/threat.ts";
import type { RulesetId } from "../../../src/engine/initiative/contract.ts";

const origin = { x: 0, y: 0 };

describe("movement: bad input is a typed error", () => {
  it("MOV-1: an unknown diagonal rule or a negative count of earlier diagonals is refused", () => {
    const hex = "hex" as DiagonalRule;
    expect(startMovementTurn({ diagonal: hex, speeds: { walk: 30 }, position: origin })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.InvalidDiagonalRule", data: { rule: "hex" } },
    });
    expect(pathCost([origin, { x: 1, y: 1 }], { diagonal: hex }).ok).toBe(false);
    expect(pathCost([origin, { x: 1, y: 1 }], { diagonal: "alternating", diagonalsBefore: -1 }).ok).toBe(false);
    expect(pathCost([origin, { x: 1, y: 1 }], { diagonal: "alternating", diagonalsBefore: 0.5 }).ok).toBe(false);
  });

  it("STD-8: a step in a mode that is not a movement mode is refused, even one named like an object method", () => {
    const turn = startMovementTurn({ diagonal: "seven", speeds: { walk: 30 }, position: origin });
    if (!turn.ok) throw new Error(turn.error.key);
    expect(moveStep(turn.value, { to: { x: 1, y: 0 }, mode: "toString" as MovementMode })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.NoSpeed", data: { mode: "toString" } },
    });
  });

  it("STD-7: a stored movement turn that is malformed (empty path, NaN feet, unknown rule) is refused", () => {
    const turn = startMovementTurn({ diagonal: "seven", speeds: { walk: 30 }, position: origin });
    if (!turn.ok) throw new Error(turn.error.key);
    const step = { to: { x: 1, y: 0 }, mode: "walk" as const };
    for (const [over, field] of [
      [{ path: [] }, "path"],
      [{ movedFeet: Number.NaN }, "movedFeet"],
      [{ diagonal: "hex" }, "diagonal"],
      [{ diagonals: -1 }, "diagonals"],
    ] as const) {
      expect(moveStep({ ...turn.value, ...over } as MovementTurn, step)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Movement.InvalidTurn", data: { field } },
      });
    }
  });

  it("ROT-11: an unknown rotation move is refused", () => {
    expect(startRotationMove("teleport" as RotationMove, { walk: 30 }, origin)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.UnknownMove", data: { move: "teleport" } },
    });
  });

  it("SEG-19, PHS-6: a snapshot with a creature of no size or off the grid is refused and left as it was", () => {
    const bad: GridSnapshot[] = [
      { creatures: [{ id: "a", side: "pc", square: origin, size: 0, threatens: true }], obstacles: [] },
      { creatures: [{ id: "a", side: "pc", square: { x: 0.5, y: 0 }, size: 1, threatens: true }], obstacles: [] },
      {
        creatures: [{ id: "a", side: "pc", square: origin, size: 1, threatens: true }],
        obstacles: [{ x: Number.NaN, y: 0 }],
      },
    ];
    for (const map of bad) {
      const before = structuredClone(map);
      for (const r of [
        canFightFromSpace(map, "a"),
        passThrough(map, "a", [origin, { x: 1, y: 0 }]),
        weaponHasSpace(map, "a", 6),
        opportunityAttacks(map, "a", [origin, { x: 1, y: 0 }], { ruleset: "phase", provokes: true, forced: false }),
      ]) {
        expect(!r.ok && r.error.key).toBe("TEMPO.ERRORS.Movement.InvalidSnapshot");
      }
      expect(map).toEqual(before);
    }
  });

  it("ROT-10: an unknown ruleset is refused rather than read as 'forced movement does not provoke'", () => {
    const map: GridSnapshot = {
      creatures: [{ id: "a", side: "pc", square: origin, size: 1, threatens: true }],
      obstacles: [],
    };
    expect(
      opportunityAttacks(map, "a", [origin], { ruleset: "chess" as RulesetId, provokes: true, forced: true }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.UnknownRuleset", data: { ruleset: "chess" } },
    });
  });
});
