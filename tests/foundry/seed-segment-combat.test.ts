/**
 * Issue 19, "the seeds' worked examples through Foundry": seeds/003's round of segments played at the table
 * on the runtime model. The owner declares from the tracker's Declare form or the sheet's Attack (attack
 * dialog, then the declare form), the GM runs the round with Roll all and Next, the pending card of a
 * declared attack is resolved and its damage applied. Each test is one worked example of the seed, with
 * the seed's numbers. Dice are scripted totals (the groups' d6 first, then the cards' dice).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSegmentTable, type Tempo } from "../support/segment-table.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { menuEntries } from "../support/runtime/context-menu.ts";

const t = await installSegmentTable(303);
const { trackerContextEntries } = await import("../../src/foundry/applications/tracker-context-menu.ts");
afterAll(() => t.uninstall());
const { world, player } = t;

beforeEach(() => {
  world.scriptedTotals.length = 0;
  t.dialogs.answers.length = 0;
});

const MELEE = { action: "melee", weaponSpeed: "5" };
const who = (turns: readonly { name: string }[]) => turns.map((turn) => turn.name);

/** The GM plays on (Next) until `name`'s turn in the LOW group begins. */
async function lowTurnOf(combat: Tempo, name: string): Promise<void> {
  const round = combat.round;
  for (let i = 0; i < 10 && combat.round === round; i++) {
    await t.gmStep(combat);
    const seen = t.turnsSince(combat, 0).at(-1);
    if (combat.combatant?.name === name && seen?.name === name && seen.step === 5) return;
  }
  throw new Error(`${name} took no turn in LOW`);
}

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
    await combat.delete();
  }, 15_000);

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
    await combat.delete();
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
  }, 15_000);

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
    await lowTurnOf(combat, "Hero");
    // In LOW the delayed Hero loses the tie to the Orc (both speed 7; by join order it would go first).
    expect(who(t.turnsSince(combat, from))).toEqual(["Hero", "Orc", "Hero"]);
    world.scriptedTotals.push(12, 6);
    const { posted } = await t.press(player, high, "resolve");
    expect(posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    await combat.delete();
  }, 15_000);

  it("SEG-7 seed: the delayed condition always has LOW initiative and loses ties: the GM imposes it from the Hero's tracker row (one Combat write, the token shows it) and undo lifts it; imposed again from the token's status, the Hero of the HIGH group acts in LOW after the Orc, losing their tie of speed 7", async () => {
    const { combat, hero, orc } = await axeFight();
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, {})).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    const row = { dataset: { combatantId: t.idOf(combat, "Hero") } } as unknown as HTMLElement;
    const menu = (label: string) => {
      const entry = menuEntries(trackerContextEntries(() => combat)).find((e) => e.label === label);
      if (entry === undefined) throw new Error(`no menu entry ${label}`);
      return entry;
    };
    const [impose, lift] = ["TEMPO.TRACKER.Menu.ImposeDelayed", "TEMPO.TRACKER.Menu.LiftDelayed"].map(menu);
    expect([impose?.shown(row), lift?.shown(row)]).toEqual([true, false]);
    const writes = world.writes.length;
    await world.as(world.gm, async () => impose?.choose(row));
    await world.idle();
    expect(world.writes.slice(writes).filter((w) => w.document === "Combat").length).toBe(1);
    expect(hero.statuses.has("delayed")).toBe(true);
    expect([impose?.shown(row), lift?.shown(row)]).toEqual([false, true]);
    await world.as(world.gm, () => combat.tempoCommand({ type: "undo" }));
    await world.idle();
    expect(hero.statuses.has("delayed")).toBe(false);
    await world.as(world.gm, () => hero.toggleStatusEffect("delayed"));
    await world.idle();
    expect(lift?.shown(row)).toBe(true);
    world.scriptedTotals.push(5, 2);
    const from = world.hooks.length;
    await t.playToCard(combat);
    expect(who(t.turnsSince(combat, from))).toEqual(["Orc", "Hero"]);
    await combat.delete();
  }, 15_000);

  it("SEG-6: a delay announced in HIGH still gives one attack: the Hero's turn in LOW posts no second card, its HIGH card rolls once and then says it is resolved", async () => {
    const { combat, hero, orc } = await axeFight();
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, {})).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    world.scriptedTotals.push(5, 2);
    const high = await t.playToCard(combat);
    await t.command(combat, player, "Hero", { type: "delay", combatantId: t.idOf(combat, "Hero") });
    const since = t.chat.messages.length;
    await lowTurnOf(combat, "Hero");
    expect(t.chat.messages.slice(since).filter((m) => m.type === "pending")).toEqual([]);
    world.scriptedTotals.push(12, 6);
    expect((await t.press(player, high, "resolve")).posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    const notices = world.notices.length;
    expect((await t.press(player, high, "resolve")).posted).toEqual([]);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.CHAT.Pending.AlreadyResolved")]);
    expect(t.chat.messages.slice(since).filter((m) => m.type === "attack").length).toBe(1);
    await combat.delete();
  }, 15_000);

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

  it("SEG-6 seed: a delaying activity is done only in LOW: loading and firing a light crossbow, the Hero of the HIGH group shoots after its ally's melee, first in LOW (D2 missile before the Orc's D3 melee), and its card rolls the crossbow", async () => {
    const hero = await t.creature("Hero", "character", { aac0: 15 }, [player.id]);
    const bolt = { ...ITEM_DEFAULTS.weapon, damage: "1d4", speed: 3, group: "crossbows" };
    await ownedItem(world, hero, "Light crossbow", "weapon", bolt);
    const hound = await t.creature("Hound", "npc", {});
    const orc = await t.creature("Orc", "npc", { hitDice: "1", defenses: { descendingAc: 6 } });
    const combat = await t.fight([
      { actor: hero, side: "pc" },
      { actor: hound, side: "ally" },
      { actor: orc, side: "enemy" },
    ]);
    const round = async (form: Record<string, string>) => {
      expect(await t.sheetAttack(player, hero, "Light crossbow", [orc], {}, form)).toBe(true);
      await t.declare(combat, world.gm, "Hound", MELEE);
      await t.declare(combat, world.gm, "Orc", MELEE);
      world.scriptedTotals.push(5, 2);
    };
    await round({}); // plain shooting: HIGH's D2 missile comes first
    expect(who(await t.playRound(combat))).toEqual(["Hero", "Hound", "Orc"]);
    await round({ delaying: "on" });
    expect(t.declarationOf(combat, "Hero")).toMatchObject({ action: "missile" });
    const from = world.hooks.length;
    const card = await t.playToCard(combat);
    expect(who(t.turnsSince(combat, from))).toEqual(["Hound", "Hero"]);
    world.scriptedTotals.push(14, 3);
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).weapon ?? null])).toEqual([
      ["attack", "Light crossbow"],
      ["damage", null],
    ]);
    expect(who(await t.playRound(combat))).toEqual(["Orc"]);
    await combat.delete();
  }, 15_000);

  it("SEG-8 seed: a complex activity is declared, goes last and allows nothing else that round: no delay, no immediate spell", async () => {
    const { combat } = await axeFight();
    await t.declare(combat, player, "Hero", { action: "complex" });
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "7" });
    const hero = t.idOf(combat, "Hero");
    world.scriptedTotals.push(5, 2); // the Hero's group is HIGH, and still its activity comes after the LOW Orc
    const from = world.hooks.length;
    for (let i = 0; i < 10 && combat.combatant?.name !== "Hero"; i++) await t.gmStep(combat);
    expect(who(t.turnsSince(combat, from))).toEqual(["Orc", "Hero"]);
    const notices = world.notices.length;
    await t.command(combat, player, "Hero", { type: "delay", combatantId: hero });
    await t.command(combat, player, "Hero", { type: "immediateSpell", combatantId: hero });
    expect(t.noticesSince(notices)).toEqual([
      expect.stringContaining("TEMPO.ERRORS.Segment.ComplexAlone"),
      expect.stringContaining("TEMPO.ERRORS.Segment.ComplexAlone"),
    ]);
    await combat.delete();
  });

  it("SEG-9 seed: one major action a round (a second Attack replaces the first), any number of minor actions, positioning of 10 ft only after the major action and never in melee; once the round runs the sheet's Attack is refused before any dialog opens", async () => {
    const { combat, hero, orc } = await axeFight();
    await ownedItem(world, hero, "Dagger", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d4", speed: 2 });
    const facts = () => t.declarationOf(combat, "Hero");
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, { minorsBefore: "3", positioning: "on" })).toBe(
      true,
    );
    expect(facts()).toMatchObject({ action: "melee", weaponSpeed: 7 });
    expect(facts()?.minors.length).toBe(4);
    // The Dagger instead: still the one major action, now at the dagger's speed.
    expect(await t.sheetAttack(player, hero, "Dagger", [orc], {}, {})).toBe(true);
    expect(facts()).toMatchObject({ action: "melee", weaponSpeed: 2, minors: [] });
    // Positioning while in melee is refused with the reason; the Dagger's declaration stands.
    const notices = world.notices.length;
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], {}, { positioning: "on", inMelee: "on" })).toBe(
      false,
    );
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.ERRORS.Segment.MoveIsMajor")]);
    expect(facts()).toMatchObject({ action: "melee", weaponSpeed: 2 });
    await t.declare(combat, world.gm, "Orc", MELEE);
    world.scriptedTotals.push(5, 2);
    await t.gmStep(combat);
    const opened = t.dialogs.prompts.length;
    expect(await t.sheetAttack(player, hero, "Battle axe", [orc], null)).toBe(false);
    expect(t.dialogs.prompts.length).toBe(opened);
    expect(t.noticesSince(notices).at(-1)).toContain("TEMPO.ERRORS.Segment.DeclarationsLocked");
    await combat.delete();
  });

  it("SEG-17 seed: with the world's Dexterity reaction setting, the Hero's +3 on its sheet lifts it from its group's LOW 2 into HIGH against 4", async () => {
    const hero = await t.creature("Hero", "character", { initiative: { modifier: 0, dexReaction: 3 } }, [player.id]);
    const hound = await t.creature("Hound", "npc", {});
    const orc = await t.creature("Orc", "npc", {});
    const round = async () => {
      const combat = await t.fight([
        { actor: hero, side: "pc" },
        { actor: hound, side: "ally" },
        { actor: orc, side: "enemy" },
      ]);
      for (const name of ["Hero", "Hound", "Orc"]) await t.declare(combat, world.gm, name, MELEE);
      world.scriptedTotals.push(2, 4);
      const order = who(await t.playRound(combat));
      await combat.delete();
      return order;
    };
    expect(await round()).toEqual(["Orc", "Hero", "Hound"]); // the setting off: the party is LOW
    await game.settings.set("tempo", "dexReaction", true);
    try {
      expect(await round()).toEqual(["Hero", "Orc", "Hound"]);
    } finally {
      await game.settings.set("tempo", "dexReaction", false);
    }
  }, 15_000);
});
