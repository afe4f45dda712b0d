import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  vectorEmpty,
  vectorFrom,
  vectorPush,
  vectorSet,
  type PersistentVector,
} from "../../../../src/engine/initiative/shared/persistent-vector.ts";
import { badVector } from "../../../../src/engine/initiative/shared/stored-vector.ts";

/** Values are their own index, so a check can tell a value read at the wrong index. */
const atItsIndex = (item: unknown, index: number): boolean => item !== index;

/** A vector of 0 … n − 1 built by pushes, with some indices freed. */
function built(n: number, freed: readonly number[]): PersistentVector<number> {
  let v: PersistentVector<number> = vectorEmpty<number>();
  for (let i = 0; i < n; i++) v = vectorPush(v, i);
  for (const i of freed) v = vectorSet(v, i, null);
  return v;
}

/** A plain, editable copy. */
const copy = (v: PersistentVector<number>): { size: number; depth: number; root: Record<string, unknown> } =>
  JSON.parse(JSON.stringify(v)) as { size: number; depth: number; root: Record<string, unknown> };

describe("a persistent vector read back from storage", () => {
  it("DEF-1: every vector the engine builds passes, freed indices included, after a JSON round trip", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1200 }), fc.array(fc.nat(1199), { maxLength: 20 }), (n, freed) => {
        const v = built(
          n,
          freed.filter((i) => i < n),
        );
        expect(badVector(JSON.parse(JSON.stringify(v)), atItsIndex)).toBe(false);
        expect(badVector(vectorFrom(Array.from({ length: n }, (_, i) => i)), atItsIndex)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("DEF-1: a trie that would read the wrong value at some index, or none, is refused", () => {
    const v = built(40, []);
    const leaves = (c: ReturnType<typeof copy>): { items: unknown[] }[] => c.root.kids as { items: unknown[] }[];
    const shortLeaf = copy(v);
    leaves(shortLeaf)[0]?.items.pop();
    const wrongSize = { ...copy(v), size: 41 };
    const flat = { ...copy(v), depth: 0 };
    const badValue = copy(v);
    const last = leaves(badValue)[1];
    if (last !== undefined) last.items[0] = 7;
    const extraField = copy(v);
    extraField.root.items = [];
    for (const broken of [shortLeaf, wrongSize, flat, badValue, extraField, null, [], { size: 0, depth: 0 }]) {
      expect(badVector(broken, atItsIndex)).toBe(true);
    }
    expect(badVector(copy(v), atItsIndex)).toBe(false);
  });
});
