import { describe, expect, it } from "vitest";
import { readCombatState, RULESET_IDS, unwrap, updateBytes } from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

describe("TIME-1: stored combats stay small per step", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: every turn step at 300 combatants writes under 1 KB`, () => {
      const random = seeded(7);
      let { host, stored } = storedEncounter(ruleset, 300);
      let state = unwrap(readCombatState(host, stored.engine));
      let s = step(host, stored, { type: "start" });
      stored = s.stored;
      state = s.state;
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
      console.log(ruleset, "median", sizes[sizes.length >> 1], "max", sizes[sizes.length - 1], "n", sizes.length);
      expect(sizes.length).toBeGreaterThan(100);
      expect(sizes[sizes.length >> 1]).toBeLessThan(1024);
    });
  }
});
