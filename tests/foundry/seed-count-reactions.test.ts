/**
 * The worked examples of seeds/000-count-up-initiative.txt (RULES §1), continued from seed-count.test.ts:
 * reactions, casting, saving throws, unconsciousness and Cleave's cone, played through the Foundry layer on
 * the runtime model (the sheet's Attack and Cast, the row's React… form, pending and save cards, Apply,
 * token statuses, Regions on a drawn scene). Dice are scripted totals.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage } from "../support/chat-log.ts";
import { installSceneWorld } from "../support/scene-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { countCreature, countTable, hp, inputOf, landedOn, postedSince } from "../support/count-table.ts";
import { countHands } from "../support/count-hands.ts";
import { documentUses } from "../support/declared-uses.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import type { SceneModel } from "../support/runtime/scene.ts";
import type { RegionModel } from "../support/runtime/regions.ts";

const {
  world,
  users: [player],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(1012, ["p1"]);
const { askCountReaction } = await import("../../src/foundry/applications/count-dialogs.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { packWeapon, rollsSince, attack, resolve, apply } = await countHands({ world, chat, targeting, dialogs });

const str = (value: number) => ({ abilities: { str: value }, primaryAbility: "str" });

/** `user` reacts from the row's React… form with `fields`; whether the engine took the reaction. */
async function react(t: { combat: import("../support/count-table.ts").Tempo }, id: string, fields: object) {
  dialogs.answers.push({ fields: fields as Record<string, string> });
  const command = await world.as(player, () => askCountReaction(t.combat, id));
  if (command === null) return false;
  const answer = await world.as(player, () => t.combat.tempoCommand(command));
  await world.idle();
  return answer.ok;
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("seed 000: reactions and casting", () => {
  it("CNT-12: seed: a player's reaction redirects both attacks declared at Gale onto Orc; their cards roll against Orc; one reaction a round", async () => {
    const fenn = await countCreature(world, "Fenn", str(2), "character", [player.id]);
    const gale = await countCreature(world, "Gale", { defenses: { ac: 12 } }, "npc");
    const orc = await countCreature(world, "Orc", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, gale, orc], [4, 18, 19]);
    await world.as(player, () => game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { attacks: 2 } }));
    const from = chat.messages.length;
    expect(await attack(fenn, warhammer, [gale], {}, player)).toBe(true);
    expect(t.pendingCounts("Fenn")).toEqual([6, 8]);
    expect(await react(t, t.id("Fenn"), { reaction: "redirect", target: t.id("Orc") })).toBe(true);
    // CNT-12: one reaction a round: the form says why a second one is not given.
    expect(await react(t, t.id("Fenn"), { reaction: "redirect", target: t.id("Gale") })).toBe(false);
    await t.untilActing("Gale");
    const cards = postedSince(chat, from, "pending");
    expect(cards.map(landedOn)).toEqual([6, 8]);
    for (const card of cards) {
      const rolled = await resolve(card, [15, 6], player);
      expect(rolled.map((m) => [m.type, inputOf(m).target])).toEqual([
        ["attack", "Orc"],
        ["damage", "Orc"],
      ]);
      await apply(rolled[1], orc);
    }
    expect([hp(gale), hp(orc)]).toEqual([60, 48]);
  });

  it("CNT-12: seed: an area spell's point of origin cannot change once declared: React offers no retarget for it and a retarget is refused", async () => {
    const mage = await countCreature(world, "Mage", {}, "character", [player.id]);
    const gale = await countCreature(world, "Gale", {}, "npc");
    const orc = await countCreature(world, "Orc", {}, "npc");
    const burst = await ownedItem(world, mage, "Burst", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      slotLevel: 3,
      area: { shape: "sphere", size: 5 },
    });
    const t = await countTable(world, [mage, gale, orc], [4, 18, 19]);
    expect(await attack(mage, burst, [gale], {}, player)).toBe(true);
    expect(t.pendingCounts("Mage")).toEqual([7]);
    const [actionId] = Object.keys(documentUses(t.combat, t.id("Mage")));
    dialogs.answers.push("close");
    await world.as(player, () => askCountReaction(t.combat, t.id("Mage")));
    expect(dialogs.prompts.at(-1)?.content).not.toContain("retarget:");
    const reaction = { kind: "retarget", actionId: actionId ?? "", targets: [t.id("Orc")] } as const;
    const refused = await world.as(player, () =>
      t.combat.tempoCommand({ type: "react", combatantId: t.id("Mage"), reaction }),
    );
    expect(refused).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Count.AreaOriginFixed" } });
    expect(hp(orc)).toBe(60);
  });

  it("CNT-10, CNT-12: seed: a caster is casting until its spell lands; its reaction stops the casting: the spell never lands and the caster is no longer casting", async () => {
    const mage = await countCreature(world, "Mage", {}, "character", [player.id]);
    const gale = await countCreature(world, "Gale", {}, "npc");
    const bolt = await ownedItem(world, mage, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "2d6", slotLevel: 3 });
    const t = await countTable(world, [mage, gale], [4, 19]);
    const from = chat.messages.length;
    expect(await attack(mage, bolt, [gale], {}, player)).toBe(true);
    expect([...mage.statuses]).toEqual(["casting"]);
    expect(await react(t, t.id("Mage"), { reaction: "stopCasting" })).toBe(true);
    expect([...mage.statuses]).toEqual([]);
    expect(t.pendingCounts("Mage")).toEqual([]);
    await t.untilActing("Gale");
    expect(postedSince(chat, from, "pending")).toEqual([]);
  });
});

