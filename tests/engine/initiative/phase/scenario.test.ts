import { describe, expect, it } from "vitest";
import {
  phaseAttackModifiers,
  phaseScheduler,
  type PhaseEvent,
} from "../../../../src/engine/initiative/phase/index.ts";
import { PhaseTable } from "./driver.ts";

/**
 * Two rounds at the table, straight from seeds/002: a tie broken by repeated d6 roll-offs, a creature
 * seizing the initiative, a delay, a defence, and the end phase's saves.
 */
describe("phase rounds: a two-round encounter", () => {
  it("PHS-1, PHS-2, PHS-3, PHS-4, PHS-7, PHS-9, PHS-10, PHS-12: every event, in order", () => {
    const t = new PhaseTable([
      { id: "kara", int: 2, agi: 1 },
      { id: "wolf", int: 0, agi: 2 },
      { id: "bandit", int: 1, agi: 0 },
    ]);

    // Round 1. Kara and the wolf both total 9: they roll off, tie again on 4, then the wolf wins 6 to 2.
    t.do({ type: "start" });
    expect(t.roll({ kara: 9, wolf: 9, bandit: 6 })).toEqual([
      { type: "initiativeRolled", combatantId: "kara", total: 9 },
      { type: "initiativeRolled", combatantId: "wolf", total: 9 },
      { type: "initiativeRolled", combatantId: "bandit", total: 6 },
    ]);
    expect(t.asked()).toEqual(["kara: 1d6", "wolf: 1d6"]);
    t.roll({ kara: 4, wolf: 4 });
    expect(t.asked()).toEqual(["kara: 1d6", "wolf: 1d6"]);
    t.roll({ kara: 2, wolf: 6 });
    expect(t.asked()).toEqual([]);

    // The bandit seizes the initiative: it moves first and acts last.
    t.do({ type: "seize", combatantId: "bandit" });
    t.events = [];
    t.next(); // bandit moves
    t.next(); // kara moves (9, lost the roll-off)
    t.next(); // wolf moves
    t.next(); // battle: wolf first
    t.do({ type: "defend", combatantId: "wolf" });
    t.next(); // kara
    t.do({ type: "delay", combatantId: "kara", afterId: "bandit" });
    t.next(); // bandit ends, kara acts
    t.next(); // end phase
    expect(t.events).toEqual<PhaseEvent[]>([
      { type: "phaseStarted", round: 1, phase: "movement" },
      { type: "turnStarted", round: 1, combatantId: "bandit", phase: "movement" },
      { type: "turnEnded", round: 1, combatantId: "bandit", phase: "movement" },
      { type: "turnStarted", round: 1, combatantId: "kara", phase: "movement" },
      { type: "turnEnded", round: 1, combatantId: "kara", phase: "movement" },
      { type: "turnStarted", round: 1, combatantId: "wolf", phase: "movement" },
      { type: "turnEnded", round: 1, combatantId: "wolf", phase: "movement" },
      { type: "phaseStarted", round: 1, phase: "battle" },
      { type: "turnStarted", round: 1, combatantId: "wolf", phase: "battle" },
      { type: "defended", round: 1, combatantId: "wolf" },
      { type: "turnEnded", round: 1, combatantId: "wolf", phase: "battle" },
      { type: "turnStarted", round: 1, combatantId: "kara", phase: "battle" },
      { type: "delayed", round: 1, combatantId: "kara", afterId: "bandit" },
      { type: "turnStarted", round: 1, combatantId: "bandit", phase: "battle" },
      { type: "turnEnded", round: 1, combatantId: "bandit", phase: "battle" },
      { type: "turnStarted", round: 1, combatantId: "kara", phase: "battle" },
      { type: "turnEnded", round: 1, combatantId: "kara", phase: "battle" },
      { type: "phaseStarted", round: 1, phase: "end" },
      { type: "savesDue", combatantId: "kara", round: 1 },
      { type: "savesDue", combatantId: "wolf", round: 1 },
      { type: "savesDue", combatantId: "bandit", round: 1 },
    ]);
    // Kara attacking the defending wolf: 1 source of disadvantage; the wolf attacking the seizer: 1 of advantage.
    expect(phaseAttackModifiers(t.state, "kara", "wolf")).toEqual({ advantage: 0, disadvantage: 1 });
    expect(phaseAttackModifiers(t.state, "wolf", "bandit")).toEqual({ advantage: 1, disadvantage: 0 });

    // Round 2: everyone rolls again (PHS-2); nobody seizes; no ties.
    t.events = [];
    t.next();
    expect(phaseScheduler.pending(t.state).map((r) => r.formula)).toEqual([
      "2d6 + 2 + 1",
      "2d6 + 0 + 2",
      "2d6 + 1 + 0",
    ]);
    t.roll({ kara: 12, wolf: 5, bandit: 8 });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:wolf",
      "movement:bandit",
      "movement:kara",
      "battle:kara",
      "battle:bandit",
      "battle:wolf",
    ]);
    // The wolf's defence lasted until its movement turn started in round 2; the bandit's seizing ended with round 1.
    expect(phaseAttackModifiers(t.state, "kara", "wolf")).toEqual({ advantage: 0, disadvantage: 0 });
    expect(phaseAttackModifiers(t.state, "wolf", "bandit")).toEqual({ advantage: 0, disadvantage: 0 });
  });
});
