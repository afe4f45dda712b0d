import { describe, expect, it } from "vitest";
import { eventString, readCombatState, RULESET_IDS, updateBytes } from "../../../src/engine/index.ts";
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

describe("phase: boundary steps stay small too (issue 8: < 1 KB at 300)", () => {
  it("PHS-1, PHS-2: at 300 combatants every next (a turn, a new phase, a new round) and the undo patch it adds write under 1 KB", () => {
    const random = seeded(11);
    const encounter = storedEncounter("phase", 300);
    const host = encounter.host;
    let s = step(host, encounter.stored, { type: "start" });
    /** The largest update and undo patch of each kind of `next`: a turn, or the phase or round it starts. */
    const largest = new Map<string, { update: number; undo: number }>();
    // Round 1 in full, then round 2 until its movement phase starts (on the ranking of its own rolls).
    for (let done = false; !done;) {
      const before = s.stored;
      const command = nextCommand(host, s.state, random);
      s = step(host, before, command);
      if (command.type !== "next") continue;
      const started = s.events.find((e) => e.type === "roundStarted" || e.type === "phaseStarted");
      const kind = started === undefined ? "turn" : `${started.type}:${eventString(started, "phase") ?? "round"}`;
      const undo = s.stored.history.undo;
      const added = Object.keys(undo).filter((key) => !Object.hasOwn(before.history.undo, key));
      const undoBytes = added.reduce((sum, key) => sum + updateBytes(undo[key]), 0);
      const seen = largest.get(kind) ?? { update: 0, undo: 0 };
      largest.set(kind, { update: Math.max(seen.update, updateBytes(s.update)), undo: Math.max(seen.undo, undoBytes) });
      done = host.round(s.state) === 2 && kind === "phaseStarted:movement";
    }
    // Every kind of step was taken: turns, the three phase starts inside a round, and a new round.
    expect([...largest.keys()].sort()).toEqual([
      "phaseStarted:battle",
      "phaseStarted:end",
      "phaseStarted:movement",
      "roundStarted:round",
      "turn",
    ]);
    for (const [kind, bytes] of largest) {
      expect({ kind, ...bytes, small: bytes.update < 1024 && bytes.undo < 1024 }).toMatchObject({ kind, small: true });
    }
  }, 60_000);
});
