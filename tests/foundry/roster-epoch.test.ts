/**
 * Issue 17: a step looks up its action records on the engine's order, checked against the combat's roster
 * only when the roster changed (combat/roster-epoch.ts): every Combatant created or deleted counts on each
 * page, an update of one does not. STD-6's trackers then follow a creature that left in the same steps.
 */
import { afterAll, describe, expect, it } from "vitest";
import { embedded, installTempoWorld } from "../support/tempo-encounter.ts";
import { rosterEpoch } from "../../src/foundry/combat/roster-epoch.ts";

const t = await installTempoWorld(17);
afterAll(() => t.world.uninstall());

describe("the roster's count of changes (issue 17)", () => {
  it("STD-6: counts Combatant creations and deletions, not updates, and a step after a creature left writes no record for it", async () => {
    const combat = await t.encounter("standard", 4);
    await combat.tempoCommand({ type: "start" });
    await t.world.idle();
    for (let i = 0; i < 3; i++) {
      await combat.nextTurn();
      await t.world.idle();
    }
    const before = rosterEpoch();
    const [first, second] = combat.combatants.contents;
    await first?.update({ name: "Renamed" });
    await t.world.idle();
    expect(rosterEpoch()).toBe(before);
    await embedded(combat).deleteEmbeddedDocuments("Combatant", [second?.id ?? ""]);
    await t.world.idle();
    expect(rosterEpoch()).toBeGreaterThan(before);
    const afterDelete = rosterEpoch();
    await embedded(combat).createEmbeddedDocuments("Combatant", [{ name: "New", system: { side: "enemy" } }]);
    await t.world.idle();
    expect(rosterEpoch()).toBeGreaterThan(afterDelete);
    // The steps go on with the roster as it is now (a record looked up for the creature that left would throw).
    for (let i = 0; i < 6; i++) {
      await combat.nextTurn();
      await t.world.idle();
    }
    const m = t.model(combat);
    expect(m.host.order(m.state)).not.toContain(second?.id);
    expect(m.host.order(m.state)).toHaveLength(4);
  });
});
