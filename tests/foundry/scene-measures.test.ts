/**
 * Issue 21 item 4: flanking, cover, concealment, sight and space measured on the scene drawn on the
 * canvas (runtime/canvas-collision.ts models core's collision test over the scene's walls). The user
 * attacks and casts from the sheet (the attack dialog answered as the user would); stealth starts from the
 * token's `hidden` status and the GM runs the turns from the tracker. A 20-square scene of 100 px
 * squares: square (i, j) is drawn at pixel 300 + 100 i, 300 + 100 j (the 15% padding).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, type RulesetId } from "../../src/engine/index.ts";
import { cardSource } from "../support/chat-log.ts";
import { installSceneWorld } from "../support/scene-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { addScene, addWalls, placeToken } from "../support/world-scenes.ts";
import type { SceneModel, TokenModel } from "../support/runtime/scene.ts";

const {
  world,
  users: [owner],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(2104, ["owner"]);
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { keptStealth } = await import("../../src/foundry/conditions/stealth-store.ts");
const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { rotationUseCommand } = await import("../../src/view/sheets/rotation-uses.ts");

type Obj = Record<string, unknown>;
type Actor = Awaited<ReturnType<typeof world.addActor>>;
type Fight = Combat.Implementation & { startCombat(): Promise<unknown>; rollAll(): Promise<unknown> };

const FRIENDLY = 1;
const HOSTILE = -1;
const px = (square: number) => 300 + 100 * square;
const blades = { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }], ap: { value: 10, max: 10 } };
const skills = (sneak: number, cognition: number) => ({ sneak, cognition, intellect: 0, vigor: 0, dexterity: 0 });

const creature = (name: string, type: "character" | "npc", system: Obj, owners: string[] = []) =>
  world.addActor(name, owners, type, creatureSystem(60, system));

/** A linked token of `actor` standing in square (i, j). */
const stand = (scene: SceneModel, actor: Actor, i: number, j: number, disposition: number) =>
  placeToken(world, scene, actor, { x: px(i), y: px(j), actorLink: true, disposition });

/** A wall along the vertical grid line x = i from row j0 to row j1 (`move`, `sight`: 0 none, 10 limited, 20 normal). */
const wallAt = (scene: SceneModel, i: number, j0: number, j1: number, move = 20, sight = 20) =>
  addWalls(world, scene, [{ c: [px(i), px(j0), px(i), px(j1)], move, sight } as { c: number[]; move: number }]);

const notices = () => world.notices.map((n) => n.text);

async function freshScene(): Promise<SceneModel> {
  const scene = await addScene(world);
  drawn.view(scene);
  return scene;
}

/** `actor` uses its item `name` on the target tokens from the sheet (the dialog answered with `fields`). */
async function use(actor: Actor, name: string, targets: readonly TokenModel[], fields?: Record<string, string>) {
  const item = actor.items.contents.find((i) => i.name === name);
  targeting.target(world.gm, targets);
  if (fields !== undefined) dialogs.answers.push({ fields });
  const before = chat.messages.length;
  const used = await useSheetItem(actor as unknown as Actor.Implementation, item?.id ?? "");
  await world.idle();
  return { used, cards: chat.messages.slice(before) };
}

