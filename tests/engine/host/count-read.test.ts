import { describe, expect, it } from "vitest";
import {
  encodeStored,
  readCombatState,
  stepCombat,
  type StoredCombat,
  type StoredObject,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

/** A count combat of 6 started, rolled and a few turns in, as stored in `Combat.system`. */
function running(): { host: ReturnType<typeof storedEncounter>["host"]; stored: StoredCombat; state: unknown } {
  const random = seeded(11);
  const encounter = storedEncounter("count", 6);
  let s = step(encounter.host, encounter.stored, { type: "start" });
  for (let i = 0; i < 12; i++) s = step(encounter.host, s.stored, nextCommand(encounter.host, s.state, random));
  return { host: encounter.host, stored: s.stored, state: s.state };
}

const tieOrderOf = (state: unknown): number[] => (state as { tieOrder: number[] }).tieOrder;

/** The stored combat with its engine edited, as a module or a hand edit might leave it. */
function damaged(stored: StoredCombat, change: (engine: Record<string, unknown>) => void): StoredCombat {
  const engine = JSON.parse(JSON.stringify(stored.engine)) as Record<string, unknown>;
  change(engine);
  return { engine: engine as StoredObject, history: stored.history };
}

const invalid = (field: string) => ({ ok: false, error: { key: "TEMPO.ERRORS.Count.InvalidState", data: { field } } });

describe("count host: reading a stored combat", () => {
  it("reads back what it stored, and steps on from it", () => {
    const { host, stored, state } = running();
    const read = readCombatState(host, stored.engine);
    expect(read).toEqual({ ok: true, value: state });
    expect(stepCombat(host, stored, { type: "next" }).ok).toBe(true);
  });

  it("CNT-5: stores no tie order (format 4: it follows from the kept contest totals) and reads back the one it kept", () => {
    const { host, stored, state } = running();
    expect(Object.hasOwn(stored.engine, "tieOrder")).toBe(false);
    const read = readCombatState(host, stored.engine);
    expect(read.ok && tieOrderOf(read.value)).toEqual(tieOrderOf(state));
    // Format 3 stored it: such a state reads as it is.
    const older = damaged(stored, (e) => (e.tieOrder = encodeStored(tieOrderOf(state))));
    expect(readCombatState(host, older.engine)).toEqual({ ok: true, value: state });
  });

  it("refuses a damaged engine with a typed error naming the field, and steps nothing", () => {
    const { host, stored, state } = running();
    // A tie order stored as format 3 did, one slot short.
    const lostFromTieOrder = damaged(stored, (e) => (e.tieOrder = encodeStored(tieOrderOf(state).slice(0, -1))));
    expect(readCombatState(host, lostFromTieOrder.engine)).toEqual(invalid("tieOrder"));
    expect(stepCombat(host, lostFromTieOrder, { type: "next" })).toEqual(invalid("tieOrder"));
    const unknownTurn = damaged(stored, (e) => (e.current = "nobody"));
    expect(stepCombat(host, unknownTurn, { type: "next" })).toEqual(invalid("current"));
    const badCount = damaged(stored, (e) => (e.count = "seven"));
    expect(stepCombat(host, badCount, { type: "next" })).toEqual(invalid("count"));
  });

  it("refuses an engine in the shape stored before the tie order (order, cursor, requests) instead of misreading it", () => {
    const { host, stored } = running();
    const older = damaged(stored, (e) => {
      delete e.tieOrder;
      delete e.contestRound;
      e.order = { "#": 0 };
      e.cursor = -1;
      e.requests = { "#": 0 };
    });
    expect(readCombatState(host, older.engine)).toEqual(invalid("contestRound"));
  });
});
