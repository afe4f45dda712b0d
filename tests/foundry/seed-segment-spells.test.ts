/**
 * Issue 19, "the seeds' worked examples through Foundry": seeds/003's spells, concentration and the battle
 * map played at the table on the runtime model. A caster casts from the sheet in a segment combat (the
 * spell is declared with its casting time and targets), names its target from the tracker on its D1
 * turn, and its pending card comes in step 7 in the segment its casting ends; Resolve rolls the spell.
 * On a drawn scene (runtime/canvas-collision.ts models core's collision test over the walls) tokens are
 * moved by the GM as on the canvas: a 20-square scene of 100 px squares, square (i, j) at pixel
 * 300 + 100 i, 300 + 100 j (the 15% padding). Dice are scripted totals (the groups' d6 first).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSegmentTable } from "../support/segment-table.ts";
import { segmentCasters } from "../support/segment-casters.ts";
import { installCanvas } from "../support/runtime/canvas-collision.ts";
import { addScene, addWalls, placeToken } from "../support/world-scenes.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import type { SceneModel } from "../support/runtime/scene.ts";

const t = await installSegmentTable(1803);
const drawn = installCanvas(t.world);
afterAll(() => {
  drawn.uninstall();
  t.uninstall();
});
const { world, player } = t;

beforeEach(() => {
  world.scriptedTotals.length = 0;
  t.dialogs.answers.length = 0;
});

const px = (square: number) => 300 + 100 * square;
const FRIENDLY = 1;
const HOSTILE = -1;

const { mage, cast, mageHeroOrc } = segmentCasters(t);

/** A drawn scene the GM views, and a linked token of `actor` in square (i, j). */
async function scene(): Promise<SceneModel> {
  const made = await addScene(world);
  drawn.view(made);
  return made;
}
const stand = (on: SceneModel, actor: ActorModel, i: number, j: number, disposition: number) =>
  placeToken(world, on, actor, { x: px(i), y: px(j), actorLink: true, disposition });

