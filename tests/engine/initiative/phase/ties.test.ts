import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { phaseLane, phaseTiesToRoll, type PhaseCombatant } from "../../../../src/engine/initiative/phase/index.ts";
import { PhaseTable } from "./driver.ts";

function creature(id: string, slot: number, initiative: number | null, rollOff: number[]): PhaseCombatant {
  return {
    id,
    slot,
    int: 0,
    agi: 0,
    initiative,
    initiativeRound: 1,
    rollOff,
    rollingOff: false,
    defeated: false,
    keptRound: 0,
    seizedRound: 0,
    defending: false,
    disengagedRound: 0,
    movedRound: 0,
    actedRound: 0,
  };
}

describe("phase rounds: who rolls off", () => {
  it("PHS-2: equal totals roll; a creature whose roll-offs are the start of another's rolls again; others stay", () => {
    const ties = phaseTiesToRoll([
      creature("a", 0, 9, []),
      creature("b", 1, 9, [3]),
      creature("c", 2, 9, [3]),
      creature("d", 3, 9, [5]),
      creature("e", 4, 7, []),
      creature("f", 5, 8, [2]),
      creature("g", 6, null, []),
    ]);
    // a has no roll-off while b, c, d have one: a rolls. b and c are level at [3]: both roll. d and e are alone.
    expect(ties).toEqual(["a", "b", "c"]);
  });

  it("PHS-2: long roll-off chains (more than fit in the fast path) give the same answer", () => {
    const long = Array.from({ length: 14 }, () => 4);
    expect(
      phaseTiesToRoll([creature("a", 0, 9, long), creature("b", 1, 9, [...long]), creature("c", 2, 9, [...long, 2])]),
    ).toEqual(["a", "b"]);
    expect(phaseTiesToRoll([creature("a", 0, 9, long), creature("b", 1, 9, [...long.slice(0, 13), 5])])).toEqual([]);
  });

  it("PHS-2: whoever is level with another creature rolls: same total, and its roll-offs are the start of the other's", () => {
    const who = fc.record({
      initiative: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null }),
      rollOff: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 13 }),
    });
    fc.assert(
      fc.property(fc.array(who, { maxLength: 40 }), (list) => {
        const crowd = list.map((x, i) => creature(`c${i}`, i, x.initiative, x.rollOff));
        // Straight from the rule, pair by pair.
        const startOf = (a: readonly number[], b: readonly number[]): boolean =>
          a.length <= b.length && a.every((r, i) => b[i] === r);
        const expected = crowd
          .filter(
            (a) =>
              a.initiative !== null &&
              crowd.some((b) => b !== a && b.initiative === a.initiative && startOf(a.rollOff, b.rollOff)),
          )
          .map((c) => c.id);
        expect(phaseTiesToRoll(crowd)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("phase rounds: roll-offs when the field changes", () => {
  it("PHS-2: a roll-off nobody is tied with any more is no longer asked for (the rival left or fell)", () => {
    const t = new PhaseTable([
      { id: "ava", int: 0, agi: 0 },
      { id: "bram", int: 0, agi: 0 },
      { id: "cole", int: 0, agi: 0 },
      { id: "dina", int: 0, agi: 0 },
    ]);
    t.do({ type: "start" });
    t.roll({ ava: 9, bram: 9, cole: 7, dina: 7 });
    expect(t.asked()).toEqual(["ava: 1d6", "bram: 1d6", "cole: 1d6", "dina: 1d6"]);
    // Bram leaves and Dina falls: Ava and Cole are alone on their totals, so nobody has to roll.
    t.do({ type: "leave", combatantId: "bram" });
    t.do({ type: "defeat", combatantId: "dina" });
    expect(t.asked()).toEqual([]);
    t.next();
    expect(phaseLane(t.state, "battle")).toEqual(["ava", "cole", "dina"]);
  });
});