beforeEach(() => {
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("ATK-ROT-5: flanking counted on the scene", () => {
  it("ATK-ROT-5: three creatures adjacent to the target (the attacker included) give −4; the dialog starts from 3 and the user may change it", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const scene = await freshScene();
    const ash = await creature("Ash", "character", blades);
    await ownedItem(world, ash, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6", group: "blades" });
    const golem = await creature("Golem", "npc", { side: "enemy", defenses: { dodge: 18, armor: 12 } });
    const target = await stand(scene, golem, 5, 5, HOSTILE);
    await stand(scene, ash, 4, 5, FRIENDLY);
    await stand(scene, await creature("Bo", "character", {}), 6, 5, FRIENDLY);
    await stand(scene, await creature("Cy", "character", {}), 5, 4, FRIENDLY);
    await stand(scene, await creature("Dee", "character", {}), 9, 9, FRIENDLY); // not adjacent: no flanker
    world.scriptedTotals.push(10, 3);
    const { cards } = await use(ash, "Blade", [target], {});
    const defender = (cardSource(cards[0]).input as { resolution: { snapshot: { defender: Obj } } }).resolution.snapshot
      .defender;
    expect(defender.adjacentEnemies).toBe(3);
    // 10 + 5 = 15 against Dodge 18 − 4 = 14: a hit only because of the flanking.
    expect(cards.map((m) => m.type)).toEqual(["attack", "damage"]);
    // The GM's override: the field still takes another number.
    world.scriptedTotals.push(10, 3);
    const again = await use(ash, "Blade", [target], { flankers: "1" });
    const overridden = (cardSource(again.cards[0]).input as { resolution: { snapshot: { defender: Obj } } }).resolution
      .snapshot.defender;
    expect(overridden.adjacentEnemies).toBe(1);
    expect(again.cards.map((m) => m.type)).toEqual(["attack"]);
  });
});

describe("SEG-18, SEG-19: a segment creature's spell and weapon on the scene", () => {
  it("SEG-18: a spell is refused at a target behind a wall (more than 50% cover) and behind an ethereal wall (75% concealment or more); in the open it is cast", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const scene = await freshScene();
    const mage = await creature("Mage", "character", {});
    await ownedItem(world, mage, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "1d6" });
    const foe = (name: string) => creature(name, "npc", { side: "enemy" });
    await stand(scene, mage, 2, 5, FRIENDLY);
    const covered = await stand(scene, await foe("Orc"), 6, 5, HOSTILE);
    const concealed = await stand(scene, await foe("Imp"), 2, 1, HOSTILE);
    const open = await stand(scene, await foe("Elf"), 0, 5, HOSTILE);
    await wallAt(scene, 4, 3, 8); // a stone wall east of the Mage: blocks movement and sight
    // An ethereal wall north of the Mage: blocks sight only.
    await addWalls(world, scene, [
      { c: [px(0), px(3), px(4), px(3)], move: 0, sight: 20 } as { c: number[]; move: number },
    ]);
    // Under the wall to the Orc, every sample ray is stopped: 100% cover.
    let { used, cards } = await use(mage, "Bolt", [covered]);
    expect(used).toBe(false);
    expect(cards).toEqual([]);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.SpellCovered");
    ({ used, cards } = await use(mage, "Bolt", [concealed]));
    expect(used).toBe(false);
    expect(cards).toEqual([]);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.SpellConcealed");
    world.scriptedTotals.push(4);
    ({ used, cards } = await use(mage, "Bolt", [open]));
    expect(used).toBe(true);
    expect(cards.map((m) => m.type)).toEqual(["damage"]);
  });

  it("SEG-18: a spell is refused across the surface between air and water (a Region the GM names Water); shore to shore across a pond, swimmer to swimmer, or at a flyer above the water, it is cast", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const scene = await freshScene();
    const caster = async (name: string) => {
      const made = await creature(name, "character", {});
      await ownedItem(world, made, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "1d6" });
      return made;
    };
    const mage = await caster("Mage");
    const naiad = await caster("Naiad");
    const foe = (name: string) => creature(name, "npc", { side: "enemy" });
    // A pond over columns 6 to 9, its surface at elevation 0.
    await world.as(world.gm, () =>
      scene.createEmbeddedDocuments("Region", [
        {
          name: "Water",
          elevation: { bottom: null, top: 0 },
          shapes: [{ type: "rectangle", x: px(6), y: px(0), width: 400, height: 1000 }],
        },
      ]),
    );
    await world.idle();
    await stand(scene, mage, 2, 5, FRIENDLY);
    await placeToken(world, scene, naiad, {
      x: px(7),
      y: px(5),
      actorLink: true,
      disposition: FRIENDLY,
      elevation: -5,
    });
    const shark = await placeToken(world, scene, await foe("Shark"), {
      x: px(8),
      y: px(5),
      actorLink: true,
      disposition: HOSTILE,
      elevation: -5,
    });
    const shore = await stand(scene, await foe("Elf"), 12, 5, HOSTILE);
    const flyer = await placeToken(world, scene, await foe("Harpy"), {
      x: px(8),
      y: px(2),
      actorLink: true,
      disposition: HOSTILE,
      elevation: 20,
    });
    // From the bank into the water: refused, nothing rolled.
    const refused = await use(mage, "Bolt", [shark]);
    expect(refused.used).toBe(false);
    expect(refused.cards).toEqual([]);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.SpellWaterSurface");
    let used: boolean;
    // Across the pond to the far shore, and at the Harpy flying above it: the line runs above the water.
    for (const target of [shore, flyer]) {
      world.scriptedTotals.push(4);
      ({ used } = await use(mage, "Bolt", [target]));
      expect(used).toBe(true);
    }
    // Under water from the Naiad to the Shark: the line never leaves the water.
    world.scriptedTotals.push(4);
    ({ used } = await use(naiad, "Bolt", [shark]));
    expect(used).toBe(true);
    // From the Naiad under water to the Harpy in the air: refused.
    ({ used } = await use(naiad, "Bolt", [flyer]));
    expect(used).toBe(false);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.SpellWaterSurface");
  });

  it("SEG-19: an attack from a square shared with another creature is refused; a Great weapon with no open adjacent square is refused", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const scene = await freshScene();
    const ogre = await creature("Ogre", "character", { aac0: 15 });
    await ownedItem(world, ogre, "Maul", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      properties: { ...ITEM_DEFAULTS.weapon.properties, great: true },
    });
    await ownedItem(world, ogre, "Knife", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d4" });
    const knight = await creature("Knight", "npc", { side: "enemy" });
    const page = await creature("Page", "character", {});
    const ogreToken = await stand(scene, ogre, 8, 8, FRIENDLY);
    const knightToken = await stand(scene, knight, 9, 8, HOSTILE);
    const pageToken = await stand(scene, page, 8, 8, FRIENDLY);
    let { used } = await use(ogre, "Knife", [knightToken]);
    expect(used).toBe(false);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.SharedSquare");
    // The Page steps into a corridor square (7, 8) walled on both sides: the Ogre's other squares are walls.
    await world.as(world.gm, () => pageToken.update({ x: px(7) }));
    await world.idle();
    await addWalls(world, scene, [
      { c: [px(6), px(8), px(11), px(8)], move: 20 },
      { c: [px(6), px(9), px(11), px(9)], move: 20 },
    ]);
    ({ used } = await use(ogre, "Maul", [knightToken]));
    expect(used).toBe(false);
    expect(notices().at(-1)).toContain("TEMPO.MOVEMENT.NoRoomToSwing");
    // A knife needs no room: the attack is rolled.
    world.scriptedTotals.push(18, 2);
    dialogs.answers.push({ fields: {} });
    ({ used } = await use(ogre, "Knife", [knightToken]));
    expect(used).toBe(true);
    expect(ogreToken.id).not.toBe(pageToken.id);
  });
});