describe("seed 003: spells", () => {
  it("SEG-2 step 7, SEG-5 seed: the spells resolve in step 7 by casting time, shortest first, and equal times HIGH first: the Shaman's 1 in segment 1, then the Mage's 3 (HIGH) before the Acolyte's 3; the Mage's card rolls its Bolt", async () => {
    const caster = await mage(3);
    const orc = await t.creature("Orc", "npc", {});
    const shaman = await t.creature("Shaman", "npc", {});
    const acolyte = await t.creature("Acolyte", "npc", {});
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: orc, side: "enemy" },
      { actor: shaman, side: "enemy" },
      { actor: acolyte, side: "enemy" },
    ]);
    expect(await cast(caster, [orc])).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "melee", weaponSpeed: "5" });
    await t.declare(combat, world.gm, "Shaman", { action: "spell", castingTime: "1" });
    await t.declare(combat, world.gm, "Acolyte", { action: "spell", castingTime: "3" });
    world.scriptedTotals.push(5, 2);
    const cards = [];
    for (let card = await t.playToCard(combat); card !== null; card = await t.playToCard(combat)) {
      if (t.inputOf(card).name === "Mage") {
        world.scriptedTotals.push(6);
        const { posted } = await t.press(player, card, "resolve");
        expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([["damage", "Orc"]]);
        await t.apply(posted[0], orc);
      }
      cards.push([t.inputOf(card).name, (t.inputOf(card).position as { data: { segment: number } }).data.segment]);
    }
    expect(cards).toEqual([
      ["Shaman", 1],
      ["Mage", 3],
      ["Acolyte", 3],
    ]);
    expect(t.hpOf(orc)).toBe(24);
    await combat.delete();
  }, 15_000);

  it("SEG-11 seed: the Mage casts with no target declared and names it (the Orc) on its turn in its group's D1; the card rolls on the Orc; one spell a round, so an immediate spell is refused", async () => {
    const caster = await mage(2);
    const orc = await t.creature("Orc", "npc", {});
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: orc, side: "enemy" },
    ]);
    expect(await cast(caster, [])).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "none" });
    world.scriptedTotals.push(5, 2);
    for (let i = 0; i < 6 && combat.combatant?.name !== "Mage"; i++) await t.gmStep(combat);
    expect(t.turnsSince(combat, 0).at(-1)).toMatchObject({ name: "Mage", step: 5, part: "target" });
    t.dialogs.answers.push({ fields: { choice: t.idOf(combat, "Orc") } });
    await t.click(combat, player, "segmentNameTarget", { combatantId: t.idOf(combat, "Mage") });
    expect(t.declarationOf(combat, "Mage")?.targetId).toBe(t.idOf(combat, "Orc"));
    const notices = world.notices.length;
    await t.command(combat, player, "Mage", { type: "immediateSpell", combatantId: t.idOf(combat, "Mage") });
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.ERRORS.Segment.OneSpellPerRound")]);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(5);
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([["damage", "Orc"]]);
    await combat.delete();
  });

  it("SEG-10 seed: the Mage is hit while casting: taking damage ends concentration outright (no check), and the spell being cast fails and is lost: no card comes in step 7", async () => {
    const caster = await mage(3);
    const orc = await t.creature("Orc", "npc", { hitDice: "2" });
    await ownedItem(world, orc, "Club", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6" });
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: orc, side: "enemy" },
    ]);
    expect(await cast(caster, [orc])).toBe(true);
    // The GM attacks from the Orc's sheet: the attack dialog, then the declare form filled with the Club.
    expect(await t.sheetAttack(world.gm, orc, "Club", [caster], {}, {})).toBe(true);
    // The GM reveals the declarations (the casting shows on the Mage).
    expect(caster.statuses.has("casting")).toBe(false);
    await t.click(combat, world.gm, "tempoCommand", { command: JSON.stringify({ type: "reveal", combatantId: null }) });
    expect(caster.statuses.has("casting")).toBe(true);
    world.scriptedTotals.push(2, 5); // the Orc's group is HIGH: it strikes before the Mage's spell goes off
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(15, 4);
    const { posted } = await t.press(world.gm, card, "resolve");
    const since = t.chat.messages.length;
    await t.apply(posted[1], caster);
    const after = t.chat.messages.slice(since);
    expect(after.map((m) => m.type)).not.toContain("save");
    expect(after.map((m) => String(m.content ?? "")).join()).toContain("TEMPO.CONDITIONS.ConcentrationLost.Damage");
    expect(caster.statuses.has("casting")).toBe(false);
    expect(await t.playToCard(combat)).toBeNull();
    expect(combat.round).toBe(2);
    await combat.delete();
  }, 15_000);

  it("SEG-10: a caster hit before its declaration is revealed loses its casting too: the Mage's secret spell fails, the loss is told to the GMs only, and no card comes in step 7", async () => {
    const caster = await t.creature("Mage", "npc", {});
    await ownedItem(world, caster, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "2d4", castingTime: 3 });
    const hero = await t.creature("Hero", "character", { aac0: 15 }, [player.id]);
    await ownedItem(world, hero, "Sword", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const combat = await t.fight([
      { actor: hero, side: "pc" },
      { actor: caster, side: "enemy" },
    ]);
    expect(await t.sheetAttack(world.gm, caster, "Bolt", [hero], null)).toBe(true);
    expect(await t.sheetAttack(player, hero, "Sword", [caster], {}, {})).toBe(true);
    expect(caster.statuses.has("casting")).toBe(false); // not revealed
    world.scriptedTotals.push(5, 2); // the Hero's group is HIGH
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(18, 6);
    const { posted } = await t.press(player, card, "resolve");
    const since = t.chat.messages.length;
    await t.apply(posted[1], caster);
    const told = t.chat.messages.slice(since).filter((m) => String(m.content ?? "").includes("ConcentrationLost"));
    expect(told).toHaveLength(1);
    expect(told[0]?.whisper).toEqual([world.gm.id]);
    expect(await t.playToCard(combat)).toBeNull();
    expect(combat.round).toBe(2);
    await combat.delete();
  }, 15_000);
  it("SEG-10 seed: a caster that fails a save loses its casting: the Shaman's Hold (1 segment) makes the Mage save; the player's roll fails, so the Mage's Bolt fails and is lost (no card in step 7)", async () => {
    const caster = await mage(3);
    const shaman = await t.creature("Shaman", "npc", {});
    const hold = { ...ITEM_DEFAULTS.spell, castingTime: 1, save: { ability: "wis", dc: 13 } };
    await ownedItem(world, shaman, "Hold", "spell", hold);
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: shaman, side: "enemy" },
    ]);
    expect(await cast(caster, [shaman])).toBe(true);
    expect(await t.sheetAttack(world.gm, shaman, "Hold", [caster], null)).toBe(true);
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    expect(t.inputOf(card).name).toBe("Shaman");
    const { posted } = await t.press(world.gm, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).name])).toEqual([["save", "Mage"]]);
    world.scriptedTotals.push(4); // 4 is short of DC 13
    const since = t.chat.messages.length;
    expect((await t.press(player, posted[0], "roll")).refusal).toBeNull();
    const told = t.chat.messages.slice(since).map((m) => String(m.content ?? ""));
    expect(told.join()).toContain("TEMPO.CONDITIONS.ConcentrationLost.FailedSave");
    expect(await t.playToCard(combat)).toBeNull();
    await combat.delete();
  }, 15_000);

  it("SEG-10: a player applying damage to its own hidden caster ends the casting, decided and told by the GM's client (whose copy alone holds a secret casting)", async () => {
    const { caster, hero, orc, combat } = await mageHeroOrc();
    const hide = combat.combatants.get(t.idOf(combat, "Mage")) as unknown as { update(d: object): Promise<unknown> };
    await world.as(world.gm, () => hide.update({ hidden: true }));
    await world.idle();
    expect(await cast(caster, [orc])).toBe(true);
    expect(await t.sheetAttack(player, hero, "Sword", [caster], {}, {})).toBe(true); // a blow gone astray
    await t.declare(combat, world.gm, "Orc", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(18, 6);
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    t.targeting.target(player, [caster]);
    const since = t.chat.messages.length;
    expect((await t.press(player, posted[1], "apply")).refusal).toBeNull();
    expect(t.hpOf(caster)).toBe(24);
    const told = t.chat.messages.slice(since).filter((m) => String(m.content ?? "").includes("ConcentrationLost"));
    expect(told.map((m) => m.author?.id)).toEqual([world.gm.id]); // decided and told by the GM's client
    expect(caster.statuses.has("casting")).toBe(false);
    expect(await t.playToCard(combat)).toBeNull(); // interrupted in the GM's copy: no card in step 7
    await combat.delete();
  }, 15_000);
});

