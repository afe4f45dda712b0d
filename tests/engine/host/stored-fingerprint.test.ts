/**
 * Issue 18: the fingerprint the GM's browser keeps of the engine it published (foundry
 * combat/secret-store.ts checks a reload's document against it): the same for the same stored value
 * whatever its key order (a document read back from Foundry), different when a value differs, and with
 * a memo the parts a step did not change are not looked at again.
 */
import { describe, expect, it } from "vitest";
import { createStoreMemo, storedFingerprint, type StoredObject } from "../../../src/engine/index.ts";

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
});
