import { describe, expect, it } from "vitest";
import {
  EMPTY_TURN_EVENT_LEDGER,
  readTurnEventLedger,
  stepTurnEventLedger,
  storeTurnEventLedger,
  turnEventPlan,
  type HostEvent,
  type TurnEventLedger,
} from "../../../src/engine/index.ts";
import type { PatchHistory } from "../../../src/engine/storage/patch-history.ts";

/** A history holding undo steps 1..n and redo steps n+1..m (the patches do not matter here). */
const history = (undo: number, redo = undo): PatchHistory => {
  const steps = (from: number, to: number) =>
    Object.fromEntries(Array.from({ length: Math.max(0, to - from) }, (_, i) => [String(from + i + 1), {}]));
  return { undo: steps(0, undo), redo: steps(undo, redo) };
};

const start = (id: string, round: number): HostEvent => ({ type: "turnStarted", combatantId: id, round }) as HostEvent;
const end = (id: string, round: number): HostEvent => ({ type: "turnEnded", combatantId: id, round }) as HostEvent;

/** One step through the ledger; the core calls it makes. */
function step(
  ledger: TurnEventLedger,
  events: HostEvent[],
  before: PatchHistory,
  after: PatchHistory,
  round = 1,
): { ledger: TurnEventLedger; told: string[] } {
  const moved = stepTurnEventLedger(ledger, { events, before, after, round });
  const told = turnEventPlan(moved.events).map((c) => `${c.call}:${"combatantId" in c ? c.combatantId : ""}`);
  return { ledger: readTurnEventLedger(JSON.parse(JSON.stringify(storeTurnEventLedger(moved.ledger)))), told };
}

describe("Turn events told once across undo and redo (issue 20 item 2)", () => {
  it("advancing, undoing and advancing again tells core of B's turn start once", () => {
    let l = EMPTY_TURN_EVENT_LEDGER;
    const a = step(l, [end("A", 1), start("B", 1)], history(0), history(1));
    expect(a.told).toEqual(["endTurn:A", "startTurn:B"]);
    l = step(a.ledger, [{ type: "undone" }], history(1), history(0, 1)).ledger;
    const again = step(l, [end("A", 1), start("B", 1)], history(0, 1), history(1));
    expect(again.told).toEqual([]);
    // The next turn is new: told.
    const next = step(again.ledger, [end("B", 1), start("C", 1)], history(1), history(2));
    expect(next.told).toEqual(["endTurn:B", "startTurn:C"]);
  });

  it("a redo tells nothing, and a later undo and advance still tell nothing twice", () => {
    const a = step(EMPTY_TURN_EVENT_LEDGER, [start("B", 1)], history(0), history(1));
    const undone = step(a.ledger, [{ type: "undone" }], history(1), history(0, 1));
    const redone = step(undone.ledger, [{ type: "redone" }], history(0, 1), history(1));
    expect(redone.told).toEqual([]);
    expect(redone.ledger.owed).toEqual({});
    const c = step(redone.ledger, [start("C", 1)], history(1), history(2));
    expect(c.told).toEqual(["startTurn:C"]);
  });

  it("PHS-3: a delay's second start of a turn in the same round is told, and once only after an undo", () => {
    let l = step(EMPTY_TURN_EVENT_LEDGER, [start("B", 1)], history(0), history(1)).ledger;
    const second = step(l, [start("B", 1)], history(1), history(2));
    expect(second.told).toEqual(["startTurn:B"]);
    l = step(second.ledger, [{ type: "undone" }], history(2), history(1, 2)).ledger;
    expect(step(l, [start("B", 1)], history(1, 2), history(2)).told).toEqual([]);
  });

  it("a previous round undoes several steps at once: each of their turns is owed", () => {
    let l = step(EMPTY_TURN_EVENT_LEDGER, [start("A", 1)], history(0), history(1)).ledger;
    l = step(l, [start("B", 1)], history(1), history(2)).ledger;
    l = step(l, [{ type: "undone" }], history(2), history(0, 2)).ledger;
    expect(step(l, [start("A", 1), start("B", 1)], history(0, 2), history(1)).told).toEqual([]);
  });

  it("owed turns of rounds no undo can reach are dropped", () => {
    let l = step(EMPTY_TURN_EVENT_LEDGER, [start("A", 1)], history(0), history(1)).ledger;
    l = step(l, [{ type: "undone" }], history(1), history(0, 1)).ledger;
    expect(Object.keys(l.owed)).toEqual(["turnStarted_A_1"]);
    // A reset (no history left) three rounds on.
    l = step(l, [start("C", 4)], history(0, 1), history(0), 4).ledger;
    expect(l.owed).toEqual({});
  });
});
