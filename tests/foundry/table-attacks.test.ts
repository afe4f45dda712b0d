/**
 * Attacks at the table (issue 19's reach): a creature's weapon from its sheet (the Attack button, which opens
 * the attack dialog; the test answers the dialog as the user would), against the user's target; what the
 * rules decide is read from the attack card and whether a damage card follows. Dice are scripted totals.
 * The action budgets' property tests are in table-budgets.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installGmTable } from "../support/seed-table.ts";
import { ITEM_DEFAULTS, type WeaponStats } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { ownedItem } from "../support/owned-items.ts";

const { world, chat, targeting, dialogs } = await installGmTable(151);
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

async function creature(name: string, type: "character" | "npc", system: Obj) {
  return world.addActor(name, [], type, {
    weaponSkills: [],
    hp: { value: 60, max: 60 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
}

/** `attacker` attacks `target` with its weapon from the sheet, the dialog answered with `fields`; the new cards. */
async function attack(
  attacker: Awaited<ReturnType<typeof creature>>,
  weapon: Partial<WeaponStats>,
  target: Awaited<ReturnType<typeof creature>>,
  totals: readonly number[],
  fields: Record<string, string> = {},
): Promise<ChatMessageModel[]> {
  const item = await ownedItem(world, attacker, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, ...weapon });
  targeting.target(world.gm, [target]);
  world.scriptedTotals.push(...totals);
  dialogs.answers.push({ fields });
  const before = chat.messages.length;
  expect(await useSheetItem(attacker as unknown as Actor.Implementation, item.id ?? "")).toBe(true);
  await world.idle();
  return chat.messages.slice(before);
}

const kinds = (cards: readonly ChatMessageModel[]) => cards.map((m) => m.type);

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("rotation attacks from the sheet", () => {
  const blades = { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }], ap: { value: 10, max: 10 } };
  const blade = { damage: "1d6", group: "blades", apCost: 10 };

  it("ATK-ROT-1, ATK-ROT-2: d20 + skill against the higher defence; the attacking player character wins a tie", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const vex = await creature("Vex", "character", { ...blades, side: "pc" });
    const raider = await creature("Raider", "npc", { side: "enemy", defenses: { dodge: 18, armor: 12 } });
    // 12 + 5 = 17 against Dodge 18 (the higher): a miss, no damage card.
    expect(kinds(await attack(vex, blade, raider, [12]))).toEqual(["attack"]);
    // 13 + 5 = 18 meets Dodge 18: a tie, and the attacker is the player character: a hit.
    expect(kinds(await attack(vex, blade, raider, [13, 4]))).toEqual(["attack", "damage"]);
  });

  it("ATK-ROT-2: a tie against a defending player character is a miss", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const orc = await creature("Orc", "npc", { ...blades, side: "enemy" });
    const hero = await creature("Hero", "character", { side: "pc", defenses: { dodge: 15, armor: 9 } });
    expect(kinds(await attack(orc, blade, hero, [10]))).toEqual(["attack"]);
    expect(kinds(await attack(orc, blade, hero, [11, 4]))).toEqual(["attack", "damage"]);
  });

  it("ATK-ROT-3: a natural 20 counts as 25 plus the bonus, and does not hit by itself", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const vex = await creature("Vex", "character", { ...blades, side: "pc" });
    const wall = await creature("Wall", "npc", { side: "enemy", defenses: { dodge: 31, armor: 31 } });
    const cards = await attack(vex, blade, wall, [20]);
    expect(kinds(cards)).toEqual(["attack"]); // 25 + 5 = 30 < 31
    const resolution = inputOf(cards[0]).resolution as { faces: number[] };
    expect(resolution.faces).toEqual([20]);
    const giant = await creature("Giant", "npc", { side: "enemy", defenses: { dodge: 30, armor: 30 } });
    expect(kinds(await attack(vex, blade, giant, [20, 4]))).toEqual(["attack", "damage"]); // 30 meets 30
  });
});

