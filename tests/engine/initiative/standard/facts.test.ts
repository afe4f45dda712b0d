import { describe, expect, it } from "vitest";
import { standardTrackerFacts, type StandardRowFacts } from "../../../../src/engine/initiative/standard/index.ts";
import { nextTimes, roll, startedWith, step } from "./fixtures.ts";

function facts(state: unknown, id: string): StandardRowFacts | undefined {
  return standardTrackerFacts(state)?.get(id);
}

describe("standard: what the tracker says beside each total", () => {
  it("STD-2: a shared total tells how it was broken: DEX bonus, the kept tie-breaker, or one still to roll", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 3 },
      { id: "Bram", dexBonus: 1 },
      { id: "Cole", dexBonus: 1 },
      { id: "Dana", dexBonus: 0 },
    ]);
    const tied = roll(started.state, { Aria: 15, Bram: 15, Cole: 15, Dana: 9 }).state;
    expect(facts(tied, "Aria")?.tie).toEqual({ by: "dex", dexBonus: 3 });
    expect(facts(tied, "Bram")?.tie).toEqual({ by: "pending" });
    expect(facts(tied, "Dana")?.tie).toBeNull();
    const broken = roll(tied, { Bram: 4, Cole: 17 }).state;
    expect(facts(broken, "Bram")?.tie).toEqual({ by: "tieBreak", rolls: [4] });
    expect(facts(broken, "Cole")?.tie).toEqual({ by: "tieBreak", rolls: [17] });
  });

  it("STD-2, Delay: a creature that re-entered after a delay shares the total it took, told apart by that delay", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 2 },
      { id: "Bram", dexBonus: 0 },
      { id: "Cole", dexBonus: 3 },
    ]);
    let state = roll(started.state, { Aria: 14, Bram: 19, Cole: 8 }).state;
    state = step(state, { type: "delay", combatantId: "Bram" }).state;
    expect(facts(state, "Bram")).toMatchObject({ delayed: true, reentering: false });
    state = step(state, { type: "act", combatantId: "Bram" }).state;
    expect(facts(state, "Bram")).toMatchObject({ delayed: false, reentering: true, tie: { by: "delay", rank: 1 } });
    expect(facts(state, "Aria")?.tie).toEqual({ by: "delay", rank: 0 });
    // Once its turn has started it is no longer "re-entering".
    expect(facts(nextTimes(state, 1).state, "Bram")?.reentering).toBe(false);
  });

  it("STD-3: a late joiner acts this round when its slot is still to come, else joins next round; Ready: the trigger", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 2 },
      { id: "Bram", dexBonus: 0 },
    ]);
    let state = roll(started.state, { Aria: 14, Bram: 10 }).state; // Aria acts
    state = step(state, { type: "join", combatantId: "Late", dexBonus: 0 }).state;
    expect(facts(state, "Late")?.joining).toBeNull(); // still rolling
    const early = roll(state, { Late: 12 }).state;
    expect(facts(early, "Late")?.joining).toBe("thisRound");
    const late = roll(state, { Late: 18 }).state;
    expect(facts(late, "Late")?.joining).toBe("nextRound");
    const readied = step(early, { type: "ready", combatantId: "Aria", trigger: "when the door opens" }).state;
    expect(facts(readied, "Aria")?.readied).toBe("when the door opens");
  });

  it("reads nothing from a state of another scheme", () => {
    expect(standardTrackerFacts({ scheme: "rotation" })).toBeNull();
    expect(standardTrackerFacts(null)).toBeNull();
  });
});
