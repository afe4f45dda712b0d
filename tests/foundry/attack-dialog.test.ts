/**
 * Issue 19 item 1 on the runtime model: the sheet's Attack opens the attack dialog (a DialogV2 prompt over
 * templates/dialogs/attack.hbs), the user fills it, and the roll, the cards and the count track follow the
 * choices: the seeds' numbers for a charged Maul, two Heavy attacks, three flankers and SEG-12's +2.
 * The test is the user in front of the dialog (tests/support/runtime/dialog-v2.ts): it reads what the
 * dialog shows before rolling, types over the form's fields and presses Roll, or closes it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installTableWorld } from "../support/seed-table.ts";
import {
  ITEM_DEFAULTS,
  countTrackerFactsOf,
  segmentTrackerFacts,
  type SegmentState,
  type WeaponStats,
} from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { addCombatants, firstTurn, step, type Tempo } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import { documentUses, gmKeptUses } from "../support/declared-uses.ts";
import { worldGeneration } from "../support/runtime/generation.ts";

const { world, player, chat, targeting, dialogs } = await installTableWorld(61, "p1");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;
const combatState = (combat: Tempo) => (combat.system as unknown as { state: SegmentState }).state;

/** A creature with one weapon and the given feats; the sheet reads `actor.items`. */
async function armed(
  name: string,
  system: Obj,
  weapon: Partial<WeaponStats>,
  feats: string[] = [],
  owners: string[] = [],
) {
  const actor = await world.addActor(name, owners, "character", {
    weaponSkills: [],
    hp: { value: 60, max: 60 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
  const item = await ownedItem(world, actor, String(name === "Brann" ? "Maul" : "Axe"), "weapon", {
    ...ITEM_DEFAULTS.weapon,
    ...weapon,
  });
  for (const feat of feats) await ownedItem(world, actor, feat, "feat", { feat });
  return { actor, itemId: item.id ?? "", sheet: actor as unknown as Actor.Implementation };
}

const target = (name: string, system: Obj) =>
  world.addActor(name, [], "npc", { hp: { value: 60, max: 60 }, dr: NO_DR, side: "enemy", ...system });

const flags = (over: Partial<WeaponStats["properties"]>) => ({ ...ITEM_DEFAULTS.weapon.properties, ...over });

/** A count combat where `attacker` acts first, on count 4 (d20 4, no bonus, CNT-2). */
async function countFight(attacker: Awaited<ReturnType<typeof armed>>, foe: { id: string | null }) {
  await game.settings.set("tempo", "ruleset", "count");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(world, combat, ["Hero", "Foe"], { Hero: attacker.actor, Foe: foe });
  const heroId = combat.combatants.contents.find((c) => c.name === "Hero")?.id ?? "";
  world.scriptedTotals.push(4, 18); // no INT or DEX modifier (CNT-1): Hero on count 4, Foe on 18
  expect(await firstTurn(world, combat)).toBe(heroId);
  world.scriptedTotals.length = 0;
  return { combat, heroId };
}

const pendingOf = (combat: Tempo, id: string) => {
  const input = trackerInputOf(combat, game.user);
  return input === null ? [] : (countTrackerFactsOf(input.host, input.state)?.pendingOf(id) ?? []);
};

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("the attack dialog from the sheet's Attack (count)", () => {
  it("FEAT-CHARGED, CNT-15, CNT-16: a Maul (Great, 2d6) at STR 8 is offered the charge at 16d6 (ladder level 10: its dice times STR) and delay 8; charged from count 4 it lands on 12 and Resolve rolls 16d6", async () => {
    const brann = await armed(
      "Brann",
      { abilities: { str: 8 }, primaryAbility: "str" },
      { damage: "2d6", properties: flags({ great: true }) },
      ["chargedAttack"],
    );
    const gale = await target("Gale", { defenses: { ac: 12 } });
    const { combat, heroId } = await countFight(brann, gale);
    targeting.target(world.gm, [gale]);
    dialogs.answers.push({ fields: { charged: "on" } });
    expect(await useSheetItem(brann.sheet, brann.itemId)).toBe(true);
    await world.idle();
    const shown = dialogs.prompts.at(-1);
    expect(shown?.names).toEqual(["attacks", "charged", "modifier"]);
    expect(shown?.content).toContain("Charged attack (16d6, delay 8)");
    expect(shown?.content).toMatch(/name="attacks"[^>]*autofocus/);
    expect(shown?.content).toContain("Gale: 85.0% to hit, 5.0% critical."); // d20 + 8 ≥ 12: faces 4–20
    expect(pendingOf(combat, heroId)).toMatchObject([{ kind: "charged", delay: 8, count: 12 }]);

    // Its action spent, a second Attack is refused with the engine's reason before any dialog opens.
    const opened = dialogs.prompts.length;
    const notices = world.notices.length;
    expect(await useSheetItem(brann.sheet, brann.itemId)).toBe(false);
    expect(dialogs.prompts.length).toBe(opened);
    expect(world.notices.slice(notices)).toHaveLength(1);

    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 20 && card === undefined; i++) {
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((m) => m.type === "pending");
    }
    if (card === undefined) throw new Error("no pending card");
    world.scriptedTotals.push(15, 56);
    const before = chat.messages.length;
    expect(await runCardAction(asChatMessage(card), "resolve")).toBeNull();
    await world.idle();
    const posted = chat.messages.slice(before);
    expect(posted.map((m) => [m.type, inputOf(m).formula ?? null])).toEqual([
      ["attack", null],
      ["damage", "16d6"],
    ]);
    // The attack card says what was chosen, with its rule.
    expect(inputOf(posted[0]).choices).toEqual([
      { key: "TEMPO.ATTACK.Chosen.Charged", data: { damage: "16d6", delay: 8 } },
    ]);
  });

  it("CNT-7: two Heavy attacks declared on count 4 land on counts 6 and 8, as the dialog says before rolling", async () => {
    const fenn = await armed(
      "Fenn",
      { abilities: { str: 3 }, primaryAbility: "str" },
      { damage: "1d8", properties: flags({ heavy: true }) },
    );
    const gale = await target("Gale", { defenses: { ac: 12 } });
    const { combat, heroId } = await countFight(fenn, gale);
    // Two attacks were this creature's last choice on this client: the dialog opens with them.
    await game.settings.set("tempo", "attackChoices", { [fenn.actor.uuid]: { attacks: 2 } });
    dialogs.answers.push({ fields: {} });
    expect(await useSheetItem(fenn.sheet, fenn.itemId)).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.content).toMatch(/name="attacks" value="2"/);
    expect(dialogs.prompts.at(-1)?.content).toContain("Declared on count 4, lands on count 6, 8.");
    expect(pendingOf(combat, heroId).map((p) => p.count)).toEqual([6, 8]);
    // Each staggered attack is its own pending action: each records one attack for its Resolve to roll.
    // Issue 18: no player owns the creature, so its records stay in the GM's browser.
    const uses = gmKeptUses(world, combat, heroId) as Record<string, Obj>;
    expect(Object.values(uses).map((u) => (u.choices as Obj).attacks)).toEqual([1, 1]);
  });

  it("FEAT-CLEAVE on the track: one Heavy attack from count 4 lands on 6, and its Resolve rolls one d20 for both recorded targets", async () => {
    const fenn = await armed(
      "Fenn",
      { abilities: { str: 3 }, primaryAbility: "str" },
      { damage: "1d8", properties: flags({ heavy: true }) },
      ["cleave"],
    );
    const gale = await target("Gale", { defenses: { ac: 12 } });
    const orc = await target("Orc", { defenses: { ac: 12 } });
    const { combat, heroId } = await countFight(fenn, gale);
    targeting.target(world.gm, [gale, orc]);
    dialogs.answers.push({ fields: { cleave: "on", attacks: "3" } });
    expect(await useSheetItem(fenn.sheet, fenn.itemId)).toBe(true);
    await world.idle();
    expect(pendingOf(combat, heroId).map((p) => p.count)).toEqual([6]);
    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 20 && card === undefined; i++) {
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((m) => m.type === "pending");
    }
    if (card === undefined) throw new Error("no pending card");
    world.scriptedTotals.push(15, 6);
    const before = chat.messages.length;
    expect(await runCardAction(asChatMessage(card), "resolve")).toBeNull();
    await world.idle();
    expect(chat.messages.slice(before).map((m) => [m.type, inputOf(m).target, (m.rolls ?? []).length])).toEqual([
      ["attack", "Gale", 1],
      ["damage", "Gale", 1],
      ["attack", "Orc", 0],
      ["damage", "Orc", 1],
    ]);
  });

  it("issue 20: the attack dialog asked from a detached sheet opens in that sheet's browser window on v14, in the main window on v13", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await armed("Fenn", { abilities: { str: 3 }, primaryAbility: "str" }, { damage: "1d8" });
    targeting.target(world.gm, [await target("Gob", { defenses: { ac: 10 } })]);
    // A sheet the user detached: v14 gives its ApplicationV2 window a `windowId` (dnd5e `_detachOptions`).
    const detached = { window: { windowId: "tempo-sheet-window" } };
    dialogs.answers.push("close");
    expect(await useSheetItem(fenn.sheet, fenn.itemId, detached)).toBe(false);
    expect(dialogs.prompts.at(-1)?.windowId).toBe(worldGeneration.current >= 14 ? "tempo-sheet-window" : null);
  });

  it("CNT-7: outside a combat the action's two attacks are rolled one after the other", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await armed(
      "Fenn",
      { abilities: { str: 3 }, primaryAbility: "str" },
      { damage: "1d8", properties: flags({ heavy: true }) },
    );
    targeting.target(world.gm, [await target("Gob", { defenses: { ac: 10 } })]);
    world.scriptedTotals.push(12, 5, 2);
    dialogs.answers.push({ fields: { attacks: "2" } });
    const before = chat.messages.length;
    expect(await useSheetItem(fenn.sheet, fenn.itemId)).toBe(true);
    await world.idle();
    expect(chat.messages.slice(before).map((m) => m.type)).toEqual(["attack", "damage", "attack"]);
  });

  it("FEAT-CLEAVE: one d20 and one damage roll for every target; the d20 shows once, the damage roll on each hit's card", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await armed(
      "Fenn",
      { abilities: { str: 3 }, primaryAbility: "str" },
      { damage: "1d8", properties: flags({ heavy: true }) },
      ["cleave"],
    );
    const foes = [
      await target("Gob", { defenses: { ac: 10 } }),
      await target("Orc", { defenses: { ac: 20 } }),
      await target("Imp", { defenses: { ac: 12 } }),
    ];
    targeting.target(world.gm, foes);
    world.scriptedTotals.push(12, 5);
    dialogs.answers.push({ fields: { cleave: "on" } });
    const before = chat.messages.length;
    expect(await useSheetItem(fenn.sheet, fenn.itemId)).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.content).toContain("Cleave: one roll against every target");
    const posted = chat.messages.slice(before);
    // 12 + 3 = 15: hits AC 10 and 12, misses AC 20; the one damage roll (5) lands on both hits.
    expect(posted.map((m) => [m.type, inputOf(m).target, (m.rolls ?? []).length])).toEqual([
      ["attack", "Gob", 1],
      ["damage", "Gob", 1],
      ["attack", "Orc", 0],
      ["attack", "Imp", 0],
      ["damage", "Imp", 1],
    ]);
    expect(posted.filter((m) => m.type === "damage").map((m) => inputOf(m).swings)).toEqual([[5], [5]]);
  });
});

