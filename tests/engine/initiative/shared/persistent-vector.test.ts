import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  vectorEmpty,
  vectorEntries,
  vectorFrom,
  vectorFromJoins,
  vectorGet,
  vectorGetById,
  vectorMap,
  vectorPush,
  vectorSet,
  vectorUpdate,
  vectorValues,
  type PersistentVector,
} from "../../../../src/engine/initiative/shared/persistent-vector.ts";
import { badVector } from "../../../../src/engine/initiative/shared/stored-vector.ts";
import { err, ok, type Result } from "../../../../src/engine/core/result.ts";

interface Item {
  readonly slot: number;
  readonly value: number;
}

/** Every index's value, free ones as null, read one by one through `vectorGet`. */
function contents<T>(vector: PersistentVector<T>): (T | null)[] {
  return Array.from({ length: vector.size }, (_, i) => vectorGet(vector, i));
}

/** One step of a random history: push a value, write an index, or free one. */
type Op =
  | { readonly kind: "push"; readonly value: number }
  | { readonly kind: "set"; readonly at: number; readonly value: number | null };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("push" as const), value: fc.integer() }),
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: fc.option(fc.integer(), { nil: null }) }),
);

describe("the persistent vector shared by the count, phase and segment rosters", () => {
  it("DEF-1: any history of pushes, writes and frees reads back like a plain array, and every earlier version stays as it was", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 80 }), fc.array(op, { maxLength: 120 }), (start, ops) => {
        let vector = vectorFrom<number>(start);
        let model: (number | null)[] = [...start];
        const versions: { vector: PersistentVector<number>; json: string; model: (number | null)[] }[] = [];
        for (const step of ops) {
          versions.push({ vector, json: JSON.stringify(vector), model });
          if (step.kind === "push") {
            vector = vectorPush(vector, step.value);
            model = [...model, step.value];
          } else if (model.length > 0) {
            const at = step.at % model.length;
            vector = vectorSet(vector, at, step.value);
            model = model.map((v, i) => (i === at ? step.value : v));
          }
        }
        expect(vector.size).toBe(model.length);
        expect(contents(vector)).toEqual(model);
        expect(vectorValues(vector)).toEqual(model.filter((v) => v !== null));
        expect(vectorEntries(vector)).toEqual(model);
        expect(JSON.parse(JSON.stringify(vector))).toStrictEqual(vector);
        // A stored copy of any vector the operations build reads back as one.
        expect(badVector(JSON.parse(JSON.stringify(vector)), (item) => typeof item !== "number")).toBe(false);
        for (const old of versions) {
          expect(JSON.stringify(old.vector)).toBe(old.json);
          expect(contents(old.vector)).toEqual(old.model);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("DEF-1: many writes at once give the same vector as one write after another, and leave the old vector as it was", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_500 }),
        fc.array(fc.tuple(fc.nat(), fc.integer()), { maxLength: 60 }),
        (size, writes) => {
          const start = vectorFrom(Array.from({ length: size }, (_, slot): Item => ({ slot, value: -1 })));
          const before = JSON.stringify(start);
          // The last write to a slot wins, as it would one after another.
          const last = new Map<number, Item>();
          for (const [at, value] of writes) last.set(at % size, { slot: at % size, value });
          let oneByOne: PersistentVector<Item> = start;
          for (const item of last.values()) oneByOne = vectorSet(oneByOne, item.slot, item);
          const batch = vectorUpdate(
            start,
            [...last.values()].sort((a, b) => a.slot - b.slot),
            (item) => item.slot,
          );
          expect(batch).toStrictEqual(oneByOne);
          expect(vectorValues(batch).map((item) => item.value)).toEqual(
            Array.from({ length: size }, (_, slot) => last.get(slot)?.value ?? -1),
          );
          expect(JSON.stringify(start)).toBe(before);
          expect(JSON.parse(JSON.stringify(batch))).toStrictEqual(batch);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("DEF-1: a batch in any order, with repeated and unknown slots, is the same as writing it one after another", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_200 }),
        fc.array(fc.tuple(fc.integer({ min: -3, max: 1_300 }), fc.integer()), { maxLength: 80 }),
        (size, writes) => {
          const start = vectorFrom(Array.from({ length: size }, (_, slot): Item => ({ slot, value: -1 })));
          const changes = writes.map(([slot, value]): Item => ({ slot, value }));
          let oneByOne: PersistentVector<Item> = start;
          for (const item of changes) oneByOne = vectorSet(oneByOne, item.slot, item);
          expect(vectorUpdate(start, changes, (item) => item.slot)).toStrictEqual(oneByOne);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("DEF-1: a write copies only the path to its slot: every other branch is the very same object", () => {
    const vector = vectorFrom(Array.from({ length: 2_000 }, (_, i) => i));
    const written = vectorSet(vector, 1_500, -1);
    expect(vector.root).not.toBe(written.root);
    if (!("kids" in vector.root) || !("kids" in written.root)) throw new Error("2,000 values need branches");
    // 1,500 is in the second branch of 1,024; the first is shared untouched.
    expect(written.root.kids[0]).toBe(vector.root.kids[0]);
    expect(written.root.kids[1]).not.toBe(vector.root.kids[1]);
    const batch = vectorUpdate(vector, [7], () => 7);
    expect(batch.root).not.toBe(vector.root);
    if (!("kids" in batch.root)) throw new Error("2,000 values need branches");
    expect(batch.root.kids[1]).toBe(vector.root.kids[1]);
    expect(vectorUpdate(vector, [], () => 0)).toBe(vector);
  });

  it("DEF-1: slots handed out by pushing keep their values across trie levels (32, 1,024, 32,768)", () => {
    let slots: PersistentVector<number> = vectorFrom<number>([]);
    for (let i = 0; i < 1_100; i++) slots = vectorPush(slots, i * 3);
    expect(slots.size).toBe(1_100);
    expect(slots.depth).toBe(2);
    expect([0, 31, 32, 1_023, 1_024, 1_099].map((i) => vectorGet(slots, i))).toEqual([0, 93, 96, 3_069, 3_072, 3_297]);
    expect(vectorGet(slots, 1_100)).toBeNull();
    expect(vectorValues(vectorSet(slots, 40, null))).toHaveLength(1_099);
    // Built from an array in one go or pushed one by one: the same plain data.
    expect(vectorFrom(Array.from({ length: 1_100 }, (_, i) => i * 3))).toStrictEqual(slots);
  });

  it("DEF-1: a slot never handed out reads as null, and writing it changes nothing", () => {
    const vector = vectorFrom(["a", "b", "c"]);
    for (const index of [-1, 3, 1.5, Number.NaN, 40]) {
      expect(vectorGet(vector, index)).toBeNull();
      expect(vectorSet(vector, index, "x")).toBe(vector);
    }
    expect(vectorGet(vectorEmpty<string>(), 0)).toBeNull();
    expect(vectorValues(vectorEmpty<string>())).toEqual([]);
    expect(vectorEmpty<string>()).toStrictEqual(vectorFrom<string>([]));
  });

  it("DEF-1: a freed slot keeps its number: later slots do not move and the next push gets a new one", () => {
    let vector = vectorFrom(["a", "b", "c"]);
    vector = vectorSet(vector, 1, null);
    expect(vector.size).toBe(3);
    expect(vectorGet(vector, 1)).toBeNull();
    expect(vectorGet(vector, 2)).toBe("c");
    vector = vectorPush(vector, "d");
    expect(vectorGet(vector, 3)).toBe("d");
    expect(vectorValues(vector)).toEqual(["a", "c", "d"]);
    expect(JSON.stringify(vector)).not.toContain("undefined");
    expect(JSON.parse(JSON.stringify(vector))).toStrictEqual(vector);
  });

  it("DEF-1: mapping keeps slot numbers and freed slots, and returns the very same vector when nothing changed", () => {
    const vector = vectorSet(vectorFrom(Array.from({ length: 100 }, (_, i) => i)), 5, null);
    const doubled = vectorMap(vector, (v) => v * 2);
    expect(contents(doubled)).toEqual(contents(vector).map((v) => (v === null ? null : v * 2)));
    expect(vectorMap(vector, (v) => v)).toBe(vector);
    // Only the leaf holding slot 70 changes: the other leaves are shared.
    const one = vectorMap(vector, (v) => (v === 70 ? -70 : v));
    expect(vectorGet(one, 70)).toBe(-70);
    if (!("kids" in one.root) || !("kids" in vector.root)) throw new Error("100 values need branches");
    expect(one.root.kids[0]).toBe(vector.root.kids[0]);
    expect(one.root.kids[2]).not.toBe(vector.root.kids[2]);
  });
});

describe("a roster by id: the vector and its id → slot index", () => {
  interface Join {
    readonly id: string;
    readonly level: number;
  }
  const check = (join: Join): Result<Join> =>
    join.level >= 0 ? ok(join) : err("TEMPO.ERRORS.Phase.InvalidCombatant", { id: join.id });
  const make = (join: Join, slot: number) => ({ id: join.id, level: join.level, slot });

  it("DEF-1: joins get their join order as slot, and are found by id (own ids only)", () => {
    const built = vectorFromJoins(
      [
        { id: "b", level: 1 },
        { id: "__proto__", level: 2 },
        { id: "a", level: 3 },
      ],
      check,
      make,
      "TEMPO.ERRORS.Phase.DuplicateCombatant",
    );
    if (!built.ok) throw new Error(built.error.key);
    const { combatants, index } = built.value;
    expect(vectorGetById(index, combatants, "a")).toEqual({ id: "a", level: 3, slot: 2 });
    expect(vectorGetById(index, combatants, "__proto__")).toEqual({ id: "__proto__", level: 2, slot: 1 });
    expect(vectorGetById(index, combatants, "constructor")).toBeNull();
    expect(vectorGetById(index, combatants, "toString")).toBeNull();
    expect(vectorGetById(index, vectorSet(combatants, 0, null), "b")).toBeNull();
    expect(JSON.parse(JSON.stringify(built.value))).toStrictEqual(built.value);
  });

  it("DEF-1: a repeated id or a refused join is the error, and nothing is built", () => {
    expect(
      vectorFromJoins(
        [
          { id: "a", level: 1 },
          { id: "a", level: 2 },
        ],
        check,
        make,
        "TEMPO.ERRORS.Phase.DuplicateCombatant",
      ),
    ).toEqual(err("TEMPO.ERRORS.Phase.DuplicateCombatant", { id: "a" }));
    expect(
      vectorFromJoins(
        [
          { id: "a", level: 1 },
          { id: "b", level: -1 },
        ],
        check,
        make,
        "TEMPO.ERRORS.Phase.DuplicateCombatant",
      ),
    ).toEqual(err("TEMPO.ERRORS.Phase.InvalidCombatant", { id: "b" }));
  });
});

describe("stored vectors read back (DEF-1)", () => {
  it("DEF-1: a vector whose size, depth, nodes or values do not agree is refused", () => {
    const stored = (): Record<string, unknown> =>
      JSON.parse(JSON.stringify(vectorFrom(Array.from({ length: 40 }, (_, i) => i)))) as Record<string, unknown>;
    const numbers = (item: unknown): boolean => typeof item !== "number";
    expect(badVector(stored(), numbers)).toBe(false);
    expect(badVector({ ...stored(), size: 41 }, numbers)).toBe(true);
    expect(badVector({ ...stored(), size: 32 }, numbers)).toBe(true);
    expect(badVector({ ...stored(), depth: 0 }, numbers)).toBe(true);
    expect(badVector({ ...stored(), root: { items: [] } }, numbers)).toBe(true);
    expect(badVector(JSON.parse(JSON.stringify(vectorFrom(["a", null, 3]))), numbers)).toBe(true);
    expect(badVector(JSON.parse(JSON.stringify(vectorFrom([1, null, 3]))), numbers)).toBe(false);
    expect(badVector([], numbers)).toBe(true);
    expect(badVector(null, numbers)).toBe(true);
  });
});
