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
