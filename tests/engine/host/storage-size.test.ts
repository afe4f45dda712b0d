import { describe, expect, it } from "vitest";
import { readCombatState, RULESET_IDS, updateBytes } from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

describe("stored combats stay small per turn step (issue 8: < 1 KB at 300)", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: the median turn step at 300 combatants writes under 1 KB`, () => {
      const random = seeded(7);
      const encounter = storedEncounter(ruleset, 300);
      const host = encounter.host;
      expect(readCombatState(host, encounter.stored.engine).ok).toBe(true);
      let s = step(host, encounter.stored, { type: "start" });
      let stored = s.stored;
      let state = s.state;
      const sizes: number[] = [];
      for (let i = 0; i < 700; i++) {
        const command = nextCommand(host, state, random);
        s = step(host, stored, command);
        if (command.type === "next" && s.events.some((e) => e.type === "turnStarted")) {
          sizes.push(updateBytes(s.update));
        }
        stored = s.stored;
        state = s.state;
      }
      sizes.sort((a, b) => a - b);
      expect(sizes.length).toBeGreaterThan(100);
      expect(sizes[sizes.length >> 1]).toBeLessThan(1024);
    });
  }
});

describe("count at round boundaries (issue 8: every next < 1 KB at 300)", () => {
  it("CNT-3, CNT-13: at 300 combatants every next, the end step and a new round included, writes under 1 KB with its undo patch", () => {
    // Everyone passes, so CNT-13 lowers nearly everyone at each new round and new ties must be contested:
    // the boundary steps that used to rebuild the order and the dice list for everyone.
    const random = seeded(3);
    const encounter = storedEncounter("count", 300);
    const host = encounter.host;
    let s = step(host, encounter.stored, { type: "start" });
    let stored = s.stored;
    let state = s.state;
    const turns: number[] = [];
    const boundaries: number[] = [];
    let lowered = 0;
    while (host.round(state) < 3) {
      const command = nextCommand(host, state, random);
      s = step(host, stored, command);
      if (command.type === "next") {
        const boundary = s.events.some((e) => ["endStep", "roundEnded", "roundStarted"].includes(e.type));
        (boundary ? boundaries : turns).push(updateBytes(s.update));
        lowered += s.events.filter((e) => e.type === "countLowered").length;
      }
      stored = s.stored;
      state = s.state;
    }
    expect(lowered).toBeGreaterThan(100);
    expect(boundaries.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...boundaries)).toBeLessThan(1024);
    expect(turns.length).toBeGreaterThan(500);
    expect(Math.max(...turns)).toBeLessThan(1024);
  }, 120_000);
});