describe("seed 000: saving throws and unconsciousness", () => {
  it("CNT-11: seed: saving throws come after the creature's last action resolves in the round: with its Heavy attack, on count 6, not on its turn at 4", async () => {
    const ash = await countCreature(world, "Ash", str(2), "character", [player.id]);
    const ogre = await countCreature(world, "Ogre", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(ash, "Warhammer");
    await ash.createEmbeddedDocuments("ActiveEffect", [
      { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } },
    ]);
    await world.idle();
    const bystander = await countCreature(world, "Bystander", {}, "npc");
    const t = await countTable(world, [ash, bystander, ogre], [4, 5, 19]);
    const from = chat.messages.length;
    expect(await attack(ash, warhammer, [ogre], {}, player)).toBe(true);
    await t.next(); // Ash's turn is over on count 4, but its attack is still pending: no save yet
    expect([t.combat.combatant?.name, postedSince(chat, from, "save")]).toEqual(["Bystander", []]);
    await t.next(); // past count 6: the attack lands, then the save
    const posted = chat.messages.slice(from).map((m) => `${m.type} ${landedOn(m) ?? String(inputOf(m).effect)}`);
    expect(posted).toEqual(["pending 6", "save Burning"]);
    const [save] = postedSince(chat, from, "save");
    expect(inputOf(save)).toMatchObject({ kind: "ongoing", formula: "1d20", target: 10 });
    world.scriptedTotals.push(10);
    if (save !== undefined) expect(await world.as(player, () => runCardAction(asChatMessage(save), "roll"))).toBeNull();
    await world.idle();
    expect(ash.effects.contents.map((e) => e.name)).toEqual([]);
  });

  it("CNT-14: seed: knocked unconscious, a creature sits at count 20 and rolls its death save on count 20; waking, its count is 20 − its bonus, this round if still ahead", async () => {
    const hero = await countCreature(world, "Hero", { hp: { value: 3, max: 3 }, abilities: { dex: 3 } });
    const brute = await countCreature(world, "Brute", str(2), "npc");
    const club = await packWeapon(brute, "Club");
    const t = await countTable(world, [hero, brute], [5, 2]);
    expect(t.combat.combatant?.name).toBe("Brute");
    let from = chat.messages.length;
    // A Club has no delay: its card comes at once; 15 + 2 hits, 4 damage takes the Hero below 0.
    expect(await attack(brute, club, [hero])).toBe(true);
    const rolled = await resolve(postedSince(chat, from, "pending")[0], [15, 4]);
    await apply(
      rolled.find((m) => m.type === "damage"),
      hero,
    );
    expect(hero.statuses.has("unconscious")).toBe(true);
    expect(t.track().slice(1)).toEqual(["2 Brute", "20 Hero"]);
    from = chat.messages.length;
    for (let i = 0; i < 4 && t.combat.round === 1; i++) await t.next();
    const deathSave = postedSince(chat, from, "save");
    expect(deathSave.map((m) => [inputOf(m).kind, inputOf(m).name])).toEqual([["death", "Hero"]]);
    // Round 2, the Brute's count 2: the GM takes the status off (the Hero is healed); 20 − 3 = 17 is still ahead.
    expect([t.combat.round, t.combat.combatant?.name]).toEqual([2, "Brute"]);
    await hero.toggleStatusEffect("unconscious", { active: false });
    await world.idle();
    await t.next();
    expect([t.combat.round, t.combat.combatant?.name, t.count()]).toEqual([2, "Hero", 17]);
  });
});