describe("the sheet's Attack in a segment combat", () => {
  it("SEG-9: a player's Attack opens the declare form filled with the weapon; the minor and target added there are declared with it; changed to a move, no weapon is recorded", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const vex = await armed("Vex", {}, { damage: "1d8", speed: 7 }, [], [player.id]);
    const ogre = await target("Ogre", { defenses: { descendingAc: 5 } });
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await addCombatants(world, combat, ["Hero", "Ogre"], { Hero: vex.actor, Ogre: ogre });
    await combat.startCombat();
    await world.idle();
    const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    // The attack dialog as it stands, then the declare form: one 1-segment minor before the axe, the Ogre.
    dialogs.answers.push({ fields: {} }, { fields: { minorsBefore: "1", target: id("Ogre") } });
    const own = world.runtime.clientOf(player.id).actors.get(vex.actor.id ?? "") as unknown as Actor.Implementation;
    expect(await world.as(player, () => useSheetItem(own, vex.itemId))).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.title).toBe("TEMPO.TRACKER.Segment.Declare.Title");
    const declared = () =>
      segmentTrackerFacts(combatState(combat), { gm: true, combatantIds: [] }).creatures.find(
        (c) => c.id === id("Hero"),
      )?.declaration;
    expect(declared()).toMatchObject({ action: "melee", weaponSpeed: 7, targetId: id("Ogre") });
    expect(declared()?.minors).toEqual([{ kind: "simple", takesSegment: true, beforeMajor: true }]);
    // The axe's record names the Ogre the form named (Resolve rolls it there).
    expect(documentUses(combat, id("Hero")).segment).toMatchObject({
      itemUuid: `${vex.actor.uuid}.Item.${vex.itemId}`,
      targetUuids: [ogre.uuid],
    });
    // Changed in the form to a move, it is declared as a move, and no axe is left to roll on its turn.
    dialogs.answers.push({ fields: {} }, { fields: { action: "move" } });
    expect(await world.as(player, () => useSheetItem(own, vex.itemId))).toBe(true);
    await world.idle();
    expect(declared()?.action).toBe("move");
    expect(documentUses(combat, id("Hero")).segment).toBeNull();
    await combat.delete();
  });
});

