/**
 * Issue 19, "the seeds' worked examples through Foundry": seeds/003's round of segments played at the table
 * on the runtime model. The owner declares from the tracker's Declare form or the sheet's Attack (attack
 * dialog, then the declare form), the GM runs the round with Roll all and Next, the pending card of a
 * declared attack is resolved and its damage applied. Each test is one worked example of the seed, with
 * the seed's numbers. Dice are scripted totals (the groups' d6 first, then the cards' dice).
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSegmentTable, type Tempo } from "../support/segment-table.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const t = await installSegmentTable(303);
afterAll(() => t.uninstall());
const { world, player } = t;

const MELEE = { action: "melee", weaponSpeed: "5" };
const who = (turns: readonly { name: string }[]) => turns.map((turn) => turn.name);

/** The owner's Hero with a battle axe (speed 7), and an Orc (AC 6) with its own speed-7 weapon declared. */
async function axeFight(): Promise<{ combat: Tempo; hero: ActorModel; orc: ActorModel }> {
  const hero = await t.creature("Hero", "character", { aac0: 15 }, [player.id]);
  await ownedItem(world, hero, "Battle axe", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8", speed: 7 });
  const orc = await t.creature("Orc", "npc", { hitDice: "1", defenses: { descendingAc: 6 } });
  const combat = await t.fight([
    { actor: hero, side: "pc" },
    { actor: orc, side: "enemy" },
  ]);
  return { combat, hero, orc };
}

describe("seed 003: the combat round", () => {
  it("SEG-1, SEG-2 seed: one round is a minute of 10 six-second segments, in the 8 steps: declare, each group's d6 (5 against 2: HIGH and LOW), the charge first, the multi-attacker's first routine, HIGH then LOW, its other routines, the 3-segment spell 12 s in, then round 2 a minute on", async () => {
    const hero = await t.creature("Hero", "character", {}, [player.id]);
    const mage = await t.creature("Mage", "character", {});
    const hound = await t.creature("Hound", "npc", {});
    const chief = await t.creature("Chief", "npc", { hitDice: "4", actions: { segment: { attackRoutines: 2 } } });
    const raider = await t.creature("Raider", "npc", {});
    const combat = await t.fight([
      { actor: hero, side: "pc" },
      { actor: mage, side: "pc" },
      { actor: hound, side: "ally" },
      { actor: chief, side: "enemy" },
      { actor: raider, side: "enemy" },
    ]);
    const start = world.worldTime;
    // Step 1: everyone declares (the GM for the creatures no player owns).
    await t.declare(combat, player, "Hero", MELEE);
    await t.declare(combat, world.gm, "Mage", { action: "spell", castingTime: "3" });
    await t.declare(combat, world.gm, "Hound", MELEE);
    await t.declare(combat, world.gm, "Chief", { ...MELEE, routines: "2", inMelee: "on" });
    await t.declare(combat, world.gm, "Raider", { action: "charge", weaponSpeed: "5" });
    // "If an action takes longer than 10 segments, it will normally occur in another round": no 11-segment casting.
    const notices = world.notices.length;
    await t.declare(combat, world.gm, "Mage", { action: "spell", castingTime: "11" });
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.ERRORS.Segment.InvalidCastingTime")]);

    world.scriptedTotals.push(5, 2); // step 2: the party's d6, then the enemies'
    const from = world.hooks.length;
    const card = await t.playToCard(combat);
    const seconds: number[] = [];
    expect(t.inputOf(card)).toMatchObject({ name: "Mage", rule: "SEG-5" });
    expect(t.inputOf(card).position).toEqual({ key: "TEMPO.COMBAT.Segment.Segment", data: { segment: 3 } });
    seconds.push(world.worldTime - start); // segment 3 begins 2 × 6 s into the round
    expect(await t.playToCard(combat)).toBeNull();
    seconds.push(world.worldTime - start);
    expect(seconds).toEqual([12, 60]);
    expect(combat.round).toBe(2);
    expect(t.turnsSince(combat, from).map((x) => [x.name, x.step, x.part])).toEqual([
      ["Raider", 3, "fast"], // C. Charge: a fast action
      ["Chief", 4, "firstRoutine"], // multi-attack in melee: its first routine
      ["Mage", 5, "target"], // HIGH (the party's 5): the caster names its target in D1
      ["Hero", 5, "group"],
      ["Hound", 5, "group"],
      ["Chief", 6, "restRoutines"], // the LOW enemies have no other turn; the remaining routine
      ["Mage", 7, "spell"],
    ]);
    // Round 2 opens with step 1 again: the owner declares anew.
    await t.declare(combat, player, "Hero", { action: "missile", weaponSpeed: "2" });
    expect(t.noticesSince(notices).slice(1)).toEqual([]);
  });

  it("SEG-2, SEG-3 seed: on tied d6 both groups are HIGH and the action types decide: D1 innate, D2 missile, D3 melee, then D4 the simple activity of a creature with no major action", async () => {
    const hero = await t.creature("Hero", "character", {}, [player.id]);
    const hound = await t.creature("Hound", "npc", {});
    const shaman = await t.creature("Shaman", "npc", {});
    const archer = await t.creature("Archer", "npc", {});
    const combat = await t.fight([
      { actor: hero, side: "pc" },
      { actor: hound, side: "ally" },
      { actor: shaman, side: "enemy" },
      { actor: archer, side: "enemy" },
    ]);
    await t.declare(combat, player, "Hero", MELEE);
    await t.declare(combat, world.gm, "Hound", { action: "none", minorsBefore: "1" });
    await t.declare(combat, world.gm, "Shaman", { action: "innate" });
    await t.declare(combat, world.gm, "Archer", { action: "missile", weaponSpeed: "5" });
    world.scriptedTotals.push(4, 4);
    expect(who(await t.playRound(combat))).toEqual(["Shaman", "Archer", "Hero", "Hound"]);
  });

  it("SEG-4 seed: dropping a small shield before attacking with a battle axe makes its speed 8 instead of 7: on tied d6 the Orc's 7 goes first (without the shield, the Hero's 7 wins by join order); HIGH still acts before LOW; the axe's card comes on the Hero's turn and rolls it", async () => {
    const { combat, hero, orc } = await axeFight();
    /** A round: the Hero attacks from the sheet (the form filled with the axe, `minors` added), the Orc melee 7. */
    const round = async (minors: string, d6: [number, number]) => {
      // The attack dialog as it stands, then the declare form with the weapon filled in (melee, speed 7).
      expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, { minorsBefore: minors })).toBe(true);
      await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
      world.scriptedTotals.push(...d6);
    };
    await round("1", [4, 4]);
    const from = world.hooks.length;
    const card = await t.playToCard(combat);
    expect(who(t.turnsSince(combat, from))).toEqual(["Orc", "Hero"]);
    expect(t.inputOf(card)).toMatchObject({ name: "Hero", rule: "SEG-12" });
    world.scriptedTotals.push(9, 5); // AAC0 15 against AC 6 needs 9; the axe's 1d8 rolls 5
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).weapon ?? null])).toEqual([
      ["attack", "Battle axe"],
      ["damage", null],
    ]);
    await t.apply(posted[1], orc);
    expect(t.hpOf(orc)).toBe(25);
    await t.playRound(combat);
    await round("0", [4, 4]);
    expect(who(await t.playRound(combat))).toEqual(["Hero", "Orc"]);
    // "Would not affect group initiative order": HIGH (the party's 5) still acts before LOW.
    await round("1", [5, 2]);
    expect(who(await t.playRound(combat))).toEqual(["Hero", "Orc"]);
    await combat.delete();
  });

  it("SEG-6, SEG-7 seed: a delay announced in HIGH loses every action until LOW and gives the delayed condition: the Hero's card waits, the Orc acts, the Hero loses the LOW tie of speed 7 and then its card rolls", async () => {
    const { combat, hero, orc } = await axeFight();
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, {})).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    world.scriptedTotals.push(5, 2);
    const from = world.hooks.length;
    const high = await t.playToCard(combat);
    expect(combat.combatant?.name).toBe("Hero");
    await t.command(combat, player, "Hero", { type: "delay", combatantId: t.idOf(combat, "Hero") });
    expect(hero.statuses.has("delayed")).toBe(true);
    // Its HIGH turn given up, the card posted as that turn began rolls nothing yet.
    const notices = world.notices.length;
    expect((await t.press(player, high, "resolve")).posted).toEqual([]);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.ERRORS.Segment.WaitsForLow")]);
    expect(t.inputOf(high).resolved).toBe(false);
    const low = await t.playToCard(combat);
    // In LOW the delayed Hero loses the tie to the Orc (both speed 7; by join order it would go first).
    expect(who(t.turnsSince(combat, from))).toEqual(["Hero", "Orc", "Hero"]);
    world.scriptedTotals.push(12, 6);
    const { posted } = await t.press(player, low, "resolve");
    expect(posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    await combat.delete();
  });

  it("SEG-6 seed: a delay announced in LOW loses the major action: the Hero's declared attack is not rolled that round", async () => {
    const { combat, hero, orc } = await axeFight();
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, {})).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    world.scriptedTotals.push(2, 5); // the party is LOW
    const card = await t.playToCard(combat);
    expect(combat.combatant?.name).toBe("Hero");
    await t.command(combat, player, "Hero", { type: "delay", combatantId: t.idOf(combat, "Hero") });
    const notices = world.notices.length;
    expect((await t.press(player, card, "resolve")).posted).toEqual([]);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.ERRORS.Segment.MajorLost")]);
    // The Hero acts again after everyone in LOW, with no major action: no card comes for it.
    expect(await t.playToCard(combat)).toBeNull();
    expect(combat.round).toBe(2);
    await combat.delete();
  });

  it("SEG-6 seed: a delay declared in step 1 acts in LOW without the delayed condition: beside the LOW Orc the Hero, not delayed, wins their tie of speed 7 by join order", async () => {
    const { combat, hero, orc } = await axeFight();
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, { delay: "on" })).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    world.scriptedTotals.push(5, 2);
    const from = world.hooks.length;
    const card = await t.playToCard(combat);
    expect(hero.statuses.has("delayed")).toBe(false);
    expect(who(t.turnsSince(combat, from))).toEqual(["Hero"]);
    world.scriptedTotals.push(3);
    expect((await t.press(player, card, "resolve")).posted.map((m) => m.type)).toEqual(["attack"]);
    expect(who(await t.playRound(combat))).toEqual(["Orc"]);
    await combat.delete();
  });
});
