/**
 * Issue 17: a page reads a combat's stored rows again on every update, keeping what it read last
 * (storage/column-read.ts `RowsMemo`): a block whose column text is unchanged gives its rows again, and
 * only rows whose per-row (hot) fields differ are built anew. Whatever the steps between reads, each read
 * with the memo equals the value written, key order included, as a read without it does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnize } from "../../../src/engine/storage/columns.ts";
import { createRowsMemo, uncolumnize } from "../../../src/engine/storage/column-read.ts";
import type { Json } from "../../../src/engine/storage/stored-json.ts";
import { createStoreMemo } from "../../../src/engine/storage/store-memo.ts";

const HOT = new Set(["turnRound", "pending"]);
const FIELDS = ["a", "turnRound", "pending", "b"] as const;
const cell: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 40 }),
  fc.constantFrom("", "x", "rt0001", "a,b"),
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom("k", "_c"), fc.integer({ min: 0, max: 3 }), { maxKeys: 2 }),
);
/** One change: row `at` (modulo the roster), a field, its new value; or the same rows again. */
const change = fc.oneof(
  fc.record({ at: fc.nat({ max: 79 }), field: fc.constantFrom(...FIELDS), value: cell }),
  fc.constant(null),
);

type Row = Record<string, Json>;
const rosterOf = (rows: readonly Row[]): Json =>
  Object.fromEntries(rows.map((row, i) => [`rt${String(i).padStart(4, "0")}`, row]));

/**
 * Random runs of steps over `n` rows: each run calls `run` once (its memos are made there) and the checker it
 * returns sees the stored value before the first change and after each step, as a list (standing for a
 * vector's leaves, at most 32 rows each) or as a roster record.
 */
function stepsHold(run: () => (value: Json) => void): void {
  fc.assert(
    fc.property(
      fc.integer({ min: 8, max: 80 }),
      fc.array(fc.array(change, { maxLength: 3 }), { minLength: 1, maxLength: 8 }),
      fc.boolean(),
      (n, steps, asList) => {
        const check = run();
        let rows: Row[] = Array.from({ length: n }, (_, i) => ({ a: i % 7, turnRound: -1, pending: [], b: "x" }));
        for (const step of [[], ...steps]) {
          for (const c of step) {
            if (c === null) continue;
            const at = c.at % rows.length;
            rows = rows.map((row, i) => (i === at ? { ...row, [c.field]: c.value } : row));
          }
          check(asList ? { leaf: rows.slice(0, 32), tail: rows.slice(32) } : rosterOf(rows));
        }
      },
    ),
    { numRuns: 40 },
  );
}

describe("rows read back with the page's memo (issue 17)", () => {
  it("DEF-1: after any changes between reads (column and per-row fields, rosters and lists), each read with the memo equals the value stored", () => {
    stepsHold(() => {
      const store = createStoreMemo();
      const memo = createRowsMemo();
      return (value) => {
        const stored = JSON.parse(JSON.stringify(columnize(value, HOT, store))) as Json;
        const back = uncolumnize(stored, memo);
        expect(back).toEqual(value);
        expect(JSON.stringify(back)).toBe(JSON.stringify(uncolumnize(stored)));
      };
    });
  });

  it("CNT-6: stored with the memo after any changes, rows are stored as a store without it stores them", () => {
    stepsHold(() => {
      const store = createStoreMemo();
      return (value) => {
        expect(JSON.stringify(columnize(value, HOT, store))).toBe(JSON.stringify(columnize(value, HOT)));
      };
    });
  });

  it("CNT-6, issue 17: a turn step's change to one row's per-row field keeps its leaf's columns, the same object", () => {
    const store = createStoreMemo();
    const rows: Row[] = Array.from({ length: 32 }, (_, i) => ({ a: i % 7, turnRound: -1, pending: [], b: "x" }));
    const colsOf = (value: Json) => (value as { _c: { cols: unknown } })._c.cols;
    const before = colsOf(columnize(rows, HOT, store));
    const turned = rows.map((row, i) => (i === 5 ? { ...row, turnRound: 2 } : row));
    expect(colsOf(columnize(turned, HOT, store))).toBe(before);
    const moved = turned.map((row, i) => (i === 5 ? { ...row, a: 40 } : row));
    expect(colsOf(columnize(moved, HOT, store))).not.toBe(before);
    expect(colsOf(columnize(moved, HOT, store))).toEqual(colsOf(columnize(moved, HOT)));
  });
});
