import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnize } from "../../../src/engine/storage/columns.ts";
import { uncolumnize } from "../../../src/engine/storage/column-read.ts";
import {
  createStoreMemo,
  COMBAT_FORMAT,
  diffStored,
  eventNumber,
  stepCombat,
  encodeStored,
  migrateStoredCombat,
  readCombatState,
  updateBytes,
  type AnyRulesetHost,
  type CombatStep,
  type Json,
  type RulesetId,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { packState, unpackState } from "../../../src/engine/host/stored-pack.ts";
import {
  hostCombatant,
  nextCommand,
  sampleSegmentDeclaration,
  rollsFor,
  seeded,
  step,
  storedEncounter,
} from "../../support/host-encounter.ts";

/** The state `stored` holds, read back as the Foundry layer reads it. */
function reread(host: AnyRulesetHost, stored: StoredCombat): unknown {
  const read = readCombatState(host, JSON.parse(JSON.stringify(stored.engine)));
  if (!read.ok) throw new Error(read.error.key);
  return read.value;
}

/** Start, roll everything asked for and play until round 2 starts, checking every stored state reads back. */
function playChecked(ruleset: RulesetId, n: number): { host: AnyRulesetHost; steps: CombatStep[] } {
  const random = seeded(5);
  const { host, stored } = storedEncounter(ruleset, n);
  const steps = [step(host, stored, { type: "start" })];
  for (let i = 0; host.round(steps[steps.length - 1]?.state) < 2 && i < 20 * n; i++) {
    const last = steps[steps.length - 1] as CombatStep;
    expect(reread(host, last.stored)).toEqual(last.state);
    steps.push(step(host, last.stored, nextCommand(host, last.state, random)));
  }
  return { host, steps };
}

describe("stored combats keep what can be derived out (issue 17)", () => {
  for (const ruleset of ["standard", "rotation"] as const) {
    it(`${ruleset === "standard" ? "STD-1" : "ROT-1"}: a start at 300 combatants stores its 300 initiative requests in under 1 KB, and they read back the same`, () => {
      const { host, stored } = storedEncounter(ruleset, 300);
      const started = step(host, stored, { type: "start" });
      expect(host.pending(started.state)).toHaveLength(300);
      expect(updateBytes(started.update)).toBeLessThan(1024);
      expect(host.pending(reread(host, started.stored))).toEqual(host.pending(started.state));
    });

    it(`${ruleset === "standard" ? "STD-2" : "ROT-2"}: every state of a 60-creature encounter, tie rolls and roll-offs included, reads back exactly; undo and redo too`, () => {
      const { host, steps } = playChecked(ruleset, 60);
      let s = steps[steps.length - 1] as CombatStep;
      const back: unknown[] = [];
      for (let i = 0; i < 8; i++) {
        s = step(host, s.stored, { type: "undo" });
        back.push(s.state);
        expect(reread(host, s.stored)).toEqual(s.state);
      }
      // Eight steps back is the state of eight steps before the end.
      expect(back[7]).toEqual(steps[steps.length - 9]?.state);
      for (let i = 0; i < 8; i++) s = step(host, s.stored, { type: "redo" });
      expect(s.state).toEqual(steps[steps.length - 1]?.state);
    });

    it(`${ruleset}: rolls the scheduler did not ask for in roster order (some answered, some shuffled) are stored as they are`, () => {
      const { host, stored } = storedEncounter(ruleset, 12);
      const started = step(host, stored, { type: "start" });
      const state = started.state as { rolls: readonly Json[] };
      for (const rolls of [state.rolls.slice(1, 5).concat(state.rolls.slice(7)), [...state.rolls].reverse()]) {
        const odd = { ...state, rolls };
        expect(unpackState(JSON.parse(JSON.stringify(packState(odd))) as Json)).toEqual(odd);
      }
    });
  }

  it("a combat saved in format 1 (rolls stored whole) reads as it is; its next step writes format 2, packed, with an undo back to it", () => {
    const { host, stored } = storedEncounter("standard", 300);
    const started = step(host, stored, { type: "start" });
    const old = encodeStored(started.state as Json) as StoredCombat["engine"];
    const history = { undo: {}, redo: {} };
    const source: Record<string, unknown> = { engine: old, history, format: 1 };
    expect(migrateStoredCombat(host, source)).toEqual({ kind: "older", from: 1 });
    // Not rewritten in memory: the server keeps the source it has (combat-format.ts).
    expect(source).toEqual({ engine: old, history, format: 1 });
    const format1: StoredCombat = { engine: old, history, format: 1 };
    expect(reread(host, format1)).toEqual(started.state);
    // Rolling from the format-1 combat answers the same requests; the step is stored packed.
    const rolls = rollsFor(host, started.state, seeded(1));
    if (rolls === null) throw new Error("no rolls asked");
    const rolled = stepCombat(host, format1, rolls);
    if (!rolled.ok) throw new Error(rolled.error.key);
    expect(rolled.value.update?.format).toBe(COMBAT_FORMAT);
    expect(updateBytes(rolled.value.stored.engine)).toBeLessThan(updateBytes(old) / 2);
    expect(reread(host, rolled.value.stored)).toEqual(rolled.value.state);
    // Its undo patch leads back to the format-1 source, which still reads.
    const undone = stepCombat(host, rolled.value.stored, { type: "undo" });
    if (!undone.ok) throw new Error(undone.error.key);
    expect(undone.value.stored.engine).toEqual(old);
    expect(undone.value.state).toEqual(started.state);
  });
});

/** JSON numbers (JSON has no -0). */
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (d === 0 ? 0 : d));
const cell: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  number,
  fc.constantFrom("", "a", "rt0001", "a,b", "x y", "_c", "-=z"),
  fc.array(fc.oneof(fc.integer(), number), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("_c", "_r", "_l", "k", "__proto__"), fc.integer(), { maxKeys: 2 }),
);
const row = fc.dictionary(fc.constantFrom("a", "b", "turnRound", "c d", "_c", "_r"), cell, { maxKeys: 4 });
/** Rows sharing their keys, as a scheme's rosters and vector leaves are. */
const rows = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom("a", "b", "turnRound", "id", "x,y"), { maxLength: 4 }),
    fc.integer({ min: 1, max: 40 }),
  )
  .chain(([keys, n]) =>
    fc.array(
      fc.tuple(...keys.map(() => cell)).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i] ?? null]))),
      {
        minLength: n,
        maxLength: n,
      },
    ),
  );