describe("phase attacks from the sheet: sources of advantage chosen in the dialog", () => {
  const formulas = (cards: readonly ChatMessageModel[]) =>
    (cards[0]?.rolls as { formula: string }[]).map((r) => r.formula);

  async function phaseAttack(advantage: number, disadvantage: number, totals: readonly number[]) {
    await game.settings.set("tempo", "ruleset", "phase");
    const ash = await creature("Ash", "character", { atk: 3, side: "pc" });
    const golem = await creature("Golem", "npc", { side: "enemy", defenses: { def: 13 } });
    const fields = { advantage: String(advantage), disadvantage: String(disadvantage) };
    return attack(ash, { damage: "1d6" }, golem, totals, fields);
  }

  it("ADV-1: two sources of advantage add a d8 and keep the two highest", async () => {
    const cards = await phaseAttack(2, 0, [2, 3, 7, 4]);
    expect(formulas(cards)).toEqual(["1d6", "1d6", "1d8"]);
    // 3 + 7 kept, + ATK 3 = 13 meets DEF 13 (all three would be 15, the two d6 alone 8).
    expect(kinds(cards)).toEqual(["attack", "damage"]);
  });

  it("ADV-2: one source of disadvantage adds a d12 and keeps the two lowest", async () => {
    const cards = await phaseAttack(0, 1, [6, 5, 1]);
    expect(formulas(cards)).toEqual(["1d6", "1d6", "1d12"]);
    // 5 + 1 kept, + 3 = 9 against DEF 13: a miss (the two highest would have hit with 14).
    expect(kinds(cards)).toEqual(["attack"]);
  });

  it("ADV-3: sources cancel one for one: one of each rolls plain 2d6, three against one rolls two sources' d8", async () => {
    expect(formulas(await phaseAttack(1, 1, [5, 5, 4]))).toEqual(["1d6", "1d6"]);
    expect(formulas(await phaseAttack(3, 1, [5, 5, 1, 4]))).toEqual(["1d6", "1d6", "1d8"]);
  });
});

describe("segment monster attacks from the sheet", () => {
  const aac0Of = (cards: readonly ChatMessageModel[]) =>
    (inputOf(cards[0]).resolution as { snapshot: { aac0: number } }).snapshot.aac0;

  it("SEG-14: 5+5 hit dice attack as 6 HD, 5+3 as the 5+ row: a 9 hits AC 5 with the first and misses with the second", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const knight = await creature("Knight", "npc", { side: "enemy", defenses: { descendingAc: 5 } });
    const big = await creature("Ogre chief", "npc", { side: "enemy", hitDice: "5+5" });
    const small = await creature("Ogre", "npc", { side: "enemy", hitDice: "5+3" });
    const strong = await attack(big, { damage: "1d6" }, knight, [9, 3], { modifier: "0" });
    const weak = await attack(small, { damage: "1d6" }, knight, [9], { modifier: "0" });
    expect([aac0Of(strong), aac0Of(weak)]).toEqual([13, 15]); // needs 13 − 5 = 8, and 15 − 5 = 10
    expect([kinds(strong), kinds(weak)]).toEqual([["attack", "damage"], ["attack"]]);
  });

  it("SEG-13: a monster attacks with its hit dice unless its class level is higher", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const knight = await creature("Knight", "npc", { side: "enemy", defenses: { descendingAc: 5 } });
    const shaman = await creature("Shaman", "npc", { side: "enemy", hitDice: "4", level: 9, aac0: 11 });
    const brute = await creature("Brute", "npc", { side: "enemy", hitDice: "4", level: 2, aac0: 11 });
    expect(aac0Of(await attack(shaman, { damage: "1d6" }, knight, [1], { modifier: "0" }))).toBe(11);
    expect(aac0Of(await attack(brute, { damage: "1d6" }, knight, [1], { modifier: "0" }))).toBe(15);
  });

  it("SEG-15: a back stab ×3 with a spear set against a charge (×2): the highest, ×3, multiplies 5 + 3 = 8 to 24, applied from the damage card", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const knight = await creature("Knight", "npc", { side: "enemy", defenses: { descendingAc: 5 } });
    const thief = await creature("Thief", "npc", { side: "enemy", hitDice: "5+5" });
    const spear = { damage: "1d8+3", properties: { ...ITEM_DEFAULTS.weapon.properties, reach: true } };
    const fields = { modifier: "0", backstab: "3", setVsCharge: "on" };
    const cards = await attack(thief, spear, knight, [9, 8], fields);
    expect(kinds(cards)).toEqual(["attack", "damage"]);
    expect(inputOf(cards[1])).toMatchObject({ swings: [8], multiplierUse: { multiplier: 3 } });
    const damage = cards[1];
    if (damage === undefined) throw new Error("no damage card");
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect((knight.system as unknown as { hp: { value: number } }).hp.value).toBe(60 - 24);
  });
});
