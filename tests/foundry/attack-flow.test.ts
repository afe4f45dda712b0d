/**
 * `CONFIG.TEMPO.useItem(uuid)` on the runtime model: the hotbar macro's call rolls real Rolls (the
 * world's scripted totals), posts one attack card per target and, on a hit, that target's damage card;
 * a refusal posts nothing. Creatures are world actors on the model's server and their weapons and spells
 * owned Items made on them (`createEmbeddedDocuments("Item")`, validated by the registered item model);
 * `fromUuid` resolves the owned item's UUID on the running client (runtime/uuid.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installGmTable } from "../support/seed-table.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, type ChatMessageModel, cardSource } from "../support/chat-log.ts";
import { addCombatants, firstTurn, type Tempo } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

// Issue 19: a weapon's macro opens the attack dialog; the user rolls it as it opens (`use` below).
const { world, chat, targeting, dialogs } = await installGmTable(23);
const { TEMPO } = await import("../../src/foundry/config.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

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

const blade = (actor: ActorModel) =>
  ownedItem(world, actor, "Chain blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8", group: "blades" });

/** Runs `useItem` as the GM and returns what it wrote. */
async function use(uuid: string) {
  const writes = world.writes.length;
  const messages = chat.messages.length;
  const notices = world.notices.length;
  dialogs.answers.splice(0, dialogs.answers.length, { fields: {} });
  const done = await TEMPO.useItem(uuid);
  await world.idle();
  return {
    done,
    writes: world.writes.slice(writes),
    messages: chat.messages.slice(messages),
    notices: world.notices.slice(notices),
  };
}

const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

beforeEach(async () => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  await game.settings.set("tempo", "ruleset", "standard");
  await game.settings.set("tempo", "drMode", "perHit");
});