const value: fc.Arbitrary<Json> = fc.oneof(
  rows,
  rows.map((list) => Object.fromEntries(list.map((r, i) => [`rt${String(i).padStart(4, "0")}`, r]))),
  fc.array(row, { maxLength: 40 }),
  fc.dictionary(fc.constantFrom("_c", "_r", "_l", "x"), fc.oneof(rows, row), { maxKeys: 3 }),
);

describe("rows stored as columns (issue 17)", () => {
  it("DEF-1: any value reads back exactly, key order included, with or without hot fields", () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, hot) => {
        const packed = columnize(v, new Set(hot ? ["turnRound"] : []));
        const back = uncolumnize(JSON.parse(JSON.stringify(packed)) as Json);
        expect(back).toEqual(v);
        expect(JSON.stringify(back)).toBe(JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
  });

  it("a roll of 300 initiatives changes a few characters per creature, not a record each", () => {
    const roster = (initiative: (i: number) => number | null): Json =>
      Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [
          `rt${String(i).padStart(14, "0")}`,
          { dexBonus: i % 5, initiative: initiative(i), tieBreak: [], defeated: false },
        ]),
      );
    const before = encodeStored(columnize(roster(() => null))) as StoredCombat["engine"];
    const after = encodeStored(columnize(roster((i) => 1 + (i % 20)))) as StoredCombat["engine"];
    expect(updateBytes(diffStored(before, after))).toBeLessThan(300 * 5);
  });

  it("CNT-6: a turn step that changes one creature of a 32-row leaf stores that row anew, reads back exactly, and shares the other rows' stored records", () => {
    const hot = new Set(["turnRound", "pending"]);
    const row = (i: number, turnRound: number) => ({ id: `c${i}`, count: i % 20, turnRound, pending: [] });
    const rows = Array.from({ length: 32 }, (_, i) => row(i, -1));
    const memo = createStoreMemo();
    const restOf = (value: Json) => (value as { _c: { rest: readonly Json[] } })._c.rest;
    const before = columnize(rows, hot, memo);
    const next = rows.map((r, i) => (i === 5 ? row(5, 1) : r));
    const after = columnize(next, hot, memo);
    expect(uncolumnize(JSON.parse(JSON.stringify(after)) as Json)).toEqual(next);
    expect(restOf(after)[5]).toEqual({ turnRound: 1, pending: [] });
    expect(restOf(after).filter((rest, i) => rest !== restOf(before)[i])).toEqual([restOf(after)[5]]);
    // The same rows with other fields kept per row are stored for those fields, not taken from the memo.
    const other = columnize(next, new Set(["count"]), memo);
    expect(uncolumnize(other)).toEqual(next);
    expect(restOf(other)[5]).toEqual({ count: 5 });
  });
});

