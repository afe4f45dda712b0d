import { describe, expect, it } from "vitest";
import { playedTracker } from "./played-tracker.ts";

describe("the order list over a segment round (the fallback every scheme has)", () => {
  it("SEG-2: a player's list shows an unrevealed declaration as declared only, never its turn's place or label", () => {
    const { list, input } = playedTracker("segment", { isGM: false, turns: 1 });
    const rows = list.groups.flatMap((g) => [...(g.group === null ? [] : [g.group]), ...g.rows]);
    const owned = new Set(input.combatants.filter((c) => c.owned).map((c) => c.id));
    const withheld = rows.filter(
      (r) => r.combatantId !== null && !owned.has(r.combatantId) && r.detail?.key === "TEMPO.COMBAT.Segment.Declared",
    );
    expect(withheld.length).toBeGreaterThan(0);
    for (const row of withheld) {
      expect(row).toMatchObject({ kind: "pending", label: { key: "TEMPO.COMBAT.Segment.Step.Declare" } });
      expect(rows.filter((r) => r.combatantId === row.combatantId && r.kind === "turn")).toEqual([]);
    }
  });
});
