/**
 * Issue 19, "the seeds' worked examples through Foundry": seeds/003's attacks played at the table on the
 * runtime model. In a segment combat the sheet's Attack opens the attack dialog, then the declare form; the
 * attack's pending card comes on its turn and its Resolve rolls the attack and damage cards; the GM applies
 * the damage. Outside a combat the sheet's Attack rolls at once. What a card says is read from its rendered
 * template. Dice are scripted totals (the groups' d6 first, then the cards' dice).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, type WeaponStats } from "../../src/engine/index.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSegmentTable } from "../support/segment-table.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { writeAac0, type Aac0Actor } from "../../src/foundry/applications/sheets/aac0-input.ts";

const t = await installSegmentTable(1203);
const { rollHitDiceHitPoints } = await import("../../src/foundry/applications/sheets/hit-dice-rolls.ts");
afterAll(() => t.uninstall());
const { world, player } = t;

type Obj = Record<string, unknown>;

beforeEach(() => {
  world.scriptedTotals.length = 0;
  t.dialogs.answers.length = 0;
});

/** `name`, owned by the player, with one weapon `weapon` (1d6 unless given). */
async function armed(name: string, system: Obj, weapon: Partial<WeaponStats> = {}, item = "Club") {
  const actor = await t.creature(name, "character", system, [player.id]);
  await ownedItem(world, actor, item, "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6", ...weapon });
  return actor;
}

const knight = (ac: number, name = "Knight") => t.creature(name, "npc", { defenses: { descendingAc: ac } });

/** Attacks from the sheet outside a combat: the dialog answered with `dialog`; what the attack card says. */
async function rolled(attacker: ActorModel, target: ActorModel, totals: number[], dialog: Record<string, string> = {}) {
  world.scriptedTotals.push(...totals);
  const before = t.chat.messages.length;
  expect(await t.sheetAttack(player, attacker, "Club", [target], dialog)).toBe(true);
  const cards = t.chat.messages.slice(before);
  return { kinds: cards.map((m) => m.type), says: await t.said(cards[0]) };
}

