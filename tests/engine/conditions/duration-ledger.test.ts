import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import { createTimedEffect } from "../../../src/engine/conditions/durations.ts";
import {
  EMPTY_LEDGER,
  readDurationLedger,
  stepDurationLedger,
  trackEffects,
  trackedEffect,
  type DurationLedger,
  type LedgerStepInput,
  type TrackedEffect,
} from "../../../src/engine/conditions/duration-ledger.ts";
import type { PatchHistory } from "../../../src/engine/storage/patch-history.ts";

/** An undo history with these step numbers (the ledger reads only which steps are where). */
const history = (undo: number[], redo: number[] = []): PatchHistory => ({
  undo: Object.fromEntries(undo.map((k) => [String(k), "patch"])),
  redo: Object.fromEntries(redo.map((k) => [String(k), "patch"])),
});

const track = (effectId: string, bearerId: string, originatorId: string, seconds = 5): TrackedEffect => {
  const made = unwrap(
    createTimedEffect({
      id: effectId,
      originatorId,
      value: seconds,
      unit: "seconds",
      boundary: "start",
      ruleset: "standard",
      round: 1,
    }),
  );
  const tracked = trackedEffect(made, bearerId);
  if (tracked === null) throw new Error("not keyable");
  return tracked;
};

type Ev = { readonly type: string; readonly [field: string]: unknown };
/** Events as a host hands them over (typed only by their `type`). */
const events = (...list: Ev[]): readonly { readonly type: string }[] => list;

const turn = (round: number, combatantId: string): Ev[] => [
  { type: "turnStarted", round, combatantId },
  { type: "turnEnded", round, combatantId },
];

function stepOf(ledger: DurationLedger, over: Partial<LedgerStepInput>) {
  return stepDurationLedger(ledger, {
    events: [],
    before: history([]),
    after: history([]),
    started: true,
    round: 2,
    adds: [],
    gone: [],
    ...over,
  });
}

