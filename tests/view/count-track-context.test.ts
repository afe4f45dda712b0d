import { describe, expect, it } from "vitest";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import { countScope } from "../templates/fixtures.ts";

describe("count-track context", () => {
  const context = buildCountTrackContext(countScope(1, true));

  it("CNT-3: the ruler has counts 0–19 and the end step at 20", () => {
    expect(context.ruler.map((s) => s.count)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(context.ruler.filter((s) => s.isEndStep).map((s) => s.count)).toEqual([20]);
  });

  it("CNT-2: groups rows by count in the engine's order, without re-sorting", () => {
    expect(context.slots.map((s) => [s.count, s.rows.map((r) => r.name)])).toEqual([
      [3, ["Aria"]],
      [5, ["Brute", "Cutpurse"]],
      [7, ["Aria"]],
      [20, []],
    ]);
  });

  it("CNT-3: the end step is a boundary on the track, not a row", () => {
    const end = context.slots.find((s) => s.count === 20);
    expect(end?.boundary).toBe(true);
    expect(end?.rows).toEqual([]);
  });

  it("CNT-6: a pending action sits on its resolution count, marked as pending", () => {
    const pending = context.slots.find((s) => s.count === 7)?.rows[0];
    expect(pending?.kind).toBe("pending");
    expect(pending?.cssClass).toContain("tempo-row--pending");
  });

  it("CNT-9: an action due in a later round is listed under that round and count, not on this round's track", () => {
    expect(context.later.map((s) => [s.label, s.rows.map((r) => r.key)])).toEqual([
      [{ key: "TEMPO.COMBAT.Track.LaterCount", data: { round: 2, count: 3 } }, ["pending-b-1"]],
    ]);
    expect(context.slots.find((s) => s.count === 3)?.rows.map((r) => r.key)).toEqual(["turn-a"]);
  });

  it("CNT-4: before the first round the track says it is rolling; round 0 is the surprise round", () => {
    expect(buildCountTrackContext(countScope(-1, true, [])).roundLabel).toEqual({
      key: "TEMPO.COMBAT.Track.NotStarted",
    });
    expect(buildCountTrackContext(countScope(0, true, [])).roundLabel).toEqual({
      key: "TEMPO.COMBAT.Track.SurpriseRound",
    });
  });

  it("marks the acting count on the ruler", () => {
    expect(context.ruler.filter((s) => s.active).map((s) => s.count)).toEqual([5]);
  });

  it("players do not see hidden combatants or their places", () => {
    const player = buildCountTrackContext(countScope(1, false));
    expect(player.slots.flatMap((s) => s.rows.map((r) => r.combatantId))).not.toContain("c");
  });

  it("an empty track says so", () => {
    expect(buildCountTrackContext(countScope(1, true, [])).empty).toBe(true);
  });
});
