/**
 * Issue 18 item 3 (brief chat18, point 1): the GM's record of what an Apply of a player's damage card
 * changed (chat/damage-ledger.ts) stays in the GM's browser. It used to be a world setting, which every
 * client receives: the players learnt who was damaged, by how much, and hidden creatures' uuids.
 * Undo of the player's card still restores what the GM recorded, also after the GM reloads (the same
 * browser keeps it), and an older world's setting is moved into the GM's browser once at `ready`.
 */
import { describe, expect, it } from "vitest";
import { attackContext } from "../support/attacks/attack-context.ts";
import { rolledDamage } from "../support/attacks/rolled-cards.ts";
import { asChatMessage, lastMessage } from "../support/chat-log.ts";

const ctx = await attackContext();
const { world, chat, cheat, victim, raider } = ctx;
world.runtime.network.recordReceived = true;
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

const hpOf = () =>
  (world.runtime.server.source("Actor", raider.id ?? "")?.system as { hp: { value: number } }).hp.value;
const ledgerSetting = () => world.runtime.server.settings.get("tempo.damageLedger") ?? [];
const keptByGm = () =>
  [...world.runtime.browserStorage(world.gm.id).snapshot()].filter(([key]) => key.startsWith("tempo.damageLedger."));

async function reloadGm(): Promise<void> {
  world.gm.active = false;
  await world.idle();
  world.gm.active = true;
  await world.idle();
}

/** The cheat's Vex hits the Raider for 7, 4 and 10 (less its DR 3 each: 12), applied by the GM on request. */
async function appliedPlayerCard(): Promise<string> {
  await rolledDamage(world, cheat, ctx.vex, raider, [7, 4, 10]);
  const message = lastMessage(chat);
  ctx.targeting.target(cheat, [raider]);
  expect(await world.as(cheat, () => runCardAction(asChatMessage(message), "apply"))).toBeNull();
  return message.id ?? "";
}

async function undoAsCheat(messageId: string): Promise<unknown> {
  const message = world.runtime.clientOf(cheat.id).messages.get(messageId);
  if (message === undefined) throw new Error("no card");
  return world.as(cheat, () => runCardAction(asChatMessage(message), "undo"));
}

describe("the damage ledger is the GM's (issue 18)", () => {
  it("DR-1: the GM's record of a player's Apply reaches no player's client, and the player's Undo works after the GM reloads", async () => {
    const hp = hpOf();
    const id = await appliedPlayerCard();
    expect(hpOf()).toBe(hp - 12);
    expect(ledgerSetting()).toEqual([]);
    expect(keptByGm().map(([, text]) => text.includes(id))).toEqual([true]);
    for (const user of [cheat, victim]) {
      const bytes = world.runtime.network.receivedBy(world.runtime.clientOf(user.id));
      expect(bytes.filter((d) => d.includes("damageLedger"))).toEqual([]);
    }
    await reloadGm();
    expect(await undoAsCheat(id)).toBeNull();
    expect(hpOf()).toBe(hp);
    // Undone: the GM's record of it is gone, so a second Undo is refused and changes nothing.
    expect(keptByGm().map(([, text]) => text.includes(id))).toEqual([false]);
    expect(await undoAsCheat(id)).toMatchObject({ key: "TEMPO.CHAT.Damage.NothingToUndo" });
    expect(hpOf()).toBe(hp);
  });

  it("DR-1: an older world's ledger setting moves into the GM's browser at ready, is emptied, and its Undo still works", async () => {
    const hp = hpOf();
    const id = await appliedPlayerCard();
    // As an older release left it: the entry in the world setting, none in the browser.
    const [[key, text] = ["", "{}"]] = keptByGm();
    const records = (JSON.parse(text) as Record<string, unknown>)[id];
    world.runtime.browserStorage(world.gm.id).removeItem(key);
    await world.as(world.gm, () => game.settings.set("tempo", "damageLedger", [{ messageId: id, records }]));
    await world.idle();
    expect(ledgerSetting()).toHaveLength(1);
    await reloadGm();
    expect(ledgerSetting()).toEqual([]);
    expect(keptByGm().map(([, kept]) => kept.includes(id))).toEqual([true]);
    expect(await undoAsCheat(id)).toBeNull();
    expect(hpOf()).toBe(hp);
  });

  it("DR-1: a second connected GM holds the record too, and answers the player's Undo when the first GM leaves", async () => {
    const gm2 = world.addUser("gm2", true);
    gm2.active = true;
    await world.idle();
    const hp = hpOf();
    const id = await appliedPlayerCard();
    const held = () =>
      [...world.runtime.browserStorage(gm2.id).snapshot()].filter(
        ([k, v]) => k.startsWith("tempo.damageLedger.") && v.includes(id),
      );
    expect(held()).toHaveLength(1);
    world.runtime.disconnect(world.runtime.clientOf(world.gm.id));
    await world.idle();
    expect(world.runtime.clientOf(cheat.id).run(() => game.users.activeGM?.id)).toBe(gm2.id);
    expect(await undoAsCheat(id)).toBeNull();
    expect(hpOf()).toBe(hp);
  });
});
