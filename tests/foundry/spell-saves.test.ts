/**
 * Issue 19 on the runtime model: a spell that calls for a save posts one save card per target naming
 * who rolls it, the ability and the DC (never the "no command" notice); the target's owner rolls it
 * from the card and the outcome follows (a damaging spell's damage is rolled then, halved on a success).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, chatLog, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(29);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");

await world.loadSystem();
world.callHook("init");
const { TEMPO } = await import("../../src/foundry/config.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

function creature(name: string, owners: string[], type: string, system: Obj = {}): Promise<ActorModel> {
  return world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: 30, max: 30 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
}

async function cast(uuid: string, targets: ActorModel[]) {
  const messages = chat.messages.length;
  const notices = world.notices.length;
  const done = await TEMPO.useItem(uuid, { targets: targets as unknown as Actor.Implementation[] });
  await world.idle();
  return { done, messages: chat.messages.slice(messages), notices: world.notices.slice(notices) };
}

/** Rolls the card as `user`: the save's dice come out as `totals[0]` (then a damage roll's, if any). */
async function rollAs(user: typeof player, message: ChatMessageModel | undefined, ...totals: number[]) {
  if (message === undefined) throw new Error("no card");
  world.scriptedTotals.length = 0;
  world.scriptedTotals.push(...totals);
  const refusal = await world.as(user, () => runCardAction(asChatMessage(message), "roll"));
  await world.idle();
  return refusal;
}

beforeEach(async () => {
  world.scriptedTotals.length = 0;
  await game.settings.set("tempo", "ruleset", "standard");
});

describe("issue 19: spell saves from the cast", () => {
  it("a save-only spell posts a save card per target (ability, DC, who rolls); the owner's roll decides", async () => {
    const mage = await creature("Mage", [], "npc");
    const kestrel = await creature("Kestrel", [player.id], "character", { abilities: { wis: 2 } });
    const golem = await creature("Golem", [], "npc");
    const hold = await ownedItem(world, mage, "Hold", "spell", {
      ...ITEM_DEFAULTS.spell,
      save: { ability: "wis", dc: 13 },
    });
    const result = await cast(hold.uuid, [kestrel, golem]);
    expect(result.done).toBe(true);
    expect(result.notices).toEqual([]);
    expect(result.messages.map((m) => [m.type, inputOf(m).name, inputOf(m).formula, inputOf(m).target])).toEqual([
      ["save", "Kestrel", "1d20 + 2", 13],
      ["save", "Golem", "1d20", 13],
    ]);
    expect(result.messages.map((m) => (inputOf(m).spell as Obj).roller)).toEqual(["owner", "gm"]);
    expect(inputOf(result.messages[0]).spell).toMatchObject({ caster: "Mage", ability: "wis", hasDamage: false });
    const [mine, golems] = result.messages;
    expect((await rollAs(player, golems, 15))?.key).toBe("TEMPO.CHAT.Errors.NotOwner");
    expect(await rollAs(player, mine, 13)).toBeNull(); // 1d20 + 2 = 13 (the d20 shows 11): DC 13 met
    const rolled = chat.messages.find((m) => m.id === mine?.id);
    expect(inputOf(rolled).total).toBe(13);
    const { buildSaveCard } = await import("../../src/view/chat/save-card.ts");
    const card = buildSaveCard(inputOf(rolled) as never, { isGM: true, owns: true, showOdds: false });
    expect(card.consequence).toEqual({ key: "TEMPO.CHAT.Save.SpellNoEffect", data: { spell: "Hold" } });
  });

  it("a damaging spell's save: its damage is rolled with the save, half on a success, all on a failure", async () => {
    const mage = await creature("Mage", [], "npc");
    const golem = await creature("Golem", [], "npc", { abilities: { dex: 1 } });
    const fire = await ownedItem(world, mage, "Fireburst", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      save: { ability: "dex", dc: 12 },
    });
    const saved = await cast(fire.uuid, [golem]);
    expect(saved.messages.map((m) => m.type)).toEqual(["save"]);
    const before = chat.messages.length;
    expect(await rollAs(world.gm, saved.messages[0], 14, 9)).toBeNull(); // 1d20 + 1 = 14 meets DC 12; 2d6 = 9
    const damage = chat.messages.slice(before).find((m) => m.type === "damage");
    expect(inputOf(damage)).toMatchObject({ target: "Golem", swings: [4], halved: true });
    const failed = await cast(fire.uuid, [golem]);
    const after = chat.messages.length;
    expect(await rollAs(world.gm, failed.messages[0], 5, 9)).toBeNull();
    expect(inputOf(chat.messages.slice(after).find((m) => m.type === "damage")).swings).toEqual([9]);
  });
});
