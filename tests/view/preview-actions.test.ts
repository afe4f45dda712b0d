import { describe, expect, it } from "vitest";
import { PreviewCombat } from "../../src/preview/preview-combat.ts";
import { previewCombatants } from "../../src/preview/sample-encounters.ts";

function left(combat: PreviewCombat, id: string): Record<string, number | null> {
  return Object.fromEntries((combat.actionsLeft(id) ?? []).map((a) => [a.kind, a.left]));
}

function started(): PreviewCombat {
  const combat = new PreviewCombat("standard", previewCombatants(null, "standard"), 7);
  combat.run({ type: "start" });
  combat.roll(() => true);
  return combat;
}

const current = (combat: PreviewCombat): string => combat.host.current(combat.state) ?? "";

describe("the preview keeps each creature's actions from the engine's events", () => {
  it("STD-6: the acting creature has its three actions and its Reaction; the others their Reaction", () => {
    const combat = started();
    const acting = current(combat);
    expect(left(combat, acting)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    const other = combat.combatants.find((c) => c.id !== acting)?.id ?? "";
    expect(left(combat, other)).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    // ACT-ROT: the rotation preview keeps its trackers too: before its turn a creature has its Reaction.
    const rotation = new PreviewCombat("rotation", previewCombatants(null, "rotation"), 7).actionsLeft("ilsa");
    expect(rotation?.find((a) => a.kind === "reaction")?.left).toBe(1);
  });

  it("STD-6, Ready: a trigger spends the Reaction; undo and redo take the actions back and forth with the combat", () => {
    const combat = started();
    const readier = current(combat);
    combat.run({ type: "ready", combatantId: readier, trigger: "when the ogre moves" });
    combat.run({ type: "trigger", combatantId: readier });
    expect(combat.error).toBeNull();
    expect(left(combat, readier).reaction).toBe(0);
    combat.run({ type: "undo" });
    expect(left(combat, readier).reaction).toBe(1);
    combat.run({ type: "redo" });
    expect(left(combat, readier).reaction).toBe(0);
    // Previous round undoes several steps at once (into round 2 and two turns in it): the actions follow all of them.
    const all = (): Record<string, Record<string, number | null>> =>
      Object.fromEntries(combat.combatants.map((c) => [c.id, left(combat, c.id)]));
    const before = all();
    combat.run({ type: "nextRound" });
    combat.run({ type: "next" });
    combat.run({ type: "next" });
    expect(all()).not.toEqual(before);
    combat.run({ type: "previousRound" });
    expect(combat.host.round(combat.state)).toBe(1);
    expect(all()).toEqual(before);
  });
});
