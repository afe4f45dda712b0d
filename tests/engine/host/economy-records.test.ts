import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameStored } from "../../../src/engine/host/economy-record-shape.ts";
import {
  diffStored,
  EMPTY_ACTION_RECORD,
  PATCH_HISTORY_LIMIT,
  createStoreMemo,
  forgetRecord,
  economyRefusal,
  isActionRecordShape,
  readActionRecord,
  rulesetBookOf,
  readCombatState,
  unwrap,
  type ActionRecord,
  type HostCommand,
  type RulesetBook,
  type StoredCombat,
  type StoredObject,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

function standardBook(): RulesetBook {
  const found = rulesetBookOf("standard");
  if (found === null) throw new Error("the standard ruleset keeps trackers");
  return found;
}
const book = standardBook();

type StepInput = Parameters<RulesetBook["step"]>[1];

/**
 * Plays `clicks` table clicks (rolls asked for, else next) of six standard creatures, moving the records
 * with every step; `also` sees each step's input too (a host's stored copies below).
 */
function play(clicks: number, seed = 5, also: (input: StepInput) => void = () => undefined) {
  const { host, stored: start } = storedEncounter("standard", 6);
  const random = seeded(seed);
  let stored: StoredCombat = start;
  let state: unknown = unwrap(readCombatState(host, stored.engine));
  const ids = [...host.order(state)];
  let records: Readonly<Record<string, ActionRecord>> = Object.fromEntries(ids.map((id) => [id, EMPTY_ACTION_RECORD]));
  const run = (command: HostCommand) => {
    const before = { history: stored.history, started: host.started(state) };
    const s = step(host, stored, command);
    stored = s.stored;
    state = s.state;
    const input: StepInput = {
      events: s.events,
      before: before.history,
      after: stored.history,
      startedBefore: before.started,
      startedAfter: host.started(s.state),
      ids,
    };
    records = book.step(records, input).records;
    also(input);
  };
  run({ type: "start" });
  for (let i = 0; i < clicks; i++) run(nextCommand(host, state, random));
  return {
    host,
    ids,
    records: () => records,
    stored: () => stored,
    run,
    next: () => run(nextCommand(host, state, random)),
  };
}

describe("action records moved by a combat's steps (economy-records.ts)", () => {
  it("STD-6: past the history limit no record keeps an undo number the combat no longer holds", () => {
    const table = play(PATCH_HISTORY_LIMIT + 20);
    const held = new Set(Object.keys(table.stored().history.undo));
    for (const id of table.ids) {
      const kept = Object.keys(table.records()[id]?.undo ?? {});
      expect(kept.filter((k) => !held.has(k))).toEqual([]);
      expect(kept.length).toBeGreaterThan(0);
    }
  });

  it("STD-6: undo then a new step drops every redo entry (the undone future is gone)", () => {
    const table = play(6);
    table.run({ type: "undo" });
    expect(table.ids.some((id) => Object.keys(table.records()[id]?.redo ?? {}).length > 0)).toBe(true);
    table.run({ type: "next" });
    for (const id of table.ids) expect(table.records()[id]?.redo).toEqual({});
  });

  it("STD-6, Ready: a trigger is refused when the stored tracker has no Reaction, allowed when it has one, and a creature with no stored tracker is not checked", () => {
    const trigger = { type: "trigger", combatantId: "a" };
    const spent = { onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 0 };
    expect(economyRefusal("standard", trigger, { a: spent })).toEqual({
      key: "TEMPO.ERRORS.Standard.NoReaction",
      data: { id: "a" },
    });
    expect(economyRefusal("standard", trigger, { a: { ...spent, reaction: 1 } })).toBeNull();
    expect(economyRefusal("standard", trigger, {})).toBeNull();
    expect(economyRefusal("standard", trigger, undefined)).toBeNull();
    expect(economyRefusal("standard", { type: "delay", combatantId: "a" }, { a: spent })).toBeNull();
    expect(economyRefusal("count", trigger, { a: spent })).toBeNull();
  });

  it("a stored record of the wrong shape is refused by the schema check; a written one and a partial update pass", () => {
    const now = { onTurn: true, action: 1, quickAction: 1, interaction: 1, reaction: 1 };
    expect(isActionRecordShape({ now, undo: { "3": now }, redo: {} })).toBe(true);
    expect(isActionRecordShape({ now: { onTurn: false }, undo: { "4": now, "-=3": null } })).toBe(true);
    expect(isActionRecordShape(EMPTY_ACTION_RECORD)).toBe(true);
    expect(isActionRecordShape([now])).toBe(false);
    expect(isActionRecordShape({ now: { reaction: "1" } })).toBe(false);
    expect(isActionRecordShape({ now: { nested: { reaction: 1 } } })).toBe(false);
    expect(isActionRecordShape({ now, undo: { last: now } })).toBe(false);
    expect(isActionRecordShape({ now, extra: 1 })).toBe(false);
    expect(readActionRecord({ now: 5, undo: { x: {}, "2": now }, redo: null })).toEqual({
      now: null,
      undo: { "2": now },
      redo: {},
    });
  });

  it("STD-6: the tracker left of a stored state, and none for a state that does not read back", () => {
    expect(
      book.left({ onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 1 })?.map((a) => a.left),
    ).toEqual([0, 0, 0, 1]);
    expect(book.left({ reaction: 2 })).toBeNull();
  });
});

describe("records a host stores, stepped with what earlier steps found of them (issue 17, store-memo.ts)", () => {
  /** `play`, with a host's stored copy of each record moved by `stepStored` and a memo. */
  function playStored(clicks: number) {
    const memo = createStoreMemo();
    const kept = new Map<string, unknown>();
    const table = play(clicks, 9, (input) => {
      if (kept.size === 0) for (const id of input.ids) kept.set(id, structuredClone(EMPTY_ACTION_RECORD));
      const moved = book.stepStored(kept, input, memo);
      for (const id of moved.changed) kept.set(id, structuredClone(moved.records[id]));
    });
    return { ...table, memo, kept };
  }

  it("STD-6: past the history limit and through undo and redo, the stored records are the ones every record stepped gives", () => {
    const table = playStored(PATCH_HISTORY_LIMIT + 20);
    table.run({ type: "undo" });
    table.run({ type: "undo" });
    table.run({ type: "redo" });
    table.next();
    for (const id of table.ids) expect(readActionRecord(table.kept.get(id))).toEqual(table.records()[id]);
  });

  it("STD-6: a record changed in place by something else and forgotten is read afresh: the next step writes a sound one", () => {
    const table = playStored(8);
    const victim = table.ids.find((id) => (table.kept.get(id) as ActionRecord).now?.onTurn === false) ?? "";
    const record = table.kept.get(victim) as { now: Record<string, unknown> };
    record.now.reaction = 7; // changed in place: the same object
    forgetRecord(table.memo, record, victim);
    table.next();
    table.next();
    expect(readActionRecord(table.kept.get(victim)).now).toMatchObject({ reaction: expect.any(Number) });
    expect((readActionRecord(table.kept.get(victim)).now as { reaction: number }).reaction).toBeLessThanOrEqual(1);
  });
});

describe("action records compared without an update (issue 17)", () => {
  it("STD-6, AP-2: two stored records are the same exactly when no update lies between them", () => {
    const leaf = fc.oneof(fc.constantFrom(null, true, false, 0, 1, 2), fc.constantFrom("a", "b"));
    const tracker = fc.dictionary(fc.constantFrom("full", "swift", "reaction", "hits", "constant"), leaf, {
      maxKeys: 4,
    });
    const value = fc.oneof(leaf, tracker, fc.array(fc.constantFrom("x", "y"), { maxLength: 2 }));
    const record = fc.dictionary(fc.constantFrom("now", "undo", "redo", "1", "2"), value, { maxKeys: 4 });
    fc.assert(
      fc.property(record, record, fc.boolean(), (a, b, copy) => {
        // A copy shares no object with the original, as a record read back from storage.
        const other = (copy ? JSON.parse(JSON.stringify(a)) : b) as StoredObject;
        expect(sameStored(a as StoredObject, other)).toBe(diffStored(a as StoredObject, other) === null);
      }),
      { numRuns: 300 },
    );
  });
});
