/**
 * Issue 19, "How it is checked": every worked example of seeds/001-standard-turn-order.txt played through the
 * Foundry layer on the runtime model, as a GM and a player play it: the GM's tracker buttons (Begin, Roll all,
 * Next), the buttons each user's tracker draws, the sheet's Attack and its dialog, the attack and damage cards
 * and their Apply, the GM's effect with a duration, and the player's token drags (core's ruler). Dice are
 * scripted totals (tests/support/seed-table.ts).
 *
 * The seed's examples and where each is played:
 * - d20 + DEX, highest first; a tie goes to the higher DEX bonus (STD-1, STD-2);
 * - a newcomer rolls, is slotted in, and neither acts nor reacts until its turn (STD-3);
 * - a round starts with the first creature's turn; 5 s a round, 12 rounds a minute (STD-4);
 * - an effect of 5 s ends at the start of its originator's next turn, 10 s at the one after (STD-5);
 * - Action, Quick Action and Interaction on the turn, a Reaction outside it (STD-6);
 * - 5 ft steps, a 7 ft diagonal, 30 ft of walking: 6 squares straight or 3 north then 3 west (STD-7);
 * - 20 ft forward leaves 10 ft to go back (STD-7);
 * - move 10, attack, move back 5, move 15: moving and acting in any order (STD-6, STD-7);
 * - walk 30 / swim 45: walk 30 then swim 15; swim 30 first, then no walking (STD-8);
 * - "use your Quick Action to cast a spell": a spell whose casting action is the Quick Action (STD-6);
 * - "not next to a swimmable body of water … you must stop": the GM's water Region (STD-8).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asChatMessage, type ChatMessageModel } from "../support/chat-log.ts";
import { effectOff, giveEffect } from "../support/effect-encounter.ts";
import { installSeedTable, type Tempo } from "../support/seed-table.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { ownedItem } from "../support/owned-items.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";

const table = await installSeedTable(1001);
const { world, player, chat, dialogs } = table;
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

beforeEach(() => {
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

const names = (combat: Tempo) => combat.turns.map((c) => c.name ?? "");
const initiativeOf = (combat: Tempo, name: string) => combat.combatants.find((c) => c.name === name)?.initiative;
/** What the tracker shows `user` as the creature's actions left, by kind. */
const left = (combat: Tempo, id: string, user = world.gm) => {
  const row = trackerInputOf(combat, user as never)?.combatants.find((c) => c.id === id);
  return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
};
/** The rolls on the cards posted since `from`, as "formula: dice". */
const rollsSince = (from: number) =>
  chat.messages
    .slice(from)
    .flatMap((m) => (m.rolls ?? []) as unknown as { formula: string; dice?: { results: { result: number }[] }[] }[])
    .map((r) => `${r.formula}: ${(r.dice ?? []).flatMap((d) => d.results.map((x) => x.result)).join()}`);

/** A standard combat of creatures with these DEX bonuses, begun and rolled from the tracker with `totals`. */
async function rolled(dex: Record<string, number>, totals: readonly number[]) {
  const actors = [];
  for (const [name, value] of Object.entries(dex))
    actors.push(await table.creature(name, [], "npc", { abilities: { dex: value } }));
  const combat = await table.fight(
    "standard",
    actors.map((actor) => ({ actor, side: "enemy" })),
  );
  world.scriptedTotals.push(...totals);
  await table.gmUntil(combat, () => combat.combatant !== null && combat.combatant !== undefined);
  expect(world.scriptedTotals).toEqual([]);
  return { combat, actors };
}

