/**
 * Issue 11: a weapon or spell declared in a count or segment combat (the hotbar macro's and the sheet's
 * `useItemDocument`) records its item and targets on the combatant in the declaration's one batched
 * Combatant update; Resolve on the pending card rolls it then (attack card with its odds, damage on a
 * hit) and marks the card resolved in one message update. The tracker's Declare… declares with the
 * creature's weapon or spell the same way (issue 19); an action declared by hand records none and resolves
 * with no roll. On the runtime model: world actors with owned
 * Items, resolved by `fromUuid` on the running client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installGmTable } from "../support/seed-table.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { type ChatMessageModel, asChatMessage, cardSource } from "../support/chat-log.ts";
import { addCombatants, firstTurn, step, type Ev, type Tempo } from "../support/effect-encounter.ts";
import { documentUses, gmKeptUses } from "../support/declared-uses.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const { world, chat, targeting, dialogs } = await installGmTable(41);
const { useItemDocument } = await import("../../src/foundry/chat/attack-flow.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { declareOnCount } = await import("../../src/foundry/chat/count-declare-use.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

function creature(name: string, type: "character" | "npc", system: Obj = {}): Promise<ActorModel> {
  return world.addActor(name, [], type, {
    weaponSkills: [],
    hp: { value: 30, max: 30 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
}

/** CNT-7: Heavy lands 2 counts after its declaration (a plain attack lands in the declaring step). */
const heavyMaul = async (actor: ActorModel) =>
  (await ownedItem(world, actor, "Maul", "weapon", {
    ...ITEM_DEFAULTS.weapon,
    damage: "2d6",
    properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
  })) as unknown as Item.Implementation;

const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;
/** Issue 18: an NPC's record stays in the active GM's browser; its document holds none. */
const flagsOf = (combat: Tempo, id: string) => {
  expect(documentUses(combat, id)).toEqual({});
  return gmKeptUses(world, combat, id);
};

/** A count combat of Fenn (acting) and Gale. */
async function countFight() {
  await game.settings.set("tempo", "ruleset", "count");
  const fenn = await creature("Fenn", "character", { abilities: { str: 3 }, primaryAbility: "str" });
  const gale = await creature("Gale", "npc", { defenses: { ac: 14 } });
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(world, combat, ["Fenn", "Gale"], { Fenn: fenn, Gale: gale });
  const fennId = combat.combatants.contents.find((c) => c.name === "Fenn")?.id ?? "";
  let acting = await firstTurn(world, combat);
  for (let i = 0; i < 10 && acting !== fennId; i++) {
    await combat.nextTurn();
    await world.idle();
    acting = combat.combatant?.id ?? "";
  }
  return { combat, fenn, gale, fennId };
}

/** Steps until the declared action lands; its pending card. */
async function untilPending(combat: Tempo): Promise<ChatMessageModel> {
  for (let i = 0; i < 40; i++) {
    const before = chat.messages.length;
    const events: Ev[] = await step(world, combat);
    const card = chat.messages.slice(before).find((m) => m.type === "pending");
    if (events.some((e) => e.type === "actionResolved") && card !== undefined) return card;
  }
  throw new Error("no pending card");
}

