/**
 * Issue 18: the fingerprint the GM's browser keeps of the engine it published (foundry
 * combat/secret-store.ts checks a reload's document against it): the same for the same stored value
 * whatever its key order (a document read back from Foundry), different when a value differs, and with
 * a memo the parts a step did not change are not looked at again.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createStoreMemo,
  diffStored,
  fingerprintAfter,
  storedFingerprint,
  type Stored,
  type StoredObject,
} from "../../../src/engine/index.ts";

const rows = (n: number, total: number): StoredObject =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, { total: i === 0 ? total : i, name: `G ${i}` }]));

describe("stored fingerprint (issue 18)", () => {
  it("a document read back with its keys in another order has the fingerprint its writer kept", () => {
    const written: StoredObject = { round: 2, combatants: rows(40, 7), turn: { id: "c3", at: null } };
    const readBack = JSON.parse(JSON.stringify({ turn: written.turn, combatants: written.combatants, round: 2 }));
    expect(storedFingerprint(readBack)).toBe(storedFingerprint(written));
  });

  it("another GM's write with the same sequence number is told apart: one total, a key, a type", () => {
    const base: StoredObject = { round: 2, combatants: rows(40, 7) };
    const seen = new Set([storedFingerprint(base)]);
    for (const other of [
      { round: 2, combatants: rows(40, 8) },
      { round: 2, combatants: rows(40, 7), extra: null },
      { round: "2", combatants: rows(40, 7) },
    ] as StoredObject[])
      seen.add(storedFingerprint(other));
    expect(seen.size).toBe(4);
  });

  it("with a memo, a step's unchanged parts are the fingerprints found before (the same result as without)", () => {
    const memo = createStoreMemo();
    const combatants = rows(200, 7);
    const first: StoredObject = { round: 1, combatants };
    storedFingerprint(first, memo);
    expect(memo.fingerprints.has(combatants)).toBe(true);
    const next: StoredObject = { round: 2, combatants };
    expect(storedFingerprint(next, memo)).toBe(storedFingerprint(JSON.parse(JSON.stringify(next))));
  });

  it('with one memo over many steps, each fingerprint is the one found without it, and 1, "1" and true differ', () => {
    const memo = createStoreMemo();
    const values: StoredObject[] = [1, "1", true, "true", null, "x".repeat(100)].map((v) => ({ c0: v, c1: v }));
    const withMemo = values.map((v) => storedFingerprint(v, memo));
    expect(withMemo).toEqual(values.map((v) => storedFingerprint(JSON.parse(JSON.stringify(v)) as StoredObject)));
    expect(new Set(withMemo).size).toBe(values.length);
    // A later step: another object with the same keys and a changed total gives the fresh fingerprint again.
    const later: StoredObject = { round: 3, combatants: rows(200, 9) };
    expect(storedFingerprint(later, memo)).toBe(storedFingerprint(JSON.parse(JSON.stringify(later)) as StoredObject));
  });

  it("issue 17: a step's fingerprint found from the one before and the step's update is the one found anew", () => {
    // A nested stored value like a combat's engine: records of records, a step changing, adding or
    // removing a few entries at any depth (and sharing every part it does not change).
    type Edit = { readonly path: readonly number[]; readonly kind: "set" | "drop" | "add"; readonly value: Stored };
    const leaf = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("a", "b", "", true, false, null));
    const edit: fc.Arbitrary<Edit> = fc.record({
      path: fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }),
      kind: fc.constantFrom("set", "drop", "add"),
      value: fc.oneof(leaf, fc.dictionary(fc.constantFrom("x", "y"), leaf, { maxKeys: 2 })),
    });
    const start = (): StoredObject => ({
      round: 1,
      rows: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`r${i}`, { n: i, tag: { t: i % 2 === 0 } }])),
      current: "r0",
    });
    const applied = (value: StoredObject, { path, kind, value: next }: Edit, depth = 0): StoredObject => {
      const keys = Object.keys(value);
      const at = path[depth] ?? 0;
      const key = keys.length === 0 || kind === "add" ? `k${at}` : (keys[at % keys.length] as string);
      const child = value[key];
      if (depth + 1 < path.length && typeof child === "object" && child !== null)
        return { ...value, [key]: applied(child, { path, kind, value: next }, depth + 1) };
      if (kind === "drop") return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
      return { ...value, [key]: next };
    };
    fc.assert(
      fc.property(fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (steps) => {
        const memo = createStoreMemo();
        let before = start();
        storedFingerprint(before, memo);
        for (const step of steps) {
          const after = step.reduce((value, e) => applied(value, e), before);
          fingerprintAfter(before, diffStored(before, after), after, memo);
          expect(memo.fingerprints.has(after)).toBe(true);
          expect(storedFingerprint(after, memo)).toBe(storedFingerprint(JSON.parse(JSON.stringify(after))));
          before = after;
        }
      }),
      { numRuns: 40 },
    );
  });
});