describe("CONFIG.TEMPO.useItem: attack cards from an owned weapon", () => {
  it("STD (d20 vs AC): a hit posts the attack card, then the damage card with the target's DR; two ChatMessages, nothing else", async () => {
    const vex = await creature("Vex", "character", { abilities: { str: 3 }, primaryAbility: "str" });
    const raider = await creature("Raider", "npc", { defenses: { ac: 14 }, dr: { ...NO_DR, physical: 2 } });
    targeting.target(world.gm, [raider]);
    world.scriptedTotals.push(11, 6); // d20 11 (+3 = 14 meets AC 14), then 1d8 = 6
    const result = await use((await blade(vex)).uuid);
    expect(result.done).toBe(true);
    expect(result.writes.map((w) => w.document)).toEqual(["ChatMessage", "ChatMessage"]);
    const [attack, hit] = result.messages;
    expect(attack?.type).toBe("attack");
    expect(inputOf(attack)).toMatchObject({
      attacker: "Vex",
      target: "Raider",
      weapon: "Chain blade",
      resolution: { scheme: "d20", snapshot: { bonus: 3, armorClass: 14 }, faces: [11] },
    });
    expect(attack?.rolls).toHaveLength(1);
    expect(hit?.type).toBe("damage");
    expect(inputOf(hit)).toMatchObject({
      formula: "1d8",
      swings: [6],
      kind: "physical",
      dr: { physical: 2 },
      drMode: "perHit",
    });
  });

  it("STD: a miss posts the attack card alone", async () => {
    const vex = await creature("Vex", "character", { abilities: { str: 3 } });
    const raider = await creature("Raider", "npc", { defenses: { ac: 14 } });
    targeting.target(world.gm, [raider]);
    world.scriptedTotals.push(10);
    const result = await use((await blade(vex)).uuid);
    expect(result.messages.map((m) => m.type)).toEqual(["attack"]);
    expect(result.writes).toHaveLength(1);
  });

  it("AP-1: one attack card per target, each with its own roll against its own defence", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const vex = await creature("Vex", "character", { weaponSkills: [{ group: "blades", bonus: 4, proficient: true }] });
    const a = await creature("Guard A", "npc", { defenses: { dodge: 12, armor: 8 }, side: "enemy" });
    const b = await creature("Guard B", "npc", { defenses: { dodge: 20, armor: 20 }, side: "enemy" });
    targeting.target(world.gm, [a, b]);
    world.scriptedTotals.push(9, 5, 9); // A: 9 + 4 = 13 beats 12 → damage 5; B: 13 short of 20
    const result = await use((await blade(vex)).uuid);
    expect(result.messages.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Guard A"],
      ["damage", "Guard A"],
      ["attack", "Guard B"],
    ]);
  });

  it("ATK-ROT-4: a natural 20 (25) above threshold 20 posts a damage card with the d10's maximum added, and Apply deals 4 + 10", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const skills = [{ group: "blades", bonus: 2, proficient: true }];
    const vex = await creature("Vex", "character", { weaponSkills: skills, criticalThreshold: 20, side: "pc" });
    const raider = await creature("Raider", "npc", { defenses: { dodge: 15, armor: 12 }, side: "enemy" });
    targeting.target(world.gm, [raider]);
    const d10 = await ownedItem(world, vex, "Long blade", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "1d10",
      group: "blades",
    });
    world.scriptedTotals.push(20, 4); // the seed's crit: a natural 20, then the d10 rolls 4
    const result = await use(d10.uuid);
    const [attack, damage] = result.messages;
    expect(result.messages.map((m) => m.type)).toEqual(["attack", "damage"]);
    expect(inputOf(damage)).toMatchObject({ swings: [4], criticalBonus: 10, attackMessageId: attack?.id });
    if (damage === undefined) throw new Error("no damage card");
    // Apply on the GM's targeted Raider, as the card's button does.
    expect(await runCardAction(asChatMessage(damage), "apply")).toBeNull();
    await world.idle();
    const hp = (world.runtime.server.source("Actor", raider.id ?? "")?.system as { hp: { value: number } }).hp.value;
    expect(hp).toBe(30 - 14);
    // 19 + 2 = 21 hits Dodge 15 but 19 is not above 20: the damage card adds nothing.
    world.scriptedTotals.push(19, 4);
    const plain = await use(d10.uuid);
    expect(inputOf(plain.messages[1])).not.toHaveProperty("criticalBonus");
  });

  it("SEG-12: outside a combat a segment attack rolls at once; a target list with a refused attack posts nothing", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const ogre = await creature("Ogre", "npc", { hitDice: "4+4" });
    const knight = await creature("Knight", "character", { defenses: { descendingAc: 2 } });
    targeting.target(world.gm, [knight]);
    world.scriptedTotals.push(20, 4);
    const hit = await use((await blade(ogre)).uuid);
    expect(hit.messages.map((m) => m.type)).toEqual(["attack", "damage"]);
    // A commoner has no AAC0 (no hit dice, no class table value): refused with a notice, no card.
    const commoner = await creature("Commoner", "character");
    const refused = await use((await blade(commoner)).uuid);
    expect(refused.done).toBe(false);
    expect(refused.writes).toEqual([]);
    expect(refused.notices[0]?.text).toContain("TEMPO.CHAT.Errors.NoAac0");
  });

  it("no target: a notice and nothing written; an unowned or unknown uuid: a notice", async () => {
    const vex = await creature("Vex", "character");
    const result = await use((await blade(vex)).uuid);
    expect(result.done).toBe(false);
    expect(result.writes).toEqual([]);
    expect(result.notices[0]?.text).toContain("TEMPO.CHAT.Attack.NoTargets");
    const unknown = await use("Actor.nobody.Item.nothing");
    expect(unknown.writes).toEqual([]);
    expect(unknown.notices[0]?.text).toContain("TEMPO.SHEET.MacroNoItem");
  });

  it("a spell posts its damage card on each target (no attack roll)", async () => {
    const mage = await creature("Mage", "character");
    const a = await creature("Imp A", "npc", { dr: { ...NO_DR, arcane: 1 } });
    const b = await creature("Imp B", "npc");
    targeting.target(world.gm, [a, b]);
    const bolt = await ownedItem(world, mage, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "2d6" });
    world.scriptedTotals.push(7, 9);
    const result = await use(bolt.uuid);
    expect(result.messages.map((m) => [m.type, inputOf(m).target, inputOf(m).swings])).toEqual([
      ["damage", "Imp A", [7]],
      ["damage", "Imp B", [9]],
    ]);
    expect(inputOf(result.messages[0]).kind).toBe("dissonance");
  });

  it("DR-1: the damage card deals the item's own kind: a fire weapon meets Elemental DR, an ice spell too", async () => {
    const vex = await creature("Vex", "character", { abilities: { str: 3 } });
    const raider = await creature("Raider", "npc", {
      defenses: { ac: 10 },
      dr: { physical: 5, elemental: 2, arcane: 0 },
    });
    targeting.target(world.gm, [raider]);
    const flamer = await ownedItem(world, vex, "Flamespitter", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damageKind: "fire",
    });
    world.scriptedTotals.push(15, 4);
    const hit = await use(flamer.uuid);
    expect(hit.messages.map((m) => [m.type, inputOf(m).kind ?? null])).toEqual([
      ["attack", null],
      ["damage", "fire"],
    ]);
    const needle = await ownedItem(world, vex, "Frost Needle", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "1d6",
      damageKind: "ice",
    });
    world.scriptedTotals.push(3);
    const cast = await use(needle.uuid);
    expect(inputOf(cast.messages[0])).toMatchObject({ kind: "ice", dr: { elemental: 2 } });
  });

  it("PHS-8: a phase NPC with ATK +2 attacks at 2d6 + 2, not with its ability modifier", async () => {
    await game.settings.set("tempo", "ruleset", "phase");
    const raider = await creature("Raider", "npc", {
      atk: 2,
      abilities: { str: 5 },
      primaryAbility: "str",
      side: "enemy",
    });
    const hero = await creature("Hero", "character", { defenses: { def: 9 }, side: "pc" });
    targeting.target(world.gm, [hero]);
    world.scriptedTotals.push(3, 3); // 3 + 3 + 2 = 8 < DEF 9: a miss (with STR +5 it would hit)
    const result = await use((await blade(raider)).uuid);
    expect(result.messages.map((m) => m.type)).toEqual(["attack"]);
    expect(inputOf(result.messages[0])).toMatchObject({
      resolution: { scheme: "phase", input: { atk: 2, def: 9, advantage: 0, disadvantage: 0 }, dice: [3, 3] },
    });
  });

  it("CNT-6: in a count combat the macro declares the attack on the track (as the sheet does) and posts no card yet", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await creature("Fenn", "character");
    const gale = await creature("Gale", "npc");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Fenn", "Gale"], { Fenn: fenn, Gale: gale });
    // Fenn must be acting to declare: step until its turn.
    let acting = await firstTurn(world, combat);
    for (let i = 0; i < 10 && acting !== combat.combatants.contents.find((c) => c.name === "Fenn")?.id; i++) {
      await combat.nextTurn();
      await world.idle();
      acting = combat.combatant?.id ?? "";
    }
    targeting.target(world.gm, [gale]);
    const heavy = await ownedItem(world, fenn, "Maul", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "2d6",
      properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
    });
    const result = await use(heavy.uuid);
    await world.idle();
    expect(result.done).toBe(true);
    expect(result.messages).toEqual([]);
    expect(result.writes.filter((w) => w.document === "Combat")).toHaveLength(1);
    const declared = world.hooks.filter((h) => h.name === "tempo.actionDeclared").at(-1)?.args[1] as Obj | undefined;
    expect(declared?.action).toMatchObject({ combatantId: acting, kind: "attack", delay: 2 });
  });
});