async function resolve(card: ChatMessageModel) {
  const writes = world.writes.length;
  const messages = chat.messages.length;
  const refusal = await runCardAction(asChatMessage(card), "resolve");
  return { refusal, writes: world.writes.slice(writes), messages: chat.messages.slice(messages) };
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("issue 11: declared items roll when their pending card is resolved", () => {
  it("CNT-6: the declaration records item and targets with the GM (an NPC's: issue 18); Resolve rolls the attack, then damage on a hit", async () => {
    const { combat, fenn, gale, fennId } = await countFight();
    const maul = await heavyMaul(fenn);
    targeting.target(world.gm, [gale]);
    const writes = world.writes.length;
    expect(await useItemDocument(maul)).toBe(true);
    await world.idle();
    const declared = world.writes.slice(writes);
    // Issue 18: no player owns Fenn, so its record stays in the GM's browser: no Combatant write.
    expect(declared.map((w) => w.document)).toEqual(["Combat"]);
    const declaredAction = world.hooks.filter((h) => h.name === "tempo.actionDeclared").at(-1)?.args[1] as Obj;
    const actionId = String((declaredAction.action as Obj).id);
    expect(flagsOf(combat, fennId)).toEqual({ [actionId]: { itemUuid: maul.uuid, targetUuids: [gale.uuid] } });

    // The GM's targets changed meanwhile: the recorded target is the one attacked.
    targeting.target(world.gm, []);
    const card = await untilPending(combat);
    expect(inputOf(card).entryKey).toBe(`pending:${actionId}`);
    // A second GM (not the active one) has no copy of the kept record: it is told where to resolve, the
    // combat is not stepped and the card stays unresolved.
    const assistant = world.addUser("gm2", true);
    const elsewhere = await world.as(assistant, () => runCardAction(asChatMessage(card), "resolve"));
    await world.idle();
    expect(elsewhere).toEqual({ key: "TEMPO.CHAT.Pending.KeptByActiveGm" });
    expect(inputOf(card).resolved).toBe(false);
    assistant.active = false;
    world.scriptedTotals.push(11, 4, 3); // d20 11 + 3 = 14 meets AC 14; 2d6 = 4 + 3
    const done = await resolve(card);
    expect(done.refusal).toBeNull();
    expect(done.messages.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Gale"],
      ["damage", "Gale"],
    ]);
    expect(inputOf(done.messages[0])).toMatchObject({
      attacker: "Fenn",
      weapon: "Maul",
      resolution: { scheme: "d20", snapshot: { bonus: 3, armorClass: 14 }, faces: [11] },
    });
    // Two cards created, then the pending card marked resolved in one update.
    expect(done.writes.map((w) => w.document)).toEqual(["ChatMessage", "ChatMessage", "ChatMessage"]);
    expect(inputOf(card).resolved).toBe(true);
    const again = await resolve(card);
    expect(again.refusal).toEqual({ key: "TEMPO.CHAT.Pending.AlreadyResolved" });
    expect(again.messages).toEqual([]);
  });

  it("CNT-6: a miss posts the attack card alone; the card is still resolved", async () => {
    const { combat, fenn, gale } = await countFight();
    const maul = await heavyMaul(fenn);
    expect(await useItemDocument(maul, { targets: [gale as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    const card = await untilPending(combat);
    world.scriptedTotals.push(2);
    const done = await resolve(card);
    expect(done.messages.map((m) => m.type)).toEqual(["attack"]);
    expect(inputOf(card).resolved).toBe(true);
  });

  it("CNT-6, CNT-7: the tracker's Declare… offers Fenn's Maul; the attack dialog follows (two attacks); each pending card rolls the Maul on the target the form named", async () => {
    const { combat, fenn, gale, fennId } = await countFight();
    const maul = await heavyMaul(fenn);
    const galeId = combat.combatants.contents.find((c) => c.name === "Gale")?.id ?? "";
    dialogs.answers.push({ fields: { kind: `item:${maul.id}`, target: galeId } }, { fields: { attacks: "2" } });
    const writes = world.writes.length;
    expect(await declareOnCount(combat, fennId)).toBe(true);
    await world.idle();
    const [form, attack] = dialogs.prompts.slice(-2);
    // The creature's weapon comes first; an attack by hand (which nothing would roll) is not offered.
    expect(form?.content).toContain(`<option value="item:${maul.id}" data-item>Attack with Maul</option>`);
    expect(form?.content).not.toContain('value="attack"');
    expect(form?.content).toContain('value="other"');
    expect(attack?.title).toBe("TEMPO.ATTACK.Dialog.Title");
    expect(world.writes.slice(writes).map((w) => w.document)).toEqual(["Combat"]);
    // CNT-7: two staggered attacks, each with its own record of the Maul and the Gale the form named.
    const records = Object.values(flagsOf(combat, fennId)) as Obj[];
    expect(records).toEqual([
      { itemUuid: maul.uuid, targetUuids: [gale.uuid], choices: expect.objectContaining({ attacks: 1 }) },
      { itemUuid: maul.uuid, targetUuids: [gale.uuid], choices: expect.objectContaining({ attacks: 1 }) },
    ]);
    const card = await untilPending(combat);
    world.scriptedTotals.push(11, 4, 3);
    const done = await resolve(card);
    expect(done.refusal).toBeNull();
    expect(done.messages.map((m) => [m.type, inputOf(m).target, inputOf(m).weapon ?? null])).toEqual([
      ["attack", "Gale", "Maul"],
      ["damage", "Gale", null],
    ]);
  });

  it("CNT-8: a spell chosen in the tracker's Declare… is declared with its slot level and records the spell for its card", async () => {
    const { combat, fenn, gale, fennId } = await countFight();
    const bolt = (await ownedItem(world, fenn, "Bolt", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      slotLevel: 2,
    })) as unknown as Item.Implementation;
    const galeId = combat.combatants.contents.find((c) => c.name === "Gale")?.id ?? "";
    dialogs.answers.push({ fields: { kind: `item:${bolt.id}`, target: galeId } });
    expect(await declareOnCount(combat, fennId)).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.content).toContain("Cast Bolt");
    const [record] = Object.values(flagsOf(combat, fennId));
    expect(record).toEqual({ itemUuid: bolt.uuid, targetUuids: [gale.uuid] });
    const card = await untilPending(combat);
    expect(inputOf(card).detail).toEqual({ key: "TEMPO.COMBAT.Count.Pending.Spell", data: { level: 2 } });
    world.scriptedTotals.push(7);
    const done = await resolve(card);
    expect(done.messages.map((m) => [m.type, inputOf(m).target])).toEqual([["damage", "Gale"]]);
  });

  it("CNT-6: another action declared by hand from the tracker records no item: Resolve marks its card resolved, one message update, no roll", async () => {
    const { combat, fennId } = await countFight();
    dialogs.answers.push({ fields: { kind: "other", delay: "2" } });
    expect(await declareOnCount(combat, fennId)).toBe(true);
    await world.idle();
    const card = await untilPending(combat);
    const done = await resolve(card);
    expect(done.refusal).toBeNull();
    expect(done.messages).toEqual([]);
    expect(done.writes.map((w) => w.document)).toEqual(["ChatMessage"]);
    expect(inputOf(card).resolved).toBe(true);
  });

  it("a recorded item that is gone: Resolve says so, rolls nothing and leaves the card unresolved", async () => {
    const { combat, fenn, gale } = await countFight();
    const maul = await heavyMaul(fenn);
    await useItemDocument(maul, { targets: [gale as unknown as Actor.Implementation] });
    await world.idle();
    // The item is deleted from its actor (one Item write) before Resolve.
    await fenn.deleteEmbeddedDocuments("Item", [maul.id ?? ""]);
    await world.idle();
    const card = await untilPending(combat);
    const done = await resolve(card);
    expect(done.refusal).toEqual({ key: "TEMPO.CHAT.Pending.ItemGone", data: { uuid: maul.uuid } });
    expect(done.writes).toEqual([]);
    expect(inputOf(card).resolved).toBe(false);
  });

  it("a record naming another creature's item (a hand-made command) rolls nothing and leaves the card unresolved", async () => {
    const { combat, fennId, gale } = await countFight();
    const foreign = await heavyMaul(gale);
    await combat.tempoCommand({
      type: "declare",
      combatantId: fennId,
      action: { kind: "attack", properties: ["heavy"], targets: [null] },
      tempoUse: { itemUuid: foreign.uuid, targetUuids: [gale.uuid] },
    } as unknown as Parameters<Tempo["tempoCommand"]>[0]);
    await world.idle();
    const card = await untilPending(combat);
    const done = await resolve(card);
    expect(done.refusal).toEqual({ key: "TEMPO.CHAT.Pending.NotTheirItem", data: { name: "Fenn", item: "Maul" } });
    expect(done.writes).toEqual([]);
    expect(inputOf(card).resolved).toBe(false);
  });

  it("SEG-5: a spell declared in segment rounds records under `segment`; its pending card's Resolve posts the damage", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const mage = await creature("Mage", "character");
    const imp = await creature("Imp", "npc");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Mage", "Imp"], { Mage: mage, Imp: imp });
    const mageId = combat.combatants.contents.find((c) => c.name === "Mage")?.id ?? "";
    await combat.startCombat();
    await world.idle();
    const bolt = (await ownedItem(world, mage, "Bolt", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      castingTime: 1,
    })) as unknown as Item.Implementation;
    expect(await useItemDocument(bolt, { targets: [imp as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    expect(flagsOf(combat, mageId)).toEqual({ segment: { itemUuid: bolt.uuid, targetUuids: [imp.uuid] } });
    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 40 && card === undefined; i++) {
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((m) => m.type === "pending");
    }
    if (card === undefined) throw new Error("no SEG-5 card");
    world.scriptedTotals.push(9);
    const done = await resolve(card);
    expect(done.messages.map((m) => [m.type, inputOf(m).target, inputOf(m).swings])).toEqual([["damage", "Imp", [9]]]);
    expect(inputOf(card).resolved).toBe(true);
  });

  it("SEG-11: a spell declared from the sheet on one creature, its target named again on the caster's D1 turn: its card rolls on the one named", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const mage = await creature("Mage", "character");
    const imp = await creature("Imp", "npc");
    const ogre = await creature("Ogre", "npc");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Mage", "Imp", "Ogre"], { Mage: mage, Imp: imp, Ogre: ogre });
    const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    await combat.startCombat();
    await world.idle();
    const bolt = (await ownedItem(world, mage, "Bolt", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      castingTime: 1,
    })) as unknown as Item.Implementation;
    expect(await useItemDocument(bolt, { targets: [imp as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    let named = false;
    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 40 && card === undefined; i++) {
      // SEG-11: the GM names the Ogre from the tracker when the Mage's D1 turn comes (refused before it).
      if (!named)
        named = (await combat.tempoCommand({ type: "nameTarget", combatantId: id("Mage"), targetId: id("Ogre") })).ok;
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((m) => m.type === "pending");
    }
    if (card === undefined) throw new Error("no SEG-5 card");
    expect(named).toBe(true);
    world.scriptedTotals.push(8);
    const done = await resolve(card);
    expect(done.messages.map((m) => [m.type, inputOf(m).target])).toEqual([["damage", "Ogre"]]);
  });

  it("SEG-12, SEG-16: a melee attack declared from the sheet names its target; its pending card comes on its turn and rolls that weapon at that target", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const ogre = await creature("Ogre", "npc", { hitDice: "5+5" });
    const imp = await creature("Imp", "npc", { defenses: { descendingAc: 5 } });
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Ogre", "Imp"], { Ogre: ogre, Imp: imp });
    const impId = combat.combatants.contents.find((c) => c.name === "Imp")?.id ?? "";
    await combat.startCombat();
    await world.idle();
    const club = (await ownedItem(world, ogre, "Club", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "1d6",
    })) as unknown as Item.Implementation;
    expect(await useItemDocument(club, { targets: [imp as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    const m = combat.system as unknown as { state: { combatants: unknown } };
    const declared = JSON.stringify(m.state);
    expect(declared).toContain(`"targetId":"${impId}"`);
    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 40 && card === undefined; i++) {
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((msg) => msg.type === "pending");
    }
    if (card === undefined) throw new Error("no SEG-12 card");
    expect(inputOf(card)).toMatchObject({ rule: "SEG-12", name: "Ogre" });
    world.scriptedTotals.push(9, 4); // 6 HD needs 13 − 5 = 8: a hit; 1d6 = 4
    const done = await resolve(card);
    expect(done.messages.map((msg) => [msg.type, inputOf(msg).target])).toEqual([
      ["attack", "Imp"],
      ["damage", "Imp"],
    ]);
    expect(inputOf(card).resolved).toBe(true);
  });

  it("SEG-3: a bow (its group shoots) is declared from the sheet as a missile attack, a club as a melee one", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const archer = await creature("Archer", "npc", { hitDice: "2" });
    const imp = await creature("Imp", "npc", { defenses: { descendingAc: 5 } });
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Archer", "Imp"], { Archer: archer, Imp: imp });
    await combat.startCombat();
    await world.idle();
    const weapon = (name: string, group: string) =>
      ownedItem(world, archer, name, "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6", group });
    const declared = () => JSON.stringify((combat.system as unknown as { state: unknown }).state);
    const bow = (await weapon("Shortbow", "bows")) as unknown as Item.Implementation;
    expect(await useItemDocument(bow, { targets: [imp as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    expect(declared()).toContain(`"action":"missile"`);
    const club = (await weapon("Club", "hammers")) as unknown as Item.Implementation;
    expect(await useItemDocument(club, { targets: [imp as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    expect(declared()).toContain(`"action":"melee"`);
    expect(declared()).not.toContain(`"action":"missile"`);
  });
});
