/**
 * DEF-1 (issue 19): what the undo history remembers of the statuses that put a creature out of the fight
 * (engine host/out-of-fight-memory.ts), per history step.
 */
import { describe, expect, it } from "vitest";
import { outOfFightPlan, type OutOfFightCreature } from "../../../src/engine/index.ts";

const creature = (c: Partial<OutOfFightCreature>) => (): OutOfFightCreature => ({
  outBefore: false,
  outAfter: true,
  shown: new Set(),
  flagBefore: false,
  ...c,
});

describe("DEF-1: out-of-fight statuses remembered per history step", () => {
  it("DEF-1: a new step that takes the number of one an undo took back replaces its entry, and entries of steps gone from the history are dropped", () => {
    const plan = outOfFightPlan(
      "standard",
      [{ type: "combatantDefeated", combatantId: "a" }],
      { undo: { "2": {}, "3": {} }, redo: {} },
      { "1": { x: ["dead"] }, "3": { b: ["unconscious"] } },
      creature({ shown: new Set(["unconscious", "prone"]) }),
    );
    expect(plan.update).toEqual({ "-=1": null, "3": { a: ["unconscious"], "-=b": null } });
    expect([plan.put.size, plan.takeOff.size]).toEqual([0, 0]);
  });

  it("DEF-1: a revive by the status toggled off remembers the one status that kept the creature out (core's defeated status when core's flag was drawn)", () => {
    const revive = (flagBefore: boolean, ruleset: "phase" | "count") =>
      outOfFightPlan(
        ruleset,
        [{ type: "combatantRevived", combatantId: "a" }],
        { undo: { "4": {} }, redo: {} },
        {},
        creature({ outBefore: true, outAfter: false, flagBefore }),
      ).update;
    expect(revive(false, "phase")).toEqual({ "4": { a: ["unconscious"] } });
    expect(revive(true, "phase")).toEqual({ "4": { a: ["dead"] } });
    expect(revive(false, "count")).toEqual({ "4": { a: ["dead"] } });
  });

  it("DEF-1: an undo visits only the creatures its step named: puts back what one showed while out, leaves the others alone", () => {
    const asked: string[] = [];
    const plan = outOfFightPlan(
      "rotation",
      [{ type: "undone" }],
      { undo: {}, redo: { "5": {} } },
      { "5": { a: ["unconscious"] } },
      (id) => {
        asked.push(id);
        return creature({})();
      },
    );
    expect(asked).toEqual(["a"]);
    expect([...plan.put]).toEqual([["a", ["unconscious"]]]);
    expect(plan.update).toBeNull();
  });
});