describe("the attack dialog outside combat (rotation, segment)", () => {
  it("ATK-ROT-5, AP-1: three flankers take 4 off Dodge and Armor; 3 of 8 swings are rolled", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const vex = await armed(
      "Vex",
      { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }], ap: { value: 80, max: 80 } },
      { damage: "1d6", group: "blades", apCost: 10 },
    );
    const raider = await target("Raider", { defenses: { dodge: 18, armor: 12 } });
    targeting.target(world.gm, [raider]);
    world.scriptedTotals.push(10, 3, 3, 3);
    dialogs.answers.push({ fields: { flankers: "3", swings: "3" } });
    const before = chat.messages.length;
    expect(await useSheetItem(vex.sheet, vex.itemId)).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.names).toEqual(["swings", "flankers", "modifier"]);
    const [attack, damage] = chat.messages.slice(before);
    const resolution = inputOf(attack).resolution as { snapshot: { defender: Obj } };
    expect(resolution.snapshot.defender.adjacentEnemies).toBe(3);
    // 10 + 5 = 15 against Dodge 18 − 4 = 14: a hit only because of the flanking.
    expect(damage?.type).toBe("damage");
    expect(inputOf(damage).swings).toEqual([3, 3, 3]);
  });

  it("SEG-12: needing 20 against AC −1, a +2 modifier hits on 18 (15% before the roll)", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const ogre = await armed("Ogre", { aac0: 19 }, { damage: "1d6" });
    const knight = await target("Knight", { defenses: { descendingAc: -1 } });
    targeting.target(world.gm, [knight]);
    world.scriptedTotals.push(18, 4);
    dialogs.answers.push({ fields: { modifier: "2" } });
    const before = chat.messages.length;
    expect(await useSheetItem(ogre.sheet, ogre.itemId)).toBe(true);
    await world.idle();
    // Remembered from nothing: the first dialog shows the plain odds (needs 20: 5%).
    expect(dialogs.prompts.at(-1)?.content).toContain("Knight: 5.0% to hit.");
    expect(chat.messages.slice(before).map((m) => m.type)).toEqual(["attack", "damage"]);
    dialogs.answers.push("close");
    await useSheetItem(ogre.sheet, ogre.itemId);
    expect(dialogs.prompts.at(-1)?.content).toContain("Knight: 15.0% to hit.");
  });

  it("the hotbar macro (CONFIG.TEMPO.useItem) opens the same dialog; its modifier reaches the roll", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const vex = await armed("Vex", { abilities: { str: 2 }, primaryAbility: "str" }, { damage: "1d6" });
    targeting.target(world.gm, [await target("Raider", { defenses: { ac: 15 } })]);
    world.scriptedTotals.push(10, 4);
    dialogs.answers.push({ fields: { modifier: "3" } });
    const before = chat.messages.length;
    expect(await TEMPO.useItem(`${vex.actor.uuid}.Item.${vex.itemId}`)).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.names).toEqual(["modifier"]);
    const [attack] = chat.messages.slice(before);
    // 10 + 2 + 3 = 15 meets AC 15.
    expect((inputOf(attack).resolution as { snapshot: Obj }).snapshot.bonus).toBe(5);
    expect(chat.messages.slice(before).map((m) => m.type)).toEqual(["attack", "damage"]);
  });

  it("the last choices are remembered per creature on each user's own client: the GM's modifier is not a player's", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const ogre = await armed("Ogre", { aac0: 19 }, { damage: "1d6" }, [], [player.id]);
    const knight = await target("Knight", { defenses: { descendingAc: -1 } });
    targeting.target(world.gm, [knight]);
    targeting.target(player, [knight]);
    dialogs.answers.push({ fields: { modifier: "2" } });
    expect(await useSheetItem(ogre.sheet, ogre.itemId)).toBe(true);
    const own = world.runtime.clientOf(player.id).actors.get(ogre.actor.id ?? "") as unknown as Actor.Implementation;
    dialogs.answers.push("close");
    expect(await world.as(player, () => useSheetItem(own, ogre.itemId))).toBe(false);
    expect(dialogs.prompts.at(-1)).toMatchObject({ user: player.id });
    expect(dialogs.prompts.at(-1)?.content).toMatch(/name="modifier" value="0"/);
    dialogs.answers.push("close");
    await useSheetItem(ogre.sheet, ogre.itemId);
    expect(dialogs.prompts.at(-1)?.content).toMatch(/name="modifier" value="2"/);
  });

  it("FEAT-VERSATILE, FEAT-CLEAVE: a player's two-handed cleave (1d10 as Heavy) is applied by the GM to both targets from the one roll each card carries", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const fenn = await armed(
      "Fenn",
      { abilities: { str: 3 }, primaryAbility: "str" },
      { damage: "1d8", properties: flags({ versatile: true }) },
      ["versatileMaster", "cleave"],
      [player.id],
    );
    const foes = [await target("Gob", { defenses: { ac: 10 } }), await target("Orc", { defenses: { ac: 10 } })];
    targeting.target(player, foes);
    world.scriptedTotals.push(15, 9);
    dialogs.answers.push({ fields: { twoHanded: "two", cleave: "on" } });
    const own = world.runtime.clientOf(player.id).actors.get(fenn.actor.id ?? "") as unknown as Actor.Implementation;
    const before = chat.messages.length;
    expect(await world.as(player, () => useSheetItem(own, fenn.itemId))).toBe(true);
    await world.idle();
    const damage = chat.messages.slice(before).filter((m) => m.type === "damage");
    expect(damage.map((m) => [inputOf(m).formula, inputOf(m).swings, (m.rolls ?? []).length])).toEqual([
      ["1d10", [9], 1],
      ["1d10", [9], 1],
    ]);
    // Each card is applied to the creature it was rolled against (the player targets it, as at the table).
    for (const [i, card] of damage.entries()) {
      targeting.target(player, foes.slice(i, i + 1));
      expect(await world.as(player, () => runCardAction(asChatMessage(card), "apply"))).toBeNull();
      await world.idle();
    }
    expect(foes.map((f) => (f.system as { hp: { value: number } }).hp.value)).toEqual([51, 51]);
  });

  it("a typo in a field is refused with its reason and nothing is rolled", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const vex = await armed("Vex", {}, { damage: "1d6" });
    targeting.target(world.gm, [await target("Raider", {})]);
    dialogs.answers.push({ fields: { modifier: "two" } });
    const writes = world.writes.length;
    const notices = world.notices.length;
    expect(await useSheetItem(vex.sheet, vex.itemId)).toBe(false);
    expect(world.writes.slice(writes)).toEqual([]);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
      expect.stringContaining("TEMPO.ATTACK.Dialog.NotWhole"),
    ]);
  });
});