describe("conditions: the duration ledger of a combat", () => {
  const start = trackEffects(EMPTY_LEDGER, [track("hex", "B", "A"), track("bless", "C", "A", 10)]);

  it("DUR-1: a step's change is kept under the history's new step number; undo brings the effect back, redo ends it again", () => {
    const next = stepOf(start, {
      events: events({ type: "roundStarted", round: 2 }, ...turn(2, "A")),
      before: history([1]),
      after: history([1, 2]),
    });
    expect(next.events).toEqual([
      { type: "effectExpired", effectId: "hex", combatantId: "B", originatorId: "A", round: 2 },
    ]);
    expect(Object.keys(next.ledger.effects)).toEqual(["C_bless"]);
    expect(Object.keys(next.ledger.steps)).toEqual(["2"]);
    // the record of the step holds only what changed: bless's two counters and hex's removal
    expect(JSON.stringify(next.ledger.steps["2"]?.forward)).toContain('"C_bless":{"startsSeen":1,"countedRound":2}');

    const undone = stepOf(next.ledger, {
      events: events({ type: "undone" }),
      before: history([1, 2]),
      after: history([1], [2]),
      round: 1,
    });
    expect(undone.events).toEqual([
      { type: "effectRestored", effectId: "hex", combatantId: "B", originatorId: "A", round: 1 },
    ]);
    expect(undone.ledger.effects).toEqual(start.effects); // clocks as they were, bless's count too

    const redone = stepOf(undone.ledger, {
      events: events({ type: "redone" }),
      before: history([1], [2]),
      after: history([1, 2]),
    });
    expect(redone.events.map((e) => `${e.type}:${e.effectId}`)).toEqual(["effectExpired:hex"]);
    expect(redone.ledger.effects).toEqual(next.ledger.effects);
  });

  it("DUR-1: a new step after an undo replaces the undone step's record; steps that leave the history are forgotten", () => {
    const a = stepOf(start, { events: turn(2, "A"), before: history([1, 2]), after: history([1, 2, 3]) });
    expect(Object.keys(a.ledger.steps)).toEqual(["3"]);
    const undone = stepOf(a.ledger, {
      events: events({ type: "undone" }),
      before: history([1, 2, 3]),
      after: history([1, 2], [3]),
    });
    const other = stepOf(undone.ledger, {
      events: turn(2, "B"),
      before: history([1, 2], [3]),
      after: history([1, 2, 3]),
    });
    expect(other.events).toEqual([]);
    expect(other.ledger.steps).toEqual({}); // step 3 is now a step that changed nothing here
    const old = stepOf(a.ledger, { events: [], before: history([1, 2, 3]), after: history([2, 3, 4]) });
    expect(Object.keys(old.ledger.steps)).toEqual(["3"]);
    const trimmed = stepOf(a.ledger, { events: [], before: history([1, 2, 3]), after: history([4, 5]) });
    expect(trimmed.ledger.steps).toEqual({});
  });

  it("DUR-1: an effect whose bearer leaves is no longer timed; one whose originator leaves follows the round clock", () => {
    const left = stepOf(start, { events: events({ type: "combatantLeft", combatantId: "B" }) });
    expect(Object.keys(left.ledger.effects)).toEqual(["C_bless"]);
    const gone = stepOf(start, {
      events: events({ type: "combatantLeft", combatantId: "A" }, { type: "roundStarted", round: 2 }),
    });
    expect(gone.events.map((e) => e.effectId)).toEqual(["hex"]);
    expect(gone.ledger.effects["C_bless"]).toMatchObject({ onRoundClock: true, startsSeen: 1 });
  });

  it("DUR-1: effects start being timed with their step, deleted ones are dropped, and a reset combat forgets them all", () => {
    const added = stepOf(EMPTY_LEDGER, { adds: [track("hex", "B", "A"), track("hex", "B", "A")], after: history([1]) });
    expect(Object.keys(added.ledger.effects)).toEqual(["B_hex"]);
    const undone = stepOf(added.ledger, {
      events: events({ type: "undone" }),
      before: history([1]),
      after: history([], [1]),
    });
    expect(undone.ledger.effects).toEqual({}); // undoing the start takes them away again
    expect(undone.events).toEqual([]);
    expect(Object.keys(stepOf(start, { gone: ["B_hex"] }).ledger.effects)).toEqual(["C_bless"]);
    expect(stepOf(start, { started: false }).ledger.effects).toEqual({});
    expect(Object.keys(stepOf(start, { started: false, after: history([1]) }).ledger.effects)).toHaveLength(2);
  });

  it("DUR-1: the same effect on two bearers is two records; ids a stored key cannot hold are refused", () => {
    const both = trackEffects(EMPTY_LEDGER, [track("hex", "B", "A"), track("hex", "C", "A")]);
    expect(Object.keys(both.effects)).toEqual(["B_hex", "C_hex"]);
    const made = unwrap(
      createTimedEffect({
        id: "a.b",
        originatorId: "A",
        value: 1,
        unit: "rounds",
        boundary: "start",
        ruleset: "count",
        round: 0,
      }),
    );
    expect(trackedEffect(made, "B")).toBeNull();
  });

  it("DUR-1: a stored ledger reads back exactly; malformed records and steps are left out", () => {
    const next = stepOf(start, { events: turn(2, "A"), before: history([1]), after: history([1, 2]) }).ledger;
    expect(readDurationLedger(JSON.parse(JSON.stringify(next)))).toEqual(next);
    const bad = {
      effects: { C_bless: next.effects["C_bless"], "X-y": { id: "X-y", bearerId: "X" }, "Z-q": 5 },
      steps: { "2": next.steps["2"], x: {}, "3": { before: 1 } },
    };
    expect(readDurationLedger(bad)).toEqual({
      effects: { C_bless: next.effects["C_bless"] },
      steps: { "2": next.steps["2"] },
    });
    expect(readDurationLedger(null)).toEqual(EMPTY_LEDGER);
  });
});