describe("seed 000: Cleave", () => {
  const px = (square: number) => 300 + 100 * square;
  const stand = (scene: SceneModel, actor: ActorModel, i: number, j: number, size = 1) =>
    placeToken(world, scene, actor, { x: px(i), y: px(j), width: size, height: size, actorLink: true });
  /** The squares of the scene a Region covers, as "i,j". */
  const squaresOf = (region: RegionModel | undefined): string[] => {
    const out: string[] = [];
    for (let j = 0; j < 20; j++)
      for (let i = 0; i < 20; i++) if (region?.contains({ x: px(i) + 50, y: px(j) + 50 })) out.push(`${i},${j}`);
    return out;
  };

  it("FEAT-CLEAVE: seed: one d20 against every creature in the cone, one damage roll for every hit; a 5 ft cone is 3 squares for a Medium wielder, 5 for a Large one, and a Reach weapon adds the 5 squares at 10 ft", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const scene = await addScene(world);
    drawn.view(scene);
    const cleaver = async (name: string, weapon: string) => {
      const actor = await countCreature(world, name, str(3));
      await ownedItem(world, actor, "Cleave", "feat", { feat: "cleave" });
      return { actor, item: await packWeapon(actor, weapon) };
    };
    const foe = async (name: string, i: number, j: number, ac: number) =>
      stand(scene, await countCreature(world, name, { defenses: { ac } }, "npc"), i, j);
    const swing = async (
      who: { actor: ActorModel; item: { id: string | null; type: string } },
      aim: Awaited<ReturnType<typeof foe>>,
    ) => {
      world.scriptedTotals.push(12, 7);
      const from = chat.messages.length;
      expect(await attack(who.actor, who.item, [aim], { cleave: "on" })).toBe(true);
      const region = (scene.regions.contents as RegionModel[]).find((r) => r.name.includes(who.actor.name));
      return { from, squares: squaresOf(region) };
    };

    // Medium, facing east: the 3 squares in front. 12 + 3 = 15 hits AC 10 and 15, misses AC 16.
    const medium = await cleaver("Fenn", "Greataxe");
    await stand(scene, medium.actor, 5, 5);
    const gob = await foe("Gob", 6, 5, 10);
    const orc = await foe("Orc", 6, 6, 15);
    const imp = await foe("Imp", 6, 4, 16);
    const first = await swing(medium, gob);
    expect(first.squares).toEqual(["6,4", "6,5", "6,6"]);
    // The d20 shows once (its card adds STR +3); the one damage roll rides on each hit's card.
    expect(rollsSince(first.from)).toEqual(["1d20: 12", "1d12: 7", "1d12: 7"]);
    const cards = chat.messages.slice(first.from).map((m) => `${m.type} ${String(inputOf(m).target)}`);
    expect(cards).toEqual(["attack Gob", "damage Gob", "attack Orc", "damage Orc", "attack Imp"]);
    const [gobHit, orcHit] = postedSince(chat, first.from, "damage");
    await apply(gobHit, gob);
    await apply(orcHit, orc);
    expect([gob, orc, imp].map((token) => (token.actor === null ? null : hp(token.actor)))).toEqual([53, 53, 60]);

    // Large (2×2) facing a corner: 5 squares. Medium with a Reach Glaive facing east: 3 + 5 squares.
    const large = await cleaver("Ogra", "Greataxe");
    await stand(scene, large.actor, 10, 10, 2);
    expect((await swing(large, await foe("Rat", 12, 12, 5))).squares).toEqual([
      "12,10",
      "12,11",
      "10,12",
      "11,12",
      "12,12",
    ]);
    const reach = await cleaver("Pike", "Glaive");
    await stand(scene, reach.actor, 3, 15);
    expect((await swing(reach, await foe("Bat", 5, 15, 5))).squares).toEqual([
      "5,13",
      "4,14",
      "5,14",
      "4,15",
      "5,15",
      "4,16",
      "5,16",
      "5,17",
    ]);
  });
});