describe("SEG-19: allies moving through each other", () => {
  it("SEG-19: a fighter walking through the concentrating mage's square breaks the mage's concentration; walking round it does not", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const scene = await freshScene();
    const mage = await creature("Mage", "character", {});
    const fighter = await creature("Fighter", "character", {});
    await stand(scene, mage, 5, 5, FRIENDLY);
    const walker = await stand(scene, fighter, 3, 5, FRIENDLY);
    await mage.toggleStatusEffect("concentrating", { active: true });
    await world.idle();
    const before = chat.messages.length;
    // Round it: one row above the mage, nothing happens.
    await world.as(world.gm, () =>
      walker.move([
        { x: px(4), y: px(4) },
        { x: px(6), y: px(4) },
      ]),
    );
    await world.idle();
    expect(mage.statuses.has("concentrating")).toBe(true);
    // Back through it: the grid line from (6, 4) to (4, 6) crosses the mage's square (5, 5).
    await world.as(world.gm, () => walker.move([{ x: px(4), y: px(6) }]));
    await world.idle();
    expect(mage.statuses.has("concentrating")).toBe(false);
    const said = chat.messages.slice(before).map((m) => String(m.content ?? ""));
    expect(said.join()).toContain("TEMPO.MOVEMENT.Jostled");
  });
});

