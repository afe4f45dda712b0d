/**
 * `CONFIG.TEMPO.useItem(uuid)` through the world, chat and damage doubles: the hotbar macro's call rolls
 * real Rolls (the doubles' scripted totals), posts one attack card per target and, on a hit, that
 * target's damage card; a refusal posts nothing. Items are owned weapon/spell documents whose `system`
 * is the registered item model (its prototype, filled with the stored fields).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { chatLog, type ChatMessageModel, cardSource } from "../support/chat-log.ts";
import { installDamageDouble, type SystemActorDouble } from "../support/damage-double.ts";
import { addCombatants, firstTurn, type Tempo } from "../support/effect-encounter.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(23);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const damage = installDamageDouble(world);

await import("../../src/foundry/init.ts");
world.callHook("init");
const { WeaponModel } = await import("../../src/foundry/data/item/weapon-model.ts");
const { SpellModel } = await import("../../src/foundry/data/item/spell-model.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");

type Obj = Record<string, unknown>;

interface ItemLike {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly img: null;
  readonly actor: SystemActorDouble;
  readonly system: unknown;
}

const items = new Map<string, ItemLike>();
let nextItem = 1;

function ownedItem(actor: SystemActorDouble, name: string, Model: object, stats: Obj): ItemLike {
  const id = `i${String(nextItem++).padStart(15, "0")}`;
  const system = Object.assign(Object.create((Model as { prototype: object }).prototype) as object, stats);
  const item = { id, uuid: `${actor.uuid}.Item.${id}`, name, img: null, actor, system };
  items.set(item.uuid, item);
  return item;
}

// fromUuid: the damage double's world actors, plus the owned items made here.
const actorsFromUuid = (globalThis as unknown as { fromUuid(u: string): Promise<unknown> }).fromUuid;
Object.defineProperty(globalThis, "fromUuid", {
  value: async (uuid: string) => items.get(uuid) ?? actorsFromUuid(uuid),
  configurable: true,
  writable: true,
});

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

function creature(name: string, type: "character" | "npc", system: Obj = {}): SystemActorDouble {
  return damage.addCreature(name, type, {
    hp: { value: 30, max: 30 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
}

const blade = (actor: SystemActorDouble) =>
  ownedItem(actor, "Chain blade", WeaponModel, { ...ITEM_DEFAULTS.weapon, damage: "1d8", group: "blades" });

/** Runs `useItem` as the GM and returns what it wrote. */
async function use(uuid: string) {
  const writes = world.writes.length;
  const messages = chat.messages.length;
  const notices = world.notices.length;
  const done = await TEMPO.useItem(uuid);
  return {
    done,
    writes: world.writes.slice(writes),
    messages: chat.messages.slice(messages),
    notices: world.notices.slice(notices),
  };
}

const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

beforeEach(async () => {
  for (const user of world.users.values()) damage.target(user, []);
  world.scriptedTotals.length = 0;
  await game.settings.set("tempo", "ruleset", "standard");
  await game.settings.set("tempo", "drMode", "perHit");
});