describe("seed 003: the battle map", () => {
  it("SEG-18 seed: the caster must see its target when the casting completes: the Orc stepping behind a stone wall (more than 50% cover) before segment 3 leaves the Bolt's card with nothing to roll; a target behind an ethereal wall (75% concealment or more) cannot be cast at", async () => {
    const on = await scene();
    const caster = await mage(3);
    const orc = await t.creature("Orc", "npc", {});
    const imp = await t.creature("Imp", "npc", {});
    await stand(on, caster, 2, 5, FRIENDLY);
    const orcToken = await stand(on, orc, 6, 5, HOSTILE);
    const impToken = await stand(on, imp, 2, 1, HOSTILE);
    await addWalls(world, on, [
      { c: [px(4), px(7), px(4), px(12)], move: 20 }, // a stone wall south-east of the Mage
      { c: [px(0), px(3), px(4), px(3)], move: 0, sight: 20 } as { c: number[]; move: number }, // ethereal, north
    ]);
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: orc, side: "enemy" },
      { actor: imp, side: "enemy" },
    ]);
    const notices = world.notices.length;
    expect(await cast(caster, [impToken])).toBe(false);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.MOVEMENT.SpellConcealed")]);
    expect(await cast(caster, [orcToken])).toBe(true); // in the open as it is declared
    await t.declare(combat, world.gm, "Orc", { action: "move" });
    await t.declare(combat, world.gm, "Imp", { action: "none" });
    world.scriptedTotals.push(5, 2);
    for (let i = 0; i < 10 && combat.combatant?.name !== "Orc"; i++) await t.gmStep(combat);
    // On its turn the Orc moves behind the wall.
    await world.as(world.gm, () => orcToken.update({ y: px(9) }));
    await world.idle();
    const card = await t.playToCard(combat);
    const before = world.notices.length;
    expect((await t.press(player, card, "resolve")).posted).toEqual([]);
    expect(t.noticesSince(before)).toEqual([expect.stringContaining("TEMPO.MOVEMENT.SpellCovered")]);
    expect(t.inputOf(card).resolved).toBe(false);
    await combat.delete();
  }, 15_000);

  it("SEG-10 seed: a caster may walk up to half its movement (30 ft: 15 ft) on its turn; the Mage's 10 ft keeps the casting, 10 ft more ends it, in the move's one Combat write, and the spell is lost", async () => {
    const on = await scene();
    const caster = await mage(2);
    const orc = await t.creature("Orc", "npc", {});
    const walker = await stand(on, caster, 2, 5, FRIENDLY);
    const orcToken = await stand(on, orc, 12, 5, HOSTILE);
    const combat = await t.fight([
      { actor: caster, side: "pc", token: walker },
      { actor: orc, side: "enemy", token: orcToken },
    ]);
    expect(await cast(caster, [])).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "none" });
    world.scriptedTotals.push(5, 2);
    for (let i = 0; i < 6 && combat.combatant?.name !== "Mage"; i++) await t.gmStep(combat);
    expect(t.turnsSince(combat, 0).at(-1)).toMatchObject({ name: "Mage", part: "target" });
    const walk = async (square: number) => {
      const from = world.writes.length;
      expect(await world.as(player, () => walker.here().move([{ x: px(square), y: px(5) }]))).toBe(true);
      await world.idle();
      return world.writes.slice(from).filter((w) => w.document === "Combat").length;
    };
    expect(await walk(4)).toBe(1);
    expect(caster.statuses.has("casting")).toBe(true);
    const since = t.chat.messages.length;
    expect(await walk(6)).toBe(1);
    expect(caster.statuses.has("casting")).toBe(false);
    const told = t.chat.messages.slice(since).map((m) => String(m.content ?? ""));
    expect(told.join()).toContain("TEMPO.CONDITIONS.ConcentrationLost.Moved");
    expect(await t.playToCard(combat)).toBeNull();
    await combat.delete();
  }, 15_000);

  it("SEG-19 seed: an ally moving through the casting Mage's square jostles it: its concentration breaks and the spell fails (no card in step 7); two creatures in one square cannot fight from it", async () => {
    const on = await scene();
    const caster = await mage(3);
    const fighter = await t.creature("Fighter", "character", { aac0: 15 }, [player.id]);
    await ownedItem(world, fighter, "Sword", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const orc = await t.creature("Orc", "npc", {});
    await stand(on, caster, 5, 5, FRIENDLY);
    const walker = await stand(on, fighter, 3, 5, FRIENDLY);
    const orcToken = await stand(on, orc, 9, 5, HOSTILE);
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: fighter, side: "pc" },
      { actor: orc, side: "enemy" },
    ]);
    expect(await cast(caster, [orcToken])).toBe(true);
    await t.declare(combat, player, "Fighter", { action: "move" });
    await t.declare(combat, world.gm, "Orc", { action: "none" });
    world.scriptedTotals.push(5, 2);
    for (let i = 0; i < 10 && combat.combatant?.name !== "Fighter"; i++) await t.gmStep(combat);
    expect(caster.statuses.has("casting")).toBe(true);
    // The Fighter walks east along the row, through the Mage's square, and stops in it.
    const before = t.chat.messages.length;
    expect(await world.as(player, () => walker.here().move([{ x: px(5), y: px(5) }]))).toBe(true);
    await world.idle();
    expect(caster.statuses.has("casting")).toBe(false);
    expect(
      t.chat.messages
        .slice(before)
        .map((m) => String(m.content ?? ""))
        .join(),
    ).toContain("TEMPO.MOVEMENT.Jostled");
    const notices = world.notices.length;
    expect(await t.sheetAttack(player, fighter, "Sword", [orcToken], null)).toBe(false);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.MOVEMENT.SharedSquare")]);
    expect(await t.playToCard(combat)).toBeNull();
    await combat.delete();
  });

  it("SEG-19 seed: a weapon needing more than 4 ft of space (a Great maul) needs one open adjacent square: in a walled corridor with an ally behind, the Ogre's Attack with it is refused before any dialog; with a knife it is declared", async () => {
    const on = await scene();
    const ogre = await t.creature("Ogre", "character", { aac0: 15 }, [player.id]);
    const great = { ...ITEM_DEFAULTS.weapon.properties, great: true };
    await ownedItem(world, ogre, "Maul", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "2d6", properties: great });
    await ownedItem(world, ogre, "Knife", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d4" });
    const page = await t.creature("Page", "character", {});
    const knight = await t.creature("Knight", "npc", {});
    await stand(on, ogre, 8, 8, FRIENDLY);
    await stand(on, page, 7, 8, FRIENDLY);
    const knightToken = await stand(on, knight, 9, 8, HOSTILE);
    await addWalls(world, on, [
      { c: [px(6), px(8), px(11), px(8)], move: 20 },
      { c: [px(6), px(9), px(11), px(9)], move: 20 },
    ]);
    const combat = await t.fight([
      { actor: ogre, side: "pc" },
      { actor: page, side: "pc" },
      { actor: knight, side: "enemy" },
    ]);
    const opened = t.dialogs.prompts.length;
    const notices = world.notices.length;
    expect(await t.sheetAttack(player, ogre, "Maul", [knightToken], null)).toBe(false);
    expect(t.dialogs.prompts.length).toBe(opened);
    expect(t.noticesSince(notices)).toEqual([expect.stringContaining("TEMPO.MOVEMENT.NoRoomToSwing")]);
    expect(await t.sheetAttack(player, ogre, "Knife", [knightToken], {}, {})).toBe(true);
    expect(t.declarationOf(combat, "Ogre")).toMatchObject({ action: "melee", targetId: t.idOf(combat, "Knight") });
    await combat.delete();
  });
});
