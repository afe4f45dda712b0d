import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import type { Square } from "../../../src/engine/movement/grid.ts";
import type { GridCreature, GridSnapshot } from "../../../src/engine/movement/grid-snapshot.ts";
import { isThreatened, opportunityAttacks, threatenedSquares } from "../../../src/engine/movement/threat.ts";

const creature = (id: string, side: string, x: number, y: number, size = 1, threatens = true): GridCreature => ({
  id,
  side,
  square: { x, y },
  size,
  threatens,
});
const grid = (...creatures: GridCreature[]): GridSnapshot => ({ creatures, obstacles: [] });
const row = (...xs: number[]): Square[] => xs.map((x) => ({ x, y: 0 }));

describe("movement: threatened squares and opportunity attacks", () => {
  it("PHS-6: a Medium creature threatens the 8 squares around it, a Large one the 12 around its 2×2 space", () => {
    expect(threatenedSquares(creature("a", "x", 0, 0))).toHaveLength(8);
    expect(threatenedSquares(creature("a", "x", 0, 0, 2))).toHaveLength(12);
  });

  it("PHS-6: leaving a square next to an enemy provokes it once; walking up to it does not", () => {
    const map = grid(creature("hero", "pc", 0, 0), creature("orc", "foe", 3, 1));
    // Approach: squares 1, 2 (2 is adjacent to the orc) and stop: nothing provoked.
    expect(
      unwrap(opportunityAttacks(map, "hero", row(0, 1, 2), { ruleset: "phase", provokes: true, forced: false })),
    ).toEqual([]);
    // Keep walking past: leaving square 2 provokes; leaving 3 and 4 (still adjacent) adds nothing.
    expect(
      unwrap(
        opportunityAttacks(map, "hero", row(0, 1, 2, 3, 4, 5), { ruleset: "phase", provokes: true, forced: false }),
      ),
    ).toEqual([{ attackerId: "orc", stepIndex: 2, square: { x: 2, y: 0 } }]);
  });

  it("PHS-6: each enemy threatening the square left makes its own attack; allies and helpless foes do not", () => {
    const map = grid(
      creature("hero", "pc", 0, 0),
      creature("orc", "foe", 1, 1),
      creature("goblin", "foe", -1, -1),
      creature("ally", "pc", 0, 1),
      creature("sleeper", "foe", 1, -1, 1, false),
    );
    const attacks = unwrap(
      opportunityAttacks(map, "hero", row(0, -1), { ruleset: "phase", provokes: true, forced: false }),
    );
    expect(attacks.map((a) => a.attackerId).sort()).toEqual(["goblin", "orc"]);
    expect(isThreatened(map, creature("hero", "pc", 0, 0), { x: 0, y: 0 })).toBe(true);
  });

  it("PHS-6: a Shift or Disengage does not provoke", () => {
    const map = grid(creature("hero", "pc", 0, 0), creature("orc", "foe", 1, 0));
    expect(
      unwrap(opportunityAttacks(map, "hero", row(0, -1, -2), { ruleset: "phase", provokes: false, forced: false })),
    ).toEqual([]);
  });

  it("ROT-10: moving within 5 ft of a stationary creature and on provokes it, forced movement included", () => {
    const map = grid(creature("hero", "pc", 0, 0), creature("ogre", "foe", 2, 1));
    const pushed = unwrap(
      opportunityAttacks(map, "hero", row(0, 1, 2, 3, 4), { ruleset: "rotation", provokes: true, forced: true }),
    );
    expect(pushed).toEqual([{ attackerId: "ogre", stepIndex: 1, square: { x: 1, y: 0 } }]);
    // Elsewhere forced movement does not provoke (ruling).
    expect(
      unwrap(opportunityAttacks(map, "hero", row(0, 1, 2, 3, 4), { ruleset: "phase", provokes: true, forced: true })),
    ).toEqual([]);
  });

  it("PHS-6: an unknown mover is a typed error", () => {
    expect(opportunityAttacks(grid(), "ghost", row(0, 1), { ruleset: "phase", provokes: true, forced: false })).toEqual(
      {
        ok: false,
        error: { key: "TEMPO.ERRORS.Movement.UnknownCreature", data: { id: "ghost" } },
      },
    );
  });
});
