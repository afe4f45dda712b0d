/**
 * Issue 17: a GM's page derives each combatant's initiative and place from one shared record per
 * creature (data/combat/derived-table.ts), the same object while its facts and place are the same, so
 * a combatant that finds the record it derived from last time derives nothing again.
 */
import { describe, expect, it } from "vitest";
import { derivedTable } from "../../src/foundry/data/combat/derived-table.ts";

const fact = (initiative: number | null) => ({ initiative, defeated: false });

/** The combat's combatants: D is one the engine does not hold yet (a roster change on its way). */
const IDS = ["A", "B", "C", "D"];

describe("the derived table of a GM's page (issue 17)", () => {
  it("issue 17: keeps a creature's record while its facts object and place are the same, and makes a new one when either changes", () => {
    const combat = {};
    const [a, b, c] = [fact(12), fact(7), fact(null)];
    const first = derivedTable(
      combat,
      {},
      new Map([
        ["A", 0],
        ["B", 1],
      ]),
      new Map([
        ["A", a],
        ["B", b],
        ["C", c],
      ]),
      IDS,
    );
    expect(first.get("A")).toEqual({ facts: a, initiative: 12, sortRank: 0 });
    // Not placed yet: Infinity (sorted after every placed creature).
    expect(first.get("C")).toEqual({ facts: c, initiative: null, sortRank: Infinity });
    // A combatant the engine does not hold has no record (it is derived from the document's state).
    expect(first.has("D")).toBe(false);
    // A turn step: B's facts changed, the order is the same map.
    const rank = new Map([
      ["A", 0],
      ["B", 1],
    ]);
    const b2 = fact(9);
    const second = derivedTable(
      combat,
      {},
      rank,
      new Map([
        ["A", a],
        ["B", b2],
        ["C", c],
      ]),
      IDS,
    );
    expect(second.get("A")).toBe(first.get("A"));
    expect(second.get("C")).toBe(first.get("C"));
    expect(second.get("B")).toEqual({ facts: b2, initiative: 9, sortRank: 1 });
    // A round boundary: new places, the same facts objects.
    const third = derivedTable(
      combat,
      {},
      new Map([
        ["B", 0],
        ["A", 1],
      ]),
      new Map([
        ["A", a],
        ["B", b2],
        ["C", c],
      ]),
      IDS,
    );
    expect(third.get("A")).toEqual({ facts: a, initiative: 12, sortRank: 1 });
    expect(third.get("A")).not.toBe(second.get("A"));
    expect(third.get("C")).toBe(first.get("C"));
  });

  it("issue 17: gives the table already made for the same state and order (made while the page was idle), and keeps each combat's apart", () => {
    const [one, two] = [{}, {}];
    const state = {};
    const rank = new Map([["A", 0]]);
    const facts = new Map([["A", fact(3)]]);
    const made = derivedTable(one, state, rank, facts, ["A"]);
    expect(derivedTable(one, state, rank, facts, ["A"])).toBe(made);
    expect(derivedTable(one, state, new Map(rank), facts, ["A"])).not.toBe(made);
    expect(derivedTable(two, state, rank, facts, ["A"])).not.toBe(made);
  });
});