describe("STL-1, STL-2: stealth and the scene's walls", () => {
  /** A rotation combat of these tokens (not started). */
  async function fight(tokens: readonly [TokenModel, string][]): Promise<Fight> {
    await game.settings.set("tempo", "ruleset", "rotation" satisfies RulesetId);
    const combat = await (Combat as unknown as { create(d: object): Promise<Fight> }).create({});
    const list = tokens.map(([t, side]) => ({
      actorId: t.actorId,
      tokenId: t.id,
      sceneId: t.parent?.id,
      system: { side },
    }));
    await (
      combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Combatant", list);
    await world.idle();
    return combat;
  }

  async function gmUntil(combat: Fight, until: () => boolean): Promise<void> {
    for (let i = 0; i < 20 && !until(); i++) {
      const m = tempoModelOf(combat);
      if (m === null) throw new Error("not a Tempo combat");
      if (!m.host.started(m.state)) await combat.startCombat();
      else if (m.host.pending(m.state).length > 0) await combat.rollAll();
      else await combat.nextTurn();
      await world.idle();
    }
    expect(until()).toBe(true);
  }

  it("STL-1, STL-2, STL-4: entering stealth in an enemy's sight is refused; behind a wall it is allowed; the token's 20 ft move costs −3; only the enemy whose token sees the sneaker rolls to spot it", async () => {
    const scene = await freshScene();
    const vex = await creature("Vex", "character", { ...blades, side: "pc", skills: skills(5, 0) }, [owner.id]);
    const raider = await creature("Raider", "npc", { side: "enemy", skills: skills(0, 2) });
    const scout = await creature("Scout", "npc", { side: "enemy", skills: skills(0, 10) });
    const vexToken = await stand(scene, vex, 2, 5, FRIENDLY);
    const raiderToken = await stand(scene, raider, 8, 5, HOSTILE);
    const scoutToken = await stand(scene, scout, 8, 12, HOSTILE);
    const combat = await fight([
      [vexToken, "pc"],
      [raiderToken, "enemy"],
      [scoutToken, "enemy"],
    ]);
    const idOf = (t: TokenModel) => combat.combatants.contents.find((c) => c.tokenId === t.id)?.id ?? "";
    world.scriptedTotals.push(18, 10, 5); // initiative: Vex, Raider, Scout
    await gmUntil(combat, () => combat.combatant?.id === idOf(vexToken));
    const watch = () => keptStealth(combat.id ?? "").watch;
    const contents = (from: number) => chat.messages.slice(from).map((m) => String(m.content ?? ""));

    // STL-1: nothing between Vex and the Raider: the hidden status is refused and comes off again.
    let from = chat.messages.length;
    world.scriptedTotals.push(12);
    await world.as(owner, () => vex.toggleStatusEffect("hidden", { active: true }));
    await world.idle();
    expect(watch()).toEqual({});
    expect(contents(from).join()).toContain("TEMPO.STEALTH.InSight");
    expect(vex.statuses.has("hidden")).toBe(false);

    // STL-1: a wall between Vex and both enemies (the Scout's line passes it too): Vex slips into stealth.
    await wallAt(scene, 4, 0, 19);
    from = chat.messages.length;
    world.scriptedTotals.push(12);
    await world.as(owner, () => vex.toggleStatusEffect("hidden", { active: true }));
    await world.idle();
    expect(watch()[idOf(vexToken)]).toMatchObject({ sneak: 17, seenBy: [] });
    expect(contents(from).join()).toContain("TEMPO.STEALTH.Entered");

    // STL-4: the owner chooses Move on the sheet (ROT-11: a move is chosen before dragging) and moves Vex
    // 20 ft (more than half its 30 ft) behind the wall: measured, not reported.
    expect(await world.as(owner, () => sendSheetCommand(combat, rotationUseCommand(idOf(vexToken), "move")))).toBe(
      true,
    );
    await world.idle();
    expect(await world.as(owner, () => vexToken.move([{ x: px(2), y: px(9) }]))).toBe(true);
    await world.idle();
    expect(watch()[idOf(vexToken)]?.moved).toEqual({ feet: 20, flew: false, quietFlight: false });
    // STL-2: the Scout walks round the wall's end (the GM moves its token); the Raider stays behind it.
    await world.as(world.gm, () => scoutToken.update({ x: px(3), y: px(12) }));
    await world.idle();
    from = chat.messages.length;
    // Vex's end-of-turn Sneak 12 + 5 − 3 = 14; then only the Scout rolls (1 + 10 < 14).
    world.scriptedTotals.push(12, 1);
    await combat.nextTurn(); // the Raider's turn: it cannot see Vex, so it does not roll
    await world.idle();
    expect(contents(from).join()).toContain("TEMPO.ATTACK.Note.SneakMovedFast");
    expect(watch()[idOf(vexToken)]?.sneak).toBe(14);
    expect(contents(from).join()).not.toContain("TEMPO.STEALTH.Searched");
    await combat.nextTurn(); // the Scout's turn: its token sees Vex's
    await world.idle();
    expect(contents(from).join()).toContain("TEMPO.STEALTH.Searched");
  });
});
