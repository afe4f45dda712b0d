/**
 * Issue 18 item 3 (brief uses18): a count declaration records its targets on the declaring Combatant
 * (src/foundry/combat/declared-uses.ts), a document every client receives. A target hidden from players is
 * named there by reference (sealed-use-targets.ts), so no player client receives its actor's uuid; the
 * pending card's Resolve on the GM's client still rolls against that creature.
 */
import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { documentUses } from "../support/declared-uses.ts";
import { firstTurn, step, type Ev } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSeedTable } from "../support/seed-table.ts";
import { creatureSystem } from "../support/test-creature.ts";

const table = await installSeedTable(1818);
const { world, player, chat, targeting } = table;
const watcher = world.addUser("watcher");
const { useItemDocument } = await import("../../src/foundry/chat/attack-flow.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

type Obj = Record<string, unknown>;
const here = <T>(document: T): T => (document as unknown as { here(): T }).here();
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

describe("issue 18: a declared use names a hidden target by reference", () => {
  it("CNT-6, SEG-11, issue 18: a player declares a count attack at a hidden creature; no player client receives its uuid; Resolve on the GM's client rolls against it", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await table.creature("Fenn", [player.id], "character", creatureSystem(40, { abilities: { str: 3 } }));
    const lurker = await table.creature("Lurker", [], "npc", creatureSystem(30, { defenses: { ac: 13 } }));
    const maul = (await ownedItem(world, fenn, "Maul", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "1d6",
      properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
    })) as unknown as Item.Implementation;
    const combat = await table.fight("count", [
      { actor: fenn, side: "pc" },
      { actor: lurker, side: "enemy" },
    ]);
    const fennId = table.idOf(combat, fenn);
    const lurkerId = table.idOf(combat, lurker);
    await (combat.combatants.get(lurkerId) as unknown as { update(d: object): Promise<unknown> }).update({
      hidden: true,
    });
    await world.idle();
    let acting = await firstTurn(world, combat);
    for (let i = 0; i < 10 && acting !== fennId; i++) {
      await combat.nextTurn();
      await world.idle();
      acting = combat.combatant?.id ?? "";
    }
    expect(acting).toBe(fennId);

    targeting.target(player, [lurker]);
    expect(await world.as(player, () => useItemDocument(here(maul)))).toBe(true);
    await world.idle();
    const record = Object.values(documentUses(combat, fennId));
    expect(record).toEqual([{ itemUuid: maul.uuid, targetUuids: [`combatantRef:${lurkerId}`] }]);

    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 40 && card === undefined; i++) {
      const before = chat.messages.length;
      const events: Ev[] = await step(world, combat);
      const pending = chat.messages.slice(before).find((m) => m.type === "pending");
      if (events.some((e) => e.type === "actionResolved")) card = pending;
    }
    expect(card).toBeDefined();
    for (const user of [player, watcher]) {
      const bytes = world.runtime.network.receivedBy(world.runtime.clientOf(user.id));
      expect(bytes.filter((d) => d.includes(lurker.uuid)).map((d) => d.slice(0, 300))).toEqual([]);
    }

    targeting.target(world.gm, []);
    world.scriptedTotals.push(12, 4); // d20 12 + 3 = 15 meets AC 13; 1d6 = 4
    const before = chat.messages.length;
    expect(await runCardAction(asChatMessage(card as ChatMessageModel), "resolve")).toBeNull();
    await world.idle();
    const rolled = chat.messages.slice(before);
    expect(rolled.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Lurker"],
      ["damage", "Lurker"],
    ]);
    expect(inputOf(rolled[0])).toMatchObject({ resolution: { snapshot: { armorClass: 13 } } });
  });
});
