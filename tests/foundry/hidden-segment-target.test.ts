/**
 * Issue 18 item 3, segment: a declared attack at a creature hidden from players goes through the same
 * sealed record as a count declaration (combat/sealed-use-targets.ts): the declaring Combatant, which every
 * client receives, names the target by its Combatant, no player client receives its actor's uuid (its
 * cards are sealed: chat/sealed-cards.ts), and Resolve on the GM's client rolls the attack against it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installSegmentTable } from "../support/segment-table.ts";
import { ownedItem } from "../support/owned-items.ts";
import { documentUses } from "../support/declared-uses.ts";
import { copyOn } from "../support/client-combats.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { installCanvas } from "../support/runtime/canvas-collision.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";

const t = await installSegmentTable(1819);
const drawn = installCanvas(t.world);
afterAll(() => {
  drawn.uninstall();
  t.uninstall();
});
const { world, player } = t;
const network = world.runtime.network;
const copyOf = (userId: string, id: string) => copyOn(world.runtime.clientOf(userId), id);

/** What the player's client received, one JSON text each, that holds `text`. */
const playerHeard = (text: string) =>
  network
    .receivedBy(world.runtime.clientOf(player.id))
    .filter((m) => m.includes(text))
    .map((m) => m.slice(Math.max(0, m.indexOf(text) - 400), m.indexOf(text) + 100));

describe("issue 18: a segment declaration at a hidden creature", () => {
  it("SEG-9, SEG-16, issue 18: a player declares its Club at a hidden Lurker: the player's copy names the Lurker by its Combatant, never its uuid; the GM resolves the attack against it", async () => {
    const ogre = await t.creature("Ogre", "character", { aac0: 15 }, [player.id]);
    await ownedItem(world, ogre, "Club", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6" });
    const lurker = await t.creature("Lurker", "npc", { defenses: { descendingAc: 7 } });
    // The GM hides the Lurker's token as well as its combatant (sealed cards name it by its token).
    const scene = await addScene(world);
    drawn.view(scene);
    const token = await placeToken(world, scene, lurker, { x: 500, y: 500, actorLink: true, hidden: true });
    const combat = await t.fight([
      { actor: ogre, side: "pc" },
      { actor: lurker, side: "enemy", token },
    ]);
    const lurkerId = t.idOf(combat, "Lurker");
    network.recordReceived = true;
    try {
      await (combat.combatants.get(lurkerId) as unknown as { update(d: object): Promise<unknown> }).update({
        hidden: true,
      });
      await world.idle();
      expect(await t.sheetAttack(player, ogre, "Club", [lurker], { modifier: "0" }, {})).toBe(true);
      const own = t.copyOf(player, ogre);
      const club = own.items.contents.find((i) => i.name === "Club");
      const playersCopy = copyOf(player.id, combat.id ?? "");
      expect(Object.values(documentUses(playersCopy, t.idOf(combat, "Ogre")))).toEqual([
        expect.objectContaining({ itemUuid: club?.uuid, targetUuids: [`combatantRef:${lurkerId}`] }),
      ]);
      await t.declare(combat, world.gm, "Lurker", { action: "none" });
      world.scriptedTotals.push(5, 2); // the groups' d6: the Ogre's group first
      const card = await t.playToCard(combat);
      world.scriptedTotals.push(15, 4); // 15 against AC 7 (AAC0 15 needs 8): a hit; 1d6 = 4
      const { posted } = await t.press(world.gm, card, "resolve");
      // A hit, so its damage follows; both cards name the Lurker by its hidden token (sealed-cards.ts).
      expect(posted.map((m) => [m.type, t.inputOf(m).targetRef])).toEqual([
        ["attack", token.id],
        ["damage", token.id],
      ]);
      expect(playerHeard(lurker.uuid)).toEqual([]);
      expect(playerHeard(`combatantRef:${lurkerId}`)).not.toEqual([]);
    } finally {
      network.recordReceived = false;
    }
    drawn.view(null);
    await combat.delete();
  }, 15_000);
});
