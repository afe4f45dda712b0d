/**
 * Issue 17: what a host remembers between steps (storage/store-memo.ts, economy-records.ts
 * `stepStored`) changes how much work a step does, never what it writes.
 */
import { describe, expect, it } from "vitest";
import {
  EMPTY_ACTION_RECORD,
  RULESET_IDS,
  createStoreMemo,
  readCombatState,
  rulesetBookOf,
  stepCombat,
  unwrap,
  type ActionRecord,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, storedEncounter } from "../../support/host-encounter.ts";

describe("a host's memo between steps", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: every step with the memo writes the same update, state and history as without it`, () => {
      const { host, stored: start } = storedEncounter(ruleset, 80);
      const random = seeded(11);
      const memo = createStoreMemo();
      let plain: StoredCombat = start;
      let kept: StoredCombat = start;
      for (let i = 0; i < 120; i++) {
        const state = unwrap(readCombatState(host, plain.engine));
        const command =
          i === 0 ? { type: "start" } : i % 17 === 5 ? { type: "undo" } : nextCommand(host, state, random);
        const without = stepCombat(host, plain, command);
        const withMemo = stepCombat(host, kept, command, memo);
        expect(withMemo.ok).toBe(without.ok);
        if (!without.ok || !withMemo.ok) continue;
        expect(JSON.stringify(withMemo.value.update)).toBe(JSON.stringify(without.value.update));
        expect(JSON.stringify(withMemo.value.stored)).toBe(JSON.stringify(without.value.stored));
        expect(JSON.stringify(withMemo.value.state)).toBe(JSON.stringify(without.value.state));
        plain = without.value.stored;
        kept = withMemo.value.stored;
      }
    });
  }

  it("STD-6: records stepped from their stored form change exactly as when every record is read", () => {
    const book = rulesetBookOf("standard");
    if (book === null) throw new Error("the standard ruleset keeps trackers");
    const { host, stored: start } = storedEncounter("standard", 40);
    const random = seeded(3);
    let stored = start;
    let state: unknown = null;
    let records: Readonly<Record<string, ActionRecord>> = {};
    for (let i = 0; i < 160; i++) {
      const command = i === 0 ? { type: "start" } : i % 23 === 9 ? { type: "undo" } : nextCommand(host, state, random);
      const before = { history: stored.history, started: state !== null && host.started(state) };
      const s = unwrap(stepCombat(host, stored, command));
      const ids = [...host.order(s.state)];
      const input = {
        events: s.events,
        before: before.history,
        after: s.stored.history,
        startedBefore: before.started,
        startedAfter: host.started(s.state),
        ids,
      };
      const full = book.step(records, input);
      const held = new Map(ids.filter((id) => Object.hasOwn(records, id)).map((id) => [id, records[id] as unknown]));
      const lazy = book.stepStored(held, input);
      expect([...lazy.changed].sort()).toEqual([...full.changed].sort());
      for (const id of full.changed) expect(lazy.records[id]).toEqual(full.records[id]);
      records = Object.fromEntries(ids.map((id) => [id, full.records[id] ?? EMPTY_ACTION_RECORD]));
      stored = s.stored;
      state = s.state;
    }
  });
  it("STD-6, issue 17: with the memo's index a turn step reads a few of the stored records, and moves them as when every record is read", () => {
    const book = rulesetBookOf("standard");
    if (book === null) throw new Error("the standard ruleset keeps trackers");
    const { host, stored: start } = storedEncounter("standard", 30);
    const random = seeded(5);
    const memo = createStoreMemo();
    const kept = new Map<string, unknown>();
    let reads = 0;
    const counted = {
      has: (id: string) => kept.has(id),
      get: (id: string) => {
        reads++;
        return kept.get(id);
      },
    };
    const turnReads: number[] = [];
    let stored = start;
    let state: unknown = null;
    let records: Readonly<Record<string, ActionRecord>> = {};
    for (let i = 0; i < 110; i++) {
      const command = i === 0 ? { type: "start" } : i % 41 === 9 ? { type: "undo" } : nextCommand(host, state, random);
      const before = { history: stored.history, started: state !== null && host.started(state) };
      const s = unwrap(stepCombat(host, stored, command));
      const ids = [...host.order(s.state)];
      for (const id of ids) if (!kept.has(id)) kept.set(id, structuredClone(EMPTY_ACTION_RECORD));
      const input = {
        events: s.events,
        before: before.history,
        after: s.stored.history,
        startedBefore: before.started,
        startedAfter: host.started(s.state),
        ids,
      };
      const full = book.step(records, input);
      reads = 0;
      const lazy = book.stepStored(counted, input, memo);
      if (command.type === "next" && i > 5) turnReads.push(reads);
      expect([...lazy.changed].sort()).toEqual([...full.changed].sort());
      for (const id of full.changed) expect(lazy.records[id]).toEqual(full.records[id]);
      // The host writes the changed records: new objects, as a document update gives.
      for (const id of lazy.changed) kept.set(id, structuredClone(lazy.records[id]));
      records = Object.fromEntries(ids.map((id) => [id, full.records[id] ?? EMPTY_ACTION_RECORD]));
      stored = s.stored;
      state = s.state;
    }
    expect(turnReads.length).toBeGreaterThan(40);
    expect(Math.max(...turnReads)).toBeLessThanOrEqual(10);
  });
});