describe("CONFIG.TEMPO.useItem: attack cards from an owned weapon", () => {
  it("STD (d20 vs AC): a hit posts the attack card, then the damage card with the target's DR; two ChatMessages, nothing else", async () => {
    const vex = creature("Vex", "character", { abilities: { str: 3 }, primaryAbility: "str" });
    const raider = creature("Raider", "npc", { defenses: { ac: 14 }, dr: { ...NO_DR, physical: 2 } });
    damage.target(world.gm, [raider]);
    world.scriptedTotals.push(11, 6); // d20 11 (+3 = 14 meets AC 14), then 1d8 = 6
    const result = await use(blade(vex).uuid);
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
    const vex = creature("Vex", "character", { abilities: { str: 3 } });
    const raider = creature("Raider", "npc", { defenses: { ac: 14 } });
    damage.target(world.gm, [raider]);
    world.scriptedTotals.push(10);
    const result = await use(blade(vex).uuid);
    expect(result.messages.map((m) => m.type)).toEqual(["attack"]);
    expect(result.writes).toHaveLength(1);
  });

  it("AP-1: one attack card per target, each with its own roll against its own defence", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const vex = creature("Vex", "character", { weaponSkills: [{ group: "blades", bonus: 4, proficient: true }] });
    const a = creature("Guard A", "npc", { defenses: { dodge: 12, armor: 8 }, side: "enemy" });
    const b = creature("Guard B", "npc", { defenses: { dodge: 20, armor: 20 }, side: "enemy" });
    damage.target(world.gm, [a, b]);
    world.scriptedTotals.push(9, 5, 9); // A: 9 + 4 = 13 beats 12 → damage 5; B: 13 short of 20
    const result = await use(blade(vex).uuid);
    expect(result.messages.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Guard A"],
      ["damage", "Guard A"],
      ["attack", "Guard B"],
    ]);
  });

  it("SEG-12: outside a combat a segment attack rolls at once; a target list with a refused attack posts nothing", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const ogre = creature("Ogre", "npc", { hitDice: "4+4" });
    const knight = creature("Knight", "character", { defenses: { descendingAc: 2 } });
    damage.target(world.gm, [knight]);
    world.scriptedTotals.push(20, 4);
    const hit = await use(blade(ogre).uuid);
    expect(hit.messages.map((m) => m.type)).toEqual(["attack", "damage"]);
    // A commoner has no AAC0 (no hit dice, no class table value): refused with a notice, no card.
    const commoner = creature("Commoner", "character");
    const refused = await use(blade(commoner).uuid);
    expect(refused.done).toBe(false);
    expect(refused.writes).toEqual([]);
    expect(refused.notices[0]?.text).toContain("TEMPO.CHAT.Errors.NoAac0");
  });

  it("no target: a notice and nothing written; an unowned or unknown uuid: a notice", async () => {
    const vex = creature("Vex", "character");
    const result = await use(blade(vex).uuid);
    expect(result.done).toBe(false);
    expect(result.writes).toEqual([]);
    expect(result.notices[0]?.text).toContain("TEMPO.CHAT.Attack.NoTargets");
    const unknown = await use("Actor.nobody.Item.nothing");
    expect(unknown.writes).toEqual([]);
    expect(unknown.notices[0]?.text).toContain("TEMPO.SHEET.MacroNoItem");
  });

  it("a spell posts its damage card on each target (no attack roll)", async () => {
    const mage = creature("Mage", "character");
    const a = creature("Imp A", "npc", { dr: { ...NO_DR, arcane: 1 } });
    const b = creature("Imp B", "npc");
    damage.target(world.gm, [a, b]);
    const bolt = ownedItem(mage, "Bolt", SpellModel, { ...ITEM_DEFAULTS.spell, damage: "2d6" });
    world.scriptedTotals.push(7, 9);
    const result = await use(bolt.uuid);
    expect(result.messages.map((m) => [m.type, inputOf(m).target, inputOf(m).swings])).toEqual([
      ["damage", "Imp A", [7]],
      ["damage", "Imp B", [9]],
    ]);
    expect(inputOf(result.messages[0]).kind).toBe("dissonance");
  });

  it("DR-1: the damage card deals the item's own kind: a fire weapon meets Elemental DR, an ice spell too", async () => {
    const vex = creature("Vex", "character", { abilities: { str: 3 } });
    const raider = creature("Raider", "npc", { defenses: { ac: 10 }, dr: { physical: 5, elemental: 2, arcane: 0 } });
    damage.target(world.gm, [raider]);
    const flamer = ownedItem(vex, "Flamespitter", WeaponModel, { ...ITEM_DEFAULTS.weapon, damageKind: "fire" });
    world.scriptedTotals.push(15, 4);
    const hit = await use(flamer.uuid);
    expect(hit.messages.map((m) => [m.type, inputOf(m).kind ?? null])).toEqual([
      ["attack", null],
      ["damage", "fire"],
    ]);
    const needle = ownedItem(vex, "Frost Needle", SpellModel, {
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
    const raider = creature("Raider", "npc", { atk: 2, abilities: { str: 5 }, primaryAbility: "str", side: "enemy" });
    const hero = creature("Hero", "character", { defenses: { def: 9 }, side: "pc" });
    damage.target(world.gm, [hero]);
    world.scriptedTotals.push(3, 3); // 3 + 3 + 2 = 8 < DEF 9: a miss (with STR +5 it would hit)
    const result = await use(blade(raider).uuid);
    expect(result.messages.map((m) => m.type)).toEqual(["attack"]);
    expect(inputOf(result.messages[0])).toMatchObject({
      resolution: { scheme: "phase", input: { atk: 2, def: 9, advantage: 0, disadvantage: 0 }, dice: [3, 3] },
    });
  });

  it("CNT-6: in a count combat the macro declares the attack on the track (as the sheet does) and posts no card yet", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = creature("Fenn", "character");
    const gale = creature("Gale", "npc");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Fenn", "Gale"], { Fenn: fenn, Gale: gale });
    // Fenn must be acting to declare: step until its turn.
    let acting = await firstTurn(world, combat);
    for (let i = 0; i < 10 && acting !== combat.combatants.contents.find((c) => c.name === "Fenn")?.id; i++) {
      await combat.nextTurn();
      await world.idle();
      acting = combat.combatant?.id ?? "";
    }
    damage.target(world.gm, [gale]);
    const heavy = ownedItem(fenn, "Maul", WeaponModel, {
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
