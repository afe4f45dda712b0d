import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slotGet, slotPush, slotSet, slotsFrom, slotsUpdate, slotValues, type Slots } from "../../../../src/engine/initiative/phase/slots.ts";

interface Item {
  readonly slot: number;
  readonly value: number;
}

describe("phase rounds: the persistent combatant store", () => {
  it("DEF-1: many writes at once give the same store as one write after another, and leave the old store as it was", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_500 }),
        fc.array(fc.tuple(fc.nat(), fc.integer()), { maxLength: 60 }),
        (size, writes) => {
          const start = slotsFrom(Array.from({ length: size }, (_, slot): Item => ({ slot, value: -1 })));
          const before = JSON.stringify(start);
          // The last write to a slot wins, as it would one after another.
          const last = new Map<number, Item>();
          for (const [at, value] of writes) last.set(at % size, { slot: at % size, value });
          let oneByOne: Slots<Item> = start;
          for (const item of last.values()) oneByOne = slotSet(oneByOne, item.slot, item);
          const batch = slotsUpdate(start, [...last.values()].sort((a, b) => a.slot - b.slot), (item) => item.slot);
          expect(batch).toStrictEqual(oneByOne);
          expect(slotValues(batch).map((item) => item.value)).toEqual(
            Array.from({ length: size }, (_, slot) => last.get(slot)?.value ?? -1),
          );
          expect(JSON.stringify(start)).toBe(before);
          expect(JSON.parse(JSON.stringify(batch))).toStrictEqual(batch);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("DEF-1: slots handed out by pushing keep their values across trie levels (32, 1,024, 32,768)", () => {
    let slots: Slots<number> = slotsFrom([]);
    for (let i = 0; i < 1_100; i++) slots = slotPush(slots, i * 3);
    expect(slots.size).toBe(1_100);
    expect(slots.depth).toBe(2);
    expect([0, 31, 32, 1_023, 1_024, 1_099].map((i) => slotGet(slots, i))).toEqual([0, 93, 96, 3_069, 3_072, 3_297]);
    expect(slotGet(slots, 1_100)).toBeNull();
    expect(slotValues(slotSet(slots, 40, null))).toHaveLength(1_099);
  });
});
