import { describe, expect, it } from "vitest";
import {
  ITEM_USE_RULINGS,
  concentrationCheckOutcome,
  deathSaveState,
  deathTallyResets,
  endPhaseSaveEndsEffect,
  readDeathSaveTally,
  recordDeathSave,
  type DeathSaveTally,
} from "../../../src/engine/index.ts";

describe("what a rolled save changes", () => {
  it("PHS-12: an 'ends' effect comes off on 7 or more and stays on 6 or less; a 'sustains' one the other way", () => {
    expect(endPhaseSaveEndsEffect("ends", 7)).toEqual({ ok: true, value: true });
    expect(endPhaseSaveEndsEffect("ends", 6)).toEqual({ ok: true, value: false });
    expect(endPhaseSaveEndsEffect("sustains", 12)).toEqual({ ok: true, value: false });
    expect(endPhaseSaveEndsEffect("sustains", 2)).toEqual({ ok: true, value: true });
    expect(endPhaseSaveEndsEffect("ends", 13)).toMatchObject({ ok: false });
  });

  it("SEG-10: a failed check clears concentration; a casting is interrupted in a segment combat only", () => {
    expect(concentrationCheckOutcome("segment", "casting", 9, 10)).toEqual({
      ok: true,
      value: { success: false, clears: true, interrupt: true },
    });
    expect(concentrationCheckOutcome("count", "casting", 9, 10)).toEqual({
      ok: true,
      value: { success: false, clears: true, interrupt: false },
    });
    expect(concentrationCheckOutcome("segment", "maintaining", 3, 10)).toEqual({
      ok: true,
      value: { success: false, clears: true, interrupt: false },
    });
    expect(concentrationCheckOutcome("segment", "casting", 10, 10)).toEqual({
      ok: true,
      value: { success: true, clears: false, interrupt: false },
    });
    expect(concentrationCheckOutcome("segment", "casting", 2.5, 10)).toMatchObject({ ok: false });
  });

  it("CNT-14 (ruling): three successes make the creature stable, three failures kill it; then the tally stops", () => {
    expect(ITEM_USE_RULINGS.deathSaveTally).toMatchObject({ stable: 3, dead: 3 });
    let tally: DeathSaveTally = readDeathSaveTally(undefined);
    const states: string[] = [];
    for (const success of [true, false, true, false, true]) {
      const next = recordDeathSave(tally, success);
      if (!next.ok) throw new Error(next.error.key);
      tally = next.value.tally;
      states.push(next.value.state);
    }
    expect(states).toEqual(["dying", "dying", "dying", "dying", "stable"]);
    expect(tally).toEqual({ successes: 3, failures: 2 });
    expect(recordDeathSave(tally, false)).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.DeathSavesStable" },
    });
    const dying = recordDeathSave({ successes: 2, failures: 2 }, false);
    expect(dying).toEqual({ ok: true, value: { tally: { successes: 2, failures: 3 }, state: "dead" } });
    expect(recordDeathSave({ successes: 0, failures: 3 }, true)).toMatchObject({
      error: { key: "TEMPO.ERRORS.Conditions.DeathSavesDead" },
    });
  });

  it("CNT-14: a stored tally that is not two whole counts is read as no tally", () => {
    expect(readDeathSaveTally({ successes: 1, failures: 2 })).toEqual({ successes: 1, failures: 2 });
    expect(readDeathSaveTally({ successes: -1, failures: 2 })).toEqual({ successes: 0, failures: 0 });
    expect(readDeathSaveTally("3")).toEqual({ successes: 0, failures: 0 });
    expect(deathSaveState({ successes: 0, failures: 0 })).toBe("dying");
  });

  it("CNT-14 (ruling): falling unconscious or waking starts the tally over, for creatures that have one", () => {
    const tallies: Record<string, DeathSaveTally> = {
      a: { successes: 3, failures: 0 },
      b: { successes: 0, failures: 0 },
    };
    const tallyOf = (id: string) => tallies[id] ?? { successes: 0, failures: 0 };
    const events = [
      { type: "combatantUnconscious", combatantId: "a" },
      { type: "combatantUnconscious", combatantId: "b" },
      { type: "consciousnessRegained", combatantId: "a", count: 17 },
      { type: "deathSavesDue", combatantId: "a" },
    ];
    expect(deathTallyResets(events, tallyOf)).toEqual(["a"]);
    const due = [{ type: "deathSavesDue", combatantId: "a" }];
    expect(deathTallyResets(due, tallyOf)).toEqual([]);
  });
});