describe("segment: the round's schedule is rebuilt when the state is read (issue 17)", () => {
  it("SEG-2, SEG-6: at 300 combatants every stored state reads back with the schedule the engine built, delays included; the roll that builds it writes under 1 KB; undo and redo are exact", () => {
    const n = 300;
    const random = seeded(11);
    const { host, stored } = storedEncounter("segment", n);
    // Each state is read back below by `reread`, from its JSON: the steps themselves take the memo's word.
    const memo = createStoreMemo();
    let s = step(host, stored, { type: "start" }, memo);
    const states: unknown[] = [s.state];
    let builds = 0;
    let delays = 0;
    for (let i = 0; !(host.round(s.state) === 2 && host.current(s.state) !== null); i++) {
      if (i > 20 * n) throw new Error("the encounter does not reach round 2's first turn");
      const declaring = s.events.some((e) => e.type === "stepStarted" && eventNumber(e, "step") === 1);
      for (let c = 0; declaring && c < n; c++) {
        const d = sampleSegmentDeclaration(c);
        if (d === null) continue;
        s = step(host, s.stored, { type: "declare", combatantId: hostCombatant(c).id, declaration: d }, memo);
        states.push(s.state);
      }
      const current = host.current(s.state);
      // SEG-6: every 40th turn is delayed (its turns move in the schedule).
      const delay = current !== null && i % 40 === 7;
      const command = delay ? { type: "delay", combatantId: current } : nextCommand(host, s.state, random);
      const next = stepCombat(host, s.stored, command, memo);
      if (!next.ok) {
        s = step(host, s.stored, nextCommand(host, s.state, random), memo);
      } else {
        s = next.value;
        if (delay) delays++;
      }
      if (command.type === "rolls") {
        builds++;
        expect(updateBytes(s.update)).toBeLessThan(1024);
      }
      const schedule = (s.state as { schedule: readonly unknown[] }).schedule;
      const back = reread(host, s.stored) as { schedule: readonly unknown[] };
      expect(back.schedule).toEqual(schedule);
      expect(back).toEqual(s.state);
      states.push(s.state);
    }
    expect(builds).toBe(2);
    expect(delays).toBeGreaterThan(0);
    for (let i = 1; i <= 10; i++) {
      s = step(host, s.stored, { type: "undo" });
      expect(s.state).toEqual(states[states.length - 1 - i]);
      expect(reread(host, s.stored)).toEqual(s.state);
    }
    for (let i = 1; i <= 10; i++) s = step(host, s.stored, { type: "redo" });
    expect(s.state).toEqual(states[states.length - 1]);
  }, 60_000);
});