describe("seed 001: turn order", () => {
  it("STD-1 seed: every creature rolls a d20 and adds its DEX bonus; the highest total starts", async () => {
    const from = chat.messages.length;
    const { combat } = await rolled({ Bram: 1, Cyra: 4, Dov: 0 }, [9, 17, 12]);
    expect(rollsSince(from).sort()).toEqual(["1d20 + 1: 8", "1d20 + 4: 13", "1d20: 12"]);
    expect([initiativeOf(combat, "Bram"), initiativeOf(combat, "Cyra"), initiativeOf(combat, "Dov")]).toEqual([
      9, 17, 12,
    ]);
    expect(names(combat)).toEqual(["Cyra", "Dov", "Bram"]);
    expect(combat.combatant?.name).toBe("Cyra");
  });

  it("STD-2 seed: tied on the total, the creature with the higher DEX bonus goes before the one it tied with", async () => {
    const { combat } = await rolled({ Low: 1, High: 3, Other: 2 }, [14, 14, 20]);
    expect(names(combat)).toEqual(["Other", "High", "Low"]);
  });

  it("STD-3 seed: a creature joining the fight rolls and is entered in the order; it neither acts nor reacts until its turn", async () => {
    const { combat } = await rolled({ Ash: 0, Bo: 0, Cat: 0 }, [18, 10, 5]);
    await table.gmClick(combat); // Bo's turn
    const dax = await table.creature("Dax", [player.id], "character", { abilities: { dex: 0 } });
    await (
      combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Combatant", [{ name: "Dax", actorId: dax.id, system: { side: "pc" } }]);
    await world.idle();
    const daxId = table.idOf(combat, dax);
    world.scriptedTotals.push(7);
    await combat.rollAll();
    await world.idle();
    expect(initiativeOf(combat, "Dax")).toBe(7);
    expect(names(combat)).toEqual(["Ash", "Bo", "Dax", "Cat"]);
    expect(combat.combatant?.name).toBe("Bo");
    // Not its turn yet: no Reaction, and nothing its player's tracker offers it but waiting.
    expect(left(combat, daxId, player).reaction).toBe(0);
    expect(table.offered(combat, player, daxId, "tempoReady")).toBe(false);
    await table.gmClick(combat);
    expect(combat.combatant?.name).toBe("Dax");
    expect(left(combat, daxId, player)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
  });

  it("STD-4 seed: a round starts when the first creature starts its turn; a round is 5 seconds and 12 rounds a minute", async () => {
    const { combat } = await rolled({ Ash: 0, Bo: 0 }, [15, 8]);
    const start = { round: combat.round ?? 0, time: world.worldTime };
    await table.gmClick(combat);
    expect([combat.round, combat.combatant?.name]).toEqual([start.round, "Bo"]);
    expect(world.worldTime).toBe(start.time);
    await table.gmClick(combat);
    expect([combat.round, combat.combatant?.name]).toEqual([start.round + 1, "Ash"]);
    expect(world.worldTime).toBe(start.time + 5);
    for (let i = 0; i < 22; i++) await table.gmClick(combat);
    expect(combat.round).toBe(start.round + 12);
    expect(world.worldTime - start.time).toBe(60);
    // Many GM clicks: well under a second alone, but several seconds on a loaded two-core machine.
  }, 15_000);

  it("STD-5 seed: the originator's turn is second 0; an effect of 5 s ends as its next turn starts, 10 s as the turn after that starts", async () => {
    const { combat, actors } = await rolled({ Mage: 2, Ogre: 0, Rat: 0 }, [19, 11, 6]);
    const [mage, ogre] = actors;
    if (mage === undefined || ogre === undefined) throw new Error("no creatures");
    // On the Mage's turn the GM puts its spell's effects on the Ogre (origin: the Mage), as core's effect sheet does.
    const five = await giveEffect(world, ogre, mage, { seconds: 5 }, "Five seconds");
    const ten = await giveEffect(world, ogre, mage, { seconds: 10 }, "Ten seconds");
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await table.gmClick(combat);
      seen.push(
        `${combat.round} ${combat.combatant?.name}: ${effectOff(five) ? "off" : "on"} ${effectOff(ten) ? "off" : "on"}`,
      );
    }
    const round = (combat.round ?? 0) - 2;
    expect(seen).toEqual([
      `${round} Ogre: on on`,
      `${round} Rat: on on`,
      `${round + 1} Mage: off on`,
      `${round + 1} Ogre: off on`,
      `${round + 1} Rat: off on`,
      `${round + 2} Mage: off off`,
    ]);
  });
});

const S = 100; // a square of 5 ft, in pixels
const scene = await addScene(world, { squares: 20, size: S, padding: 0 });
// The GM's world setting that the movement budget refuses a move past it (its default only warns the GM).
await game.settings.set("tempo", "movementBudget", "refuse");
type Token = Awaited<ReturnType<typeof placeToken>>;

/** Vex (the player's, DEX 3, STR 2) and an Ogre (AC 12) on the scene; the GM begins and rolls: Vex first. */
async function vexFirst(speeds: Record<string, number> = { walk: 30 }, on = scene) {
  const vex = await table.creature("Vex", [player.id], "character", {
    abilities: { dex: 3, str: 2 },
    primaryAbility: "str",
    speeds,
    side: "pc",
  });
  const ogre = await table.creature("Ogre", [], "npc", { defenses: { ac: 12 }, side: "enemy" });
  const vexToken = await placeToken(world, on, vex, { x: 5 * S, y: 5 * S, actorLink: true, disposition: 1 });
  const ogreToken = await placeToken(world, on, ogre, { x: 18 * S, y: 18 * S, actorLink: true, disposition: -1 });
  const combat = await table.fight("standard", [
    { actor: vex, side: "pc", token: { scene: on, token: vexToken } },
    { actor: ogre, side: "enemy", token: { scene: on, token: ogreToken } },
  ]);
  world.scriptedTotals.push(18, 4);
  await table.gmUntil(combat, () => combat.combatant?.name === "Vex");
  return { combat, vex, ogre, vexToken, ogreToken, id: table.idOf(combat, vex) };
}

/** The player drags the token through these squares (core's movement action per waypoint); whether it moved. */
async function drag(token: Token, ...squares: [number, number, string?][]): Promise<boolean> {
  const path = squares.map(([x, y, action]) => ({ x: x * S, y: y * S, ...(action === undefined ? {} : { action }) }));
  const moved = await world.as(player, () => token.move(path));
  await world.idle();
  return moved;
}
const spent = (token: Token) => token.movementHistory.reduce((sum, w) => sum + w.cost, 0);
const square = (token: Token) => [token.x / S, token.y / S];
const playerNotice = () => world.notices.filter((n) => n.user === player.id).at(-1)?.text ?? "";

describe("seed 001: during and outside a turn", () => {
  it("STD-6 seed: on its turn the creature attacks as its Action; its Quick Action and Interaction stay, and a second attack is refused", async () => {
    const { combat, vex, ogre, ogreToken, id } = await vexFirst();
    expect(left(combat, id, player)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    // d20 14 + STR 2 = 16 against AC 12: a hit; the GM applies the damage card to the Ogre.
    const { done, cards } = await table.attack(player, vex, [ogreToken], [14, 5]);
    expect(done).toBe(true);
    expect(cards.map((m) => m.type)).toEqual(["attack", "damage"]);
    table.targeting.target(world.gm, [ogreToken]);
    expect(await runCardAction(asChatMessage(cards[1] as ChatMessageModel), "apply")).toBeNull();
    await world.idle();
    expect((ogre.system as unknown as { hp: { value: number } }).hp.value).toBe(55);
    expect(left(combat, id, player)).toEqual({ action: 0, quickAction: 1, interaction: 1, reaction: 1 });
    const again = await table.attack(player, vex, [ogreToken], []);
    expect([again.done, again.cards]).toEqual([false, []]);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Standard.NoAction");
  });

  it("STD-6 seed: a spell cast as a Quick Action spends the Quick Action, not the Action: attack, then the Quick spell; a second Quick spell and an Action spell are refused", async () => {
    const { combat, vex, ogreToken, id } = await vexFirst();
    const spell = (name: string, castingAction: string) =>
      ownedItem(world, vex, name, "spell", { ...ITEM_DEFAULTS.spell, damage: "1d4", castingAction });
    const spark = await spell("Spark", "quickAction");
    const bolt = await spell("Bolt", "action");
    expect((await table.attack(player, vex, [ogreToken], [14, 5])).done).toBe(true);
    table.targeting.target(player, [ogreToken]);
    world.scriptedTotals.push(3);
    const from = chat.messages.length;
    expect(await table.useItem(player, vex, spark.id ?? "")).toBe(true);
    expect(chat.messages.slice(from).map((m) => m.type)).toEqual(["damage"]);
    expect(left(combat, id, player)).toEqual({ action: 0, quickAction: 0, interaction: 1, reaction: 1 });
    expect(await table.useItem(player, vex, spark.id ?? "")).toBe(false);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Standard.NoQuickAction");
    expect(await table.useItem(player, vex, bolt.id ?? "")).toBe(false);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Standard.NoAction");
    expect(chat.messages.length).toBe(from + 1);
  });

  it("STD-6 seed: outside its turn the creature has one Reaction: readied on its turn, triggered on the Ogre's, back when its own next turn starts", async () => {
    const { combat, id } = await vexFirst();
    dialogs.answers.push({ fields: { value: "when the Ogre casts a spell" } });
    await table.press(combat, player, id, "tempoReady");
    expect(dialogs.prompts.at(-1)?.user).toBe(player.id);
    // Readying ends Vex's turn (the engine's ruling): the Ogre acts.
    expect(combat.combatant?.name).toBe("Ogre");
    expect(left(combat, id, player).reaction).toBe(1);
    await table.press(combat, player, id, "tempoCommand", "trigger");
    expect(left(combat, id, player).reaction).toBe(0);
    expect(table.offered(combat, player, id, "tempoCommand", "trigger")).toBe(false);
    await table.gmClick(combat);
    expect(combat.combatant?.name).toBe("Vex");
    expect(left(combat, id, player).reaction).toBe(1);
  });

  it("STD-6, STD-7 seed: move 10 ft, attack as the Action, move back 5 ft, then 15 ft more: the 30 ft and the Action in any order", async () => {
    const { combat, vex, vexToken, ogreToken, id } = await vexFirst();
    expect(await drag(vexToken, [7, 5])).toBe(true);
    const { cards } = await table.attack(player, vex, [ogreToken], [3]); // 3 + 2 against AC 12: a miss
    expect(cards.map((m) => m.type)).toEqual(["attack"]);
    expect(await drag(vexToken, [6, 5])).toBe(true);
    expect(await drag(vexToken, [6, 2])).toBe(true);
    expect(spent(vexToken)).toBe(30);
    expect(left(combat, id, player)).toMatchObject({ action: 0 });
    expect(await drag(vexToken, [6, 1])).toBe(false);
    expect(square(vexToken)).toEqual([6, 2]);
  });
});

describe("seed 001: movement", () => {
  it("STD-7 seed: steps are 5 ft and a diagonal 7 ft; 30 ft walks 6 squares in a line, or 3 north then 3 west", async () => {
    const diagonal = await vexFirst();
    expect(await drag(diagonal.vexToken, [6, 4])).toBe(true);
    expect(spent(diagonal.vexToken)).toBe(7);
    const straight = await vexFirst();
    expect(await drag(straight.vexToken, [11, 5])).toBe(true);
    expect(spent(straight.vexToken)).toBe(30);
    expect(await drag(straight.vexToken, [12, 5])).toBe(false);
    const turning = await vexFirst();
    expect(await drag(turning.vexToken, [5, 2], [2, 2])).toBe(true);
    expect(spent(turning.vexToken)).toBe(30);
    expect(await drag(turning.vexToken, [2, 1])).toBe(false);
    // Many GM clicks: well under a second alone, but several seconds on a loaded two-core machine.
  }, 15_000);

  it("STD-7 seed: after 20 ft forward the creature can go back only 10 ft towards where it began", async () => {
    const { vexToken } = await vexFirst();
    expect(await drag(vexToken, [9, 5])).toBe(true);
    expect(await drag(vexToken, [8, 5], [7, 5])).toBe(true);
    expect(spent(vexToken)).toBe(30);
    expect(await drag(vexToken, [6, 5])).toBe(false);
    expect(square(vexToken)).toEqual([7, 5]);
  });

  it("STD-8 seed: walking 30 ft and swimming 45 ft in tandem: walk 30 then swim 15; swim 30 first and no walking is left", async () => {
    const walker = await vexFirst({ walk: 30, swim: 45 });
    expect(await drag(walker.vexToken, [11, 5, "walk"])).toBe(true);
    expect(await drag(walker.vexToken, [14, 5, "swim"])).toBe(true);
    expect(await drag(walker.vexToken, [15, 5, "swim"])).toBe(false);
    expect(square(walker.vexToken)).toEqual([14, 5]);
    const swimmer = await vexFirst({ walk: 30, swim: 45 });
    expect(await drag(swimmer.vexToken, [11, 5, "swim"])).toBe(true);
    expect(await drag(swimmer.vexToken, [12, 5, "walk"])).toBe(false);
    expect(await drag(swimmer.vexToken, [14, 5, "swim"])).toBe(true);
    expect(spent(swimmer.vexToken)).toBe(45);
  });

  it("STD-8 seed: not next to a swimmable body of water after 30 ft of walking, the creature must stop: beside the GM's pond it swims on 15 ft into it; away from it the swim is refused", async () => {
    // A Region the GM names Water over columns 12 to 19 (the one SEG-18's line of effect reads).
    const shore = await addScene(world, { name: "Shore", squares: 20, size: S, padding: 0 });
    const pond = { type: "rectangle", x: 12 * S, y: 0, width: 8 * S, height: 20 * S };
    await world.as(world.gm, () => shore.createEmbeddedDocuments("Region", [{ name: "Water", shapes: [pond] }]));
    await world.idle();
    const beside = await vexFirst({ walk: 30, swim: 45 }, shore);
    expect(await drag(beside.vexToken, [11, 5, "walk"])).toBe(true);
    expect(await drag(beside.vexToken, [14, 5, "swim"])).toBe(true);
    expect(spent(beside.vexToken)).toBe(45);
    const inland = await vexFirst({ walk: 30, swim: 45 }, shore);
    expect(await drag(inland.vexToken, [5, 11, "walk"])).toBe(true);
    expect(await drag(inland.vexToken, [5, 12, "swim"])).toBe(false);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Movement.SwimNeedsWater");
    expect(square(inland.vexToken)).toEqual([5, 11]);
  });
});
