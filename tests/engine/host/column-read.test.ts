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

describe("rows read back with the page's memo (issue 17)", () => {
  it("DEF-1: after any changes between reads (column and per-row fields, rosters and lists), each read with the memo equals the value stored", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 80 }),
        fc.array(fc.array(change, { maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (n, steps, asList) => {
          let rows: Row[] = Array.from({ length: n }, (_, i) => ({ a: i % 7, turnRound: -1, pending: [], b: "x" }));
          const store = createStoreMemo();
          const memo = createRowsMemo();
          for (const step of [[], ...steps]) {
            for (const c of step) {
              if (c === null) continue;
              const at = c.at % rows.length;
              rows = rows.map((row, i) => (i === at ? { ...row, [c.field]: c.value } : row));
            }
            // A list stands for a vector's leaves (at most 32 rows each), a record for a roster.
            const value: Json = asList ? { leaf: rows.slice(0, 32), tail: rows.slice(32) } : rosterOf(rows);
            const stored = JSON.parse(JSON.stringify(columnize(value, HOT, store))) as Json;
            const back = uncolumnize(stored, memo);
            expect(back).toEqual(value);
            expect(JSON.stringify(back)).toBe(JSON.stringify(uncolumnize(stored)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
