/**
 * SEG-2, issue 17: a segment creature with no group of its own shows its side's group, derived on every
 * client and kept between Combat updates while nothing that moves a side changed (data/combatant/
 * combatant-model.ts, combat/groups/side-epoch.ts). When its actor changes side (a player takes it over),
 * the next Combat update shows it in its new side's group. Runs in the `foundry` and `foundry-v14` projects.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(31);
const { world } = t;
afterAll(() => world.uninstall());

describe("SEG-2: the side group a creature shows follows its side", () => {
  it("SEG-2: a creature whose actor a player comes to own shows the party's group at the next step", async () => {
    const scout = await world.addActor("Scout", [], "npc");
    const combat = await t.encounter(
      "segment",
      4,
      (i) => (i === 1 ? { side: null } : {}),
      (i) => (i === 1 ? { actorId: scout.id } : {}),
    );
    await combat.startCombat();
    await world.idle();
    const groupOf = (i: number) =>
      (combat.combatants.contents[i] as unknown as { group: { id: string } | null }).group?.id;
    const enemies = groupOf(3);
    const party = groupOf(0);
    expect(party).not.toBe(enemies);
    expect(groupOf(1)).toBe(enemies);
    // Two steps on: the creature keeps showing its group while nothing moved its side.
    for (let i = 0; i < 2; i++) {
      const m = t.model(combat);
      await (m.host.pending(m.state).length > 0 ? combat.rollAll() : combat.nextTurn());
      await world.idle();
      expect(groupOf(1)).toBe(enemies);
    }
    await scout.update({ ownership: { [t.owner.id]: 3 } });
    await world.idle();
    const m = t.model(combat);
    await (m.host.pending(m.state).length > 0 ? combat.rollAll() : combat.nextTurn());
    await world.idle();
    expect(groupOf(1)).toBe(party);
    await combat.delete();
    await world.idle();
  });
});
