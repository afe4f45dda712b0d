import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import type { Square } from "../../../src/engine/movement/grid.ts";
import type { GridCreature, GridSnapshot } from "../../../src/engine/movement/grid-snapshot.ts";
import { DEFAULT_MOVEMENT_POWERS } from "../../../src/engine/movement/movement-powers.ts";
import {
  checkMoveAllowance,
  squaresAlong,
  moveAllowanceFeet,
  moveOpportunityAttacks,
  moveSpend,
  type MoveHow,
} from "../../../src/engine/movement/move-consequences.ts";
import { moveAccess, ownMoveNow } from "../../../src/engine/host/move-access.ts";
import { phaseHost } from "../../../src/engine/host/phase-host.ts";
import { PhaseTable } from "../initiative/phase/driver.ts";

const creature = (id: string, side: string, x: number, y: number): GridCreature => ({
  id,
  side,
  square: { x, y },
  size: 1,
  threatens: true,
});
const grid = (...creatures: GridCreature[]): GridSnapshot => ({ creatures, obstacles: [] });
const row = (...xs: number[]): Square[] => xs.map((x) => ({ x, y: 0 }));
// The hero walks away from the orc standing next to its starting square.
const map = grid(creature("hero", "pc", 0, 0), creature("orc", "foe", 0, 1));
const attackers = (ruleset: "phase" | "rotation" | "standard", how: MoveHow, path = row(0, 1, 2)) =>
  unwrap(moveOpportunityAttacks({ ruleset, snapshot: map, moverId: "hero", path, how })).map((a) => a.attackerId);

describe("movement: what a move on the map sets off", () => {
  it("PHS-6: leaving a threatened square with Walk provokes; Shift and Disengage do not", () => {
    expect(attackers("phase", { kind: "power", power: DEFAULT_MOVEMENT_POWERS.walk })).toEqual(["orc"]);
    expect(attackers("phase", { kind: "power", power: DEFAULT_MOVEMENT_POWERS.shift }, row(0, 1))).toEqual([]);
    expect(attackers("phase", { kind: "power", power: DEFAULT_MOVEMENT_POWERS.disengage })).toEqual([]);
    expect(attackers("phase", { kind: "disengageShift", squares: 2 })).toEqual([]);
    const [attack] = unwrap(
      moveOpportunityAttacks({
        ruleset: "phase",
        snapshot: map,
        moverId: "hero",
        path: row(0, 1),
        how: { kind: "move" },
      }),
    );
    expect(attack).toMatchObject({ attackerId: "orc", spendsReaction: false, withoutAp: false });
  });

  it("ROT-10: moving on past a creature within 5 ft provokes a Reaction attack without AP; forced movement too", () => {
    const [attack] = unwrap(
      moveOpportunityAttacks({
        ruleset: "rotation",
        snapshot: map,
        moverId: "hero",
        path: row(0, 1, 2),
        how: { kind: "rotation", move: "move" },
      }),
    );
    expect(attack).toMatchObject({ attackerId: "orc", stepIndex: 0, spendsReaction: true, withoutAp: true });
    expect(attackers("rotation", { kind: "forced" })).toEqual(["orc"]);
  });

  it("ROT-11: Disengage and a 5 ft step provoke nothing and spend a Full and a Swift action", () => {
    expect(attackers("rotation", { kind: "rotation", move: "disengage" }, row(0, 1))).toEqual([]);
    expect(attackers("rotation", { kind: "rotation", move: "step" }, row(0, 1))).toEqual([]);
    expect(moveSpend("rotation", { kind: "rotation", move: "disengage" })).toEqual({
      kind: "rotationTask",
      task: "disengage",
    });
    expect(moveSpend("rotation", { kind: "rotation", move: "step" })).toEqual({ kind: "rotationTask", task: "step" });
    expect(moveAllowanceFeet({ kind: "rotation", move: "step" })).toBe(5);
    expect(moveAllowanceFeet({ kind: "rotation", move: "move" })).toBeNull();
  });

  it("PHS-5: a movement power spends the round's movement power and allows its squares; standard provokes nothing", () => {
    const run: MoveHow = { kind: "power", power: DEFAULT_MOVEMENT_POWERS.run };
    expect(moveSpend("phase", run)).toEqual({ kind: "movementPower" });
    expect(moveAllowanceFeet(run)).toBe(60);
    expect(attackers("standard", { kind: "move" })).toEqual([]);
    expect(
      moveOpportunityAttacks({
        ruleset: "phase",
        snapshot: map,
        moverId: "hero",
        path: row(0, 1),
        how: { kind: "power", power: { ...DEFAULT_MOVEMENT_POWERS.walk, squares: -1 } },
      }),
    ).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.InvalidDistance" } });
  });

  it("PHS-3, PHS-4, PHS-5: in the movement phase only the slot's creature moves, seizer first, with a chosen power", () => {
    const host = phaseHost(6);
    const t = new PhaseTable([
      { id: "kara", int: 0, agi: 0 },
      { id: "wolf", int: 0, agi: 0 },
    ]);
    t.do({ type: "start" });
    t.roll({ kara: 5, wolf: 9 });
    t.do({ type: "seize", combatantId: "wolf" });
    t.next();
    const walk = { how: { kind: "power", power: DEFAULT_MOVEMENT_POWERS.walk } as MoveHow, round: 1 };
    const ask = (id: string, choice: typeof walk | null, isGM = false) =>
      moveAccess({ host, state: t.state, combatantId: id, isGM, choice });
    // The wolf seized: it moves before Kara's lower initiative.
    expect(ask("kara", walk)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.NotYourSlot" } });
    expect(ask("wolf", null)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.ChoosePower" } });
    expect(ask("wolf", walk)).toEqual({ ok: true, how: walk.how, enforced: true });
    expect(ask("wolf", { ...walk, round: 0 })).toMatchObject({ ok: false });
    expect(ask("kara", null, true)).toEqual({ ok: true, how: { kind: "move" }, enforced: false });
    // Issue 21 item 2: only the slot's creature moves on its own; a GM moving Kara now places her by fiat.
    expect(ownMoveNow(host, t.state, "wolf")).toBe(true);
    expect(ownMoveNow(host, t.state, "kara")).toBe(false);
    t.next();
    expect(ownMoveNow(host, t.state, "kara")).toBe(true);
    expect(ask("kara", walk)).toEqual({ ok: true, how: walk.how, enforced: true });
    t.next(); // the battle phase: nobody moves without Disengage
    expect(ask("wolf", walk)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Movement.NotMovementPhase" } });
  });
});

describe("movement: a dragged path in squares, held to the chosen move", () => {
  it("ROT-11: a 5 ft step allows one square; a path through waypoints passes every square between them", () => {
    expect(
      squaresAlong([
        { x: 0, y: 0 },
        { x: 3, y: 1 },
      ]),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
    ]);
    const step: MoveHow = { kind: "rotation", move: "step" };
    expect(checkMoveAllowance("rotation", step, row(0, 1))).toEqual({ ok: true, value: 5 });
    expect(checkMoveAllowance("rotation", step, row(0, 1, 2))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Movement.TooFarForMove", data: { feet: 10, allowed: 5 } },
    });
  });
});
