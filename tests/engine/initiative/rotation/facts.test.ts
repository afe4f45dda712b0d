import { describe, expect, it } from "vitest";
import { rotationTrackerFacts } from "../../../../src/engine/initiative/rotation/index.ts";
import { nextTimes, roll, startedWith } from "./fixtures.ts";

const roster = [
  { id: "P1", kind: "pc" as const, initiative: 18 },
  { id: "P2", kind: "pc" as const, initiative: 17 },
  { id: "P3", kind: "pc" as const, initiative: 16 },
  { id: "E1", kind: "enemy" as const, initiative: 10 },
  { id: "P4", kind: "pc" as const, initiative: 9 },
  { id: "E2", kind: "enemy" as const, initiative: 5 },
];

describe("rotation: what the tracker says beside each result", () => {
  it("ROT-6: the entry the rule moved up says which player entry it went ahead of, and after whom", () => {
    const state = startedWith(roster, { noThreePlayersInRow: true }).state;
    const facts = rotationTrackerFacts(state);
    expect(facts?.rows.get("E1")?.moved).toEqual({ aheadOf: "P3", after: ["P1", "P2"] });
    for (const id of ["P1", "P2", "P3", "P4", "E2"]) expect(facts?.rows.get(id)?.moved).toBeNull();
    // It stays said through the rotation.
    expect(rotationTrackerFacts(nextTimes(state, 3).state)?.rows.get("E1")?.moved?.aheadOf).toBe("P3");
  });

  it("ROT-6: with the setting off nobody is moved", () => {
    const facts = rotationTrackerFacts(startedWith(roster).state);
    expect([...(facts?.rows.values() ?? [])].every((f) => f.moved === null)).toBe(true);
  });

  it("ROT-2: a won tie's bonus is told (+0.5 to the winner, the other keeps its result)", () => {
    const started = startedWith([
      { id: "A", kind: "pc" },
      { id: "B", kind: "enemy" },
    ]);
    const tied = roll(started.state, { A: 12, B: 12 }).state;
    const settled = roll(tied, { A: 17, B: 9 }).state;
    const facts = rotationTrackerFacts(settled);
    expect(facts?.rows.get("A")?.tieBonus).toBe(0.5);
    expect(facts?.rows.get("B")?.tieBonus).toBeNull();
  });

  it("ROT-7: the planning phase and the side that plans", () => {
    const planning = startedWith(roster, { planningPhase: true, initiator: "enemies" }).state;
    expect(rotationTrackerFacts(planning)).toMatchObject({ planning: true, initiator: "enemies" });
    expect(rotationTrackerFacts({ scheme: "standard" })).toBeNull();
  });
});
