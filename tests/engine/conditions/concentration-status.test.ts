/** CNT-10, SEG-10: the `concentrating` condition from a command and its step's events (concentration-status.ts). */
import { describe, expect, it } from "vitest";
import { concentrationChanges, concentrationEndedBy } from "../../../src/engine/index.ts";

describe("concentrating from casting", () => {
  it("SEG-10: a segment spell declaration with concentration sets it; without concentration, or another action, nothing", () => {
    const declare = { type: "declare", combatantId: "c1", declaration: { action: "spell" } };
    expect(concentrationChanges({ ...declare, concentration: true }, [])).toEqual([
      { combatantId: "c1", condition: "concentrating", active: true },
    ]);
    expect(concentrationChanges(declare, [])).toEqual([]);
    expect(concentrationChanges({ ...declare, declaration: { action: "melee" }, concentration: true }, [])).toEqual([]);
  });

  it("SEG-10, CNT-10, CNT-14: a failed, lost or stopped casting, unconsciousness, defeat or leaving ends it", () => {
    const events = [
      { type: "castingFailed", round: 1, combatantId: "s1" },
      { type: "castingLost", action: { combatantId: "c1" } },
      { type: "castingStopped", action: { combatantId: "c2" } },
      { type: "combatantUnconscious", combatantId: "c3" },
      { type: "combatantDefeated", combatantId: "c4" },
      { type: "turnStarted", round: 1, combatantId: "c5" },
    ];
    expect(concentrationEndedBy(events)).toEqual(["s1", "c1", "c2", "c3", "c4"]);
    expect(concentrationChanges({ type: "next" }, events).every((c) => !c.active)).toBe(true);
  });

  it("CNT-10: a declaration whose own step loses the casting at once leaves concentration off", () => {
    const command = {
      type: "declare",
      combatantId: "c1",
      action: { kind: "spell" },
      concentration: true,
    };
    const events = [{ type: "castingLost", action: { combatantId: "c1" } }];
    expect(concentrationChanges(command, events)).toEqual([
      { combatantId: "c1", condition: "concentrating", active: false },
    ]);
  });
});