describe("seed 003: attacks", () => {
  it("SEG-12 seed: a character who needs a 20 to hit AC −1 hits with a +2 modifier on 18, 19 or 20: in a segment combat the card of round 1 misses on 17, the dialog remembers the +2 and round 2's card hits on 18; the GM applies the damage", async () => {
    const ogre = await armed("Ogre", { aac0: 19 });
    const target = await knight(-1);
    const combat = await t.fight([
      { actor: ogre, side: "pc" },
      { actor: target, side: "enemy" },
    ]);
    /** One round: the sheet's Attack (the dialog answered `dialog`, the form as filled), the card resolved on `d20`. */
    const round = async (dialog: Record<string, string>, dice: number[]) => {
      expect(await t.sheetAttack(player, ogre, "Club", [target], dialog, {})).toBe(true);
      await t.declare(combat, world.gm, "Knight", { action: "none" });
      world.scriptedTotals.push(5, 2);
      const card = await t.playToCard(combat);
      world.scriptedTotals.push(...dice);
      const { posted } = await t.press(player, card, "resolve");
      await t.playRound(combat);
      return posted;
    };
    const missed = await round({ modifier: "2" }, [17]);
    expect(missed.map((m) => m.type)).toEqual(["attack"]);
    // The table says 20 against AC −1; with the +2, 17 + 2 = 19 falls short: 18, 19 and 20 are 15%.
    expect(await t.said(missed[0])).toContain("19 is short of 20 (AAC0 19 against AC -1). Situational modifier +2.");
    expect(await t.said(missed[0])).toContain("Chance to hit: 15.0%");
    const hit = await round({}, [18, 4]);
    expect(t.lastPrompt("TEMPO.ATTACK.Dialog.Title")?.content).toMatch(/name="modifier" value="2"/);
    expect(hit.map((m) => m.type)).toEqual(["attack", "damage"]);
    expect(await t.said(hit[0])).toContain("20 reaches 20 (AAC0 19 against AC -1)");
    await t.apply(hit[1], target);
    expect(t.hpOf(target)).toBe(26);
    await combat.delete();
  }, 15_000);

  it('SEG-12 seed: the table repeats 20 six times: AAC0 19 needs 20 against AC −6 and 21 against AC −7; "20*" typed on the sheet needs 20 against AC 1 (a typed 21 is refused with the notation to write); a natural 20 always hits and a natural 1 always misses', async () => {
    const ogre = await armed("Ogre", { aac0: 19 });
    const plus = { modifier: "1" };
    expect(await rolled(ogre, await knight(-6), [19, 3], plus)).toMatchObject({ kinds: ["attack", "damage"] });
    const short = await rolled(ogre, await knight(-7), [19], plus);
    expect(short.kinds).toEqual(["attack"]);
    expect(short.says).toContain("20 is short of 21: AAC0 19 against AC -7 gives 26, which the table reads as 21");
    const starred = await armed("Goblin", { aac0: 12 });
    const own = t.copyOf(player, starred) as unknown as Aac0Actor;
    const notices = world.notices.length;
    expect(await world.as(player, () => writeAac0(own, "21"))).toBe(false);
    expect(t.noticesSince(notices).join(" ")).toContain('Aac0Starred {"value":"21","written":"20*"}');
    expect(await world.as(player, () => writeAac0(own, "20*"))).toBe(true);
    await world.idle();
    expect((starred.system as unknown as { aac0: number }).aac0).toBe(21);
    expect((await rolled(starred, await knight(1), [19], { modifier: "0" })).says).toContain("19 is short of 20");
    expect((await rolled(ogre, await knight(-10), [20, 3], { modifier: "0" })).kinds).toEqual(["attack", "damage"]);
    const natural = await rolled(ogre, await knight(10), [1], { modifier: "20" });
    expect(natural.kinds).toEqual(["attack"]);
    expect(natural.says).toContain("A natural 1 always misses.");
  });

  it("SEG-12 seed: AC 5 with a +2 bonus becomes AC 3: a knight holding a +2 shield is attacked at AC 3 (AAC0 19 needs 16); with the shield put away, at AC 5 (needs 14)", async () => {
    const ogre = await armed("Ogre", { aac0: 19 });
    const target = await knight(5);
    const shield = await ownedItem(world, target, "Shield", "armor", {
      ...ITEM_DEFAULTS.armor,
      category: "shield",
      acBonus: 2,
    });
    const held = await rolled(ogre, target, [15], { modifier: "0" });
    expect(held.kinds).toEqual(["attack"]);
    expect(held.says).toContain("15 is short of 16 (AAC0 19 against AC 3)");
    await world.as(world.gm, () => shield.update({ "system.equipped": false }));
    await world.idle();
    const away = await rolled(ogre, target, [15, 2], { modifier: "0" });
    expect(away.kinds).toEqual(["attack", "damage"]);
    expect(away.says).toContain("15 reaches 14 (AAC0 19 against AC 5)");
  });

  it("SEG-13, SEG-14 seed: monsters attack with their hit dice unless their class level is higher; 1+1 HD attacks on the 1+ row, 5+5 HD as 6 HD", async () => {
    const target = await knight(5);
    const aac0 = async (name: string, system: Obj) => {
      const says = (await rolled(await armed(name, system), target, [2], { modifier: "0" })).says;
      return /AAC0 (\d+) against AC 5/.exec(says)?.[1];
    };
    // SEG-13: a 4 HD shaman of class level 9 attacks on its class table (AAC0 11), a level-2 brute on 4 HD's 15.
    expect(await aac0("Shaman", { hitDice: "4", level: 9, aac0: 11 })).toBe("11");
    expect(await aac0("Brute", { hitDice: "4", level: 2, aac0: 11 })).toBe("15");
    // SEG-14: "1+1 HD = 1+ in the table" (18, one better than 1 HD's 19); "5+5 HD = 6 HD" (6-7+: 13).
    expect(await aac0("Kobold", { hitDice: "1" })).toBe("19");
    expect(await aac0("Gnoll", { hitDice: "1+1" })).toBe("18");
    expect(await aac0("Ogre chief", { hitDice: "5+5" })).toBe("13");
  }, 15_000);

  it("SEG-14 seed: 4+4 HD has 4d8+16 hit points: the owner's Roll hit points rolls them and sets 30 of 30; 5+5 HD saves as 7 HD: a spell's save card against the chief is the Monster Save Table's row 7-8 (1d20, 13 or more), and a 12 fails it", async () => {
    const bugbear = await t.creature("Bugbear", "npc", { hitDice: "4+4" }, [player.id], 8);
    world.scriptedTotals.push(30);
    const own = t.copyOf(player, bugbear) as unknown as Actor.Implementation;
    expect(await world.as(player, () => rollHitDiceHitPoints(own))).toBe(30);
    await world.idle();
    expect((bugbear.system as unknown as { hp: object }).hp).toEqual({ value: 30, max: 30 });
    expect(String(t.chat.messages.at(-1)?._source.content)).toContain("TEMPO.SHEET.HitPointsRolled");
    const chief = await t.creature("Ogre chief", "npc", { hitDice: "5+5" });
    const mage = await t.creature("Mage", "character", {}, [player.id]);
    const hold = await ownedItem(world, mage, "Hold", "spell", {
      ...ITEM_DEFAULTS.spell,
      save: { ability: "wis", dc: 15 },
    });
    const before = t.chat.messages.length;
    const { TEMPO } = await import("../../src/foundry/config.ts");
    expect(await TEMPO.useItem(hold.uuid, { targets: [chief as unknown as Actor.Implementation] })).toBe(true);
    await world.idle();
    const card = t.chat.messages.slice(before).find((m) => m.type === "save");
    expect(t.inputOf(card)).toMatchObject({ name: "Ogre chief", formula: "1d20", target: 13 });
    world.scriptedTotals.push(12);
    expect((await t.press(world.gm, card, "roll")).refusal).toBeNull();
    const rolled = t.chat.messages.find((m) => m.id === card?.id);
    expect(t.inputOf(rolled).total).toBe(12);
    expect(await t.said(rolled)).toContain(
      "A save by its hit dice on the Monster Save Table: 13 or more, no ability and no DC",
    );
  });

  it("SEG-15 seed: a back stab (×3) with a spear set against a charge (×2) does not stack: the highest, ×3, multiplies the whole 1d8+3 (5 + 3 = 8) to 24 when the card comes in combat; the GM applies 24", async () => {
    const thief = await armed(
      "Thief",
      { aac0: 15 },
      {
        damage: "1d8+3",
        properties: { ...ITEM_DEFAULTS.weapon.properties, reach: true },
      },
    );
    const target = await knight(5);
    const combat = await t.fight([
      { actor: thief, side: "pc" },
      { actor: target, side: "enemy" },
    ]);
    expect(await t.sheetAttack(player, thief, "Club", [target], { backstab: "3", setVsCharge: "on" }, {})).toBe(true);
    expect(t.lastPrompt("TEMPO.ATTACK.Dialog.Title")?.content).toContain("Set against a charge");
    await t.declare(combat, world.gm, "Knight", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(12, 8);
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    expect(t.inputOf(posted[1])).toMatchObject({ swings: [8], multiplierUse: { multiplier: 3 } });
    await t.apply(posted[1], target);
    expect(t.hpOf(target)).toBe(30 - 24);
    await combat.delete();
  });

  it("SEG-16 seed: a multi-attacker in melee declares its two attack routines: the first card comes in step 4, the second in step 6, each rolling its club at the Hero", async () => {
    const chief = await armed("Chief", { hitDice: "4", actions: { segment: { attackRoutines: 2 } } });
    const hero = await knight(6, "Hero");
    const combat = await t.fight([
      { actor: chief, side: "enemy" },
      { actor: hero, side: "pc" },
    ]);
    const form = { routines: "2", inMelee: "on" };
    expect(await t.sheetAttack(player, chief, "Club", [hero], { modifier: "0" }, form)).toBe(true);
    await t.declare(combat, world.gm, "Hero", { action: "none" });
    world.scriptedTotals.push(2, 5); // the Chief's group is LOW: its routines still come in steps 4 and 6
    const steps: number[] = [];
    for (let k = 0; k < 2; k++) {
      const card = await t.playToCard(combat);
      steps.push(Number(t.turnsSince(combat, 0).at(-1)?.step));
      world.scriptedTotals.push(15, 3);
      const { posted } = await t.press(player, card, "resolve");
      expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([
        ["attack", "Hero"],
        ["damage", "Hero"],
      ]);
    }
    expect(steps).toEqual([4, 6]);
    expect(await t.playToCard(combat)).toBeNull();
    await combat.delete();
  }, 15_000);

  it("SEG-16 seed: a creature whose stat block gives one attack routine a round cannot declare three: the sheet's Attack and the tracker's Declare are refused with the reason, and nothing is declared", async () => {
    const ogre = await armed("Ogre", { hitDice: "4" });
    const hero = await knight(6, "Hero");
    const combat = await t.fight([
      { actor: ogre, side: "enemy" },
      { actor: hero, side: "pc" },
    ]);
    const notices = world.notices.length;
    expect(await t.sheetAttack(player, ogre, "Club", [hero], { modifier: "0" }, { routines: "3", inMelee: "on" })).toBe(
      false,
    );
    t.dialogs.answers.push({ fields: { action: "melee", routines: "2", inMelee: "on" } });
    await t.click(combat, world.gm, "segmentDeclare", { combatantId: t.idOf(combat, "Ogre") });
    expect(t.noticesSince(notices)).toEqual([
      expect.stringContaining("TEMPO.ERRORS.Segment.TooManyRoutines"),
      expect.stringContaining("TEMPO.ERRORS.Segment.TooManyRoutines"),
    ]);
    expect(t.declarationOf(combat, "Ogre")).toBeNull();
    await combat.delete();
  });

  it("SEG-16 seed: a bear's claw/claw/bite is one attack routine: its one declared card rolls each attack at the Hero (the second claw misses), each hit with its own damage card, applied one by one", async () => {
    const bear = await t.creature("Bear", "npc", { hitDice: "4" });
    const natural = { ...ITEM_DEFAULTS.weapon, group: "natural" };
    await ownedItem(world, bear, "Claw", "weapon", { ...natural, damage: "1d8" });
    await ownedItem(world, bear, "Claw", "weapon", { ...natural, damage: "1d8" });
    await ownedItem(world, bear, "Bite", "weapon", { ...natural, damage: "2d6" });
    const hero = await knight(6, "Hero");
    const combat = await t.fight([
      { actor: bear, side: "enemy" },
      { actor: hero, side: "pc" },
    ]);
    expect(await t.sheetAttack(world.gm, bear, "Bite", [hero], { modifier: "0" }, {})).toBe(true);
    await t.declare(combat, world.gm, "Hero", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(15, 5, 3, 16, 7); // claw hits for 5, claw misses, bite hits for 7
    const { posted } = await t.press(world.gm, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([
      ["attack", "Hero"],
      ["damage", "Hero"],
      ["attack", "Hero"],
      ["attack", "Hero"],
      ["damage", "Hero"],
    ]);
    const damage = posted.filter((m) => m.type === "damage");
    await t.apply(damage[0], hero);
    expect(t.hpOf(hero)).toBe(25);
    await t.apply(damage[1], hero);
    expect(t.hpOf(hero)).toBe(18);
    expect(await t.playToCard(combat)).toBeNull();
    await combat.delete();
  }, 15_000);
});
