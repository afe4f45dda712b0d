/**
 * Issue 18 (items 3 and 4, brief cards18): a player's attack whose area holds a creature hidden from
 * players posts that creature's attack and damage cards sealed (src/foundry/chat/sealed-cards.ts): a
 * whispered card reaches every client (foundryvtt #14429), so no byte a player's client receives outside
 * the lurker's own Actor and Token documents holds its uuids, its AC, its DR or its hit points. The GM's
 * page reads the card with the lurker's numbers, and the GM's Apply and Undo give the right damage.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage } from "../support/chat-log.ts";
import {
  bladeCards,
  HIDDEN_NAME,
  namedOutsideItsDocuments,
  receivedOutsideActorAndToken,
} from "../support/secrets-probe.ts";
import { installSceneWorld } from "../support/scene-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { SceneModel, TokenModel } from "../support/runtime/scene.ts";

const {
  world,
  users: [player, watcher],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(1803, ["player", "watcher"]);
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");

type Actor = Awaited<ReturnType<typeof world.addActor>>;
const px = (square: number) => 300 + 100 * square;
const stand = (scene: SceneModel, actor: Actor, i: number, j: number) =>
  placeToken(world, scene, actor, { x: px(i), y: px(j), actorLink: true, disposition: -1 });
const hp = (token: TokenModel) => (token.actor?.system as { hp: { value: number } }).hp.value;

/** The lurker's secrets: AC 14, physical DR 2, 47 hit points (45 after the 4-point hit). */
const LURKER = creatureSystem(47, {
  defenses: { ac: 14 },
  dr: { physical: 2, elemental: 0, arcane: 0 },
});

beforeEach(async () => {
  await game.settings.set("tempo", "ruleset", "count");
  await game.settings.set("tempo", "odds", "everyone");
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

/** A drawn scene: the player's Fenn (a Maul, the cleave feat) at 5,5, the Gob east of it, the hidden lurker north-east. */
async function cleaveScene() {
  const scene = await addScene(world);
  drawn.view(scene);
  const fenn = await world.addActor("Fenn", [player.id], "character", creatureSystem(60, { abilities: { str: 2 } }));
  const heavy = { ...ITEM_DEFAULTS.weapon.properties, heavy: true };
  await ownedItem(world, fenn, "Maul", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8", properties: heavy });
  await ownedItem(world, fenn, "cleave", "feat", { feat: "cleave" });
  await stand(scene, fenn, 5, 5);
  const gob = await stand(
    scene,
    await world.addActor("Gob", [], "npc", creatureSystem(60, { defenses: { ac: 5 } })),
    6,
    5,
  );
  const lurker = await stand(scene, await world.addActor(HIDDEN_NAME, [], "npc", LURKER), 6, 4);
  await world.as(world.gm, () => lurker.update({ hidden: true }));
  await world.as(player, () => game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { cleave: true } }));
  await world.idle();
  return { fenn, gob, lurker };
}

/** The player's cleave aimed at the Gob with these attack and damage totals: the lurker's attack and damage cards. */
async function cleave(fenn: Actor, gob: TokenModel, totals: readonly number[]) {
  world.scriptedTotals.push(...totals);
  targeting.target(player, [gob]);
  dialogs.answers.push({ fields: { cleave: "on" } });
  const before = chat.messages.length;
  const item = fenn.items.contents.find((i) => i.name === "Maul");
  const used = await world.as(player, () =>
    useSheetItem(fenn.here() as unknown as Actor.Implementation, item?.id ?? ""),
  );
  await world.idle();
  expect(used).toBe(true);
  const cards = chat.messages.slice(before);
  const lurkerCards = cards.filter((m) => (m.system as { input: { target: string } }).input.target !== "Gob");
  expect(lurkerCards.map((m) => m.type)).toEqual(["attack", "damage"]);
  const [attack, damage] = lurkerCards;
  if (attack === undefined || damage === undefined) throw new Error("no cards on the lurker");
  return { attack, damage };
}

describe("issue 18: cards about a hidden creature carry none of its facts", () => {
  it("FEAT-CLEAVE, DR-1: a player's cleave over a seen goblin and a hidden lurker: no player's client receives the lurker's uuids, AC, DR or hit points; the GM reads them on its cards, and the GM's Apply and Undo deal and restore 2 (4 less DR 2)", async () => {
    const { fenn, gob, lurker } = await cleaveScene();
    world.runtime.network.received.clear();
    world.runtime.network.recordReceived = true;
    try {
      const { attack: lurkerAttack, damage: lurkerDamage } = await cleave(fenn, gob, [15, 4]);
      // The GM's page draws the lurker's numbers from the lurker: its AC in the ruling, its DR on the damage.
      const gmAttack = await world.as(world.gm, () => renderCardHtml(asChatMessage(lurkerAttack)));
      expect(gmAttack).toContain(HIDDEN_NAME);
      expect(gmAttack).toContain("14");
      const gmDamage = await world.as(world.gm, () => renderCardHtml(asChatMessage(lurkerDamage)));
      expect(gmDamage).toMatch(/DR[^<]*2/);
      // The GM applies the lurker's card: 4 less its DR 2; Undo gives the 2 back.
      targeting.target(world.gm, [lurker]);
      expect(await world.as(world.gm, () => runCardAction(asChatMessage(lurkerDamage), "apply"))).toBeNull();
      await world.idle();
      expect(hp(lurker)).toBe(45);
      expect(await world.as(world.gm, () => runCardAction(asChatMessage(lurkerDamage), "undo"))).toBeNull();
      await world.idle();
      expect(hp(lurker)).toBe(47);
      // No player's client received any of it outside the lurker's own documents, nor the GM's verdict.
      const secrets = [
        lurker.actor?.uuid ?? "-",
        lurker.uuid,
        /"(ac|armorClass)":14\b/,
        /"physical":2\b/,
        /"(value|hp)":(47|45)\b/,
        "sealedVerdicts",
      ];
      for (const user of [player, watcher]) {
        const bytes = receivedOutsideActorAndToken(world, user.id);
        const found = secrets.flatMap((s) =>
          bytes
            .filter((d) => (typeof s === "string" ? d.includes(s) : s.test(d)))
            .map((d) => `${String(s)}: ${d.slice(0, 200)}`),
        );
        expect(found).toEqual([]);
        expect(namedOutsideItsDocuments({ world }, user.id)).toEqual([]);
      }
    } finally {
      world.runtime.network.recordReceived = false;
    }
  });

  it("DR-1, issue 18 item 4: a player's attack that misses the hidden lurker's AC 14 still posts its damage card (the player cannot tell), and the GM's side, judging the dice against the lurker, refuses to apply it", async () => {
    const { fenn, gob, lurker } = await cleaveScene();
    const { damage } = await cleave(fenn, gob, [8, 4]); // 8 hits the Gob's AC 5, not the lurker's 14
    targeting.target(world.gm, [lurker]);
    const refused = await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"));
    await world.idle();
    expect(JSON.stringify(refused)).toContain("TEMPO.ERRORS.Trust.SealedMiss");
    expect(hp(lurker)).toBe(47);
    // The GM's page says the attack missed; the player's shows the private stub as before.
    expect(await world.as(world.gm, () => renderCardHtml(asChatMessage(damage)))).toContain(
      "The attack this card follows missed",
    );
    expect(await world.as(player, () => renderCardHtml(asChatMessage(damage)))).toContain("TEMPO.CHAT.Private");
  });
});

describe("issue 18: a critical on a hidden creature is the GM's to find", () => {
  it("ATK-ROT-4, DR-1: a player's natural 20 on the hidden lurker in rotation: the damage card claims no critical, and the GM's side finds it from the dice and adds the 1d8's maximum (4 + 8 less DR 2)", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const scene = await addScene(world);
    drawn.view(scene);
    const fenn = await world.addActor("Fenn", [player.id], "character", creatureSystem(60));
    await ownedItem(world, fenn, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    await stand(scene, fenn, 5, 5);
    const lurker = await stand(scene, await world.addActor(HIDDEN_NAME, [], "npc", LURKER), 6, 5);
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await world.idle();
    world.scriptedTotals.push(20, 3, 4); // a sealed attack's two d20s (the first counts: no STL-3), then 1d8
    targeting.target(player, [lurker]);
    dialogs.answers.push({ fields: { flankers: "1" } });
    const { attack, damage } = await bladeCards({ world, chat }, player, fenn);
    const stored = (damage.system as { input: Record<string, unknown> }).input;
    expect([stored.criticalBonus, stored.attackMessageId, stored.sealedAttackId]).toEqual([
      undefined,
      undefined,
      attack.id,
    ]);
    targeting.target(world.gm, [lurker]);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect(hp(lurker)).toBe(47 - (4 + 8 - 2));
  });
});

describe("issue 18: a spell's damage after a hidden creature's save", () => {
  it("DR-1: the save card and the damage card after the hidden lurker fails its save name it by its token only (no uuid; no DR); the GM's Apply deals the spell's 6", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const scene = await addScene(world);
    drawn.view(scene);
    const mage = await world.addActor("Mage", [player.id], "character", creatureSystem(30));
    const spell = { ...ITEM_DEFAULTS.spell, damage: "1d6", damageKind: "fire", save: { ability: "con", dc: 13 } };
    const bolt = await ownedItem(world, mage, "Bolt", "spell", spell);
    await stand(scene, mage, 2, 2);
    const lurker = await stand(scene, await world.addActor(HIDDEN_NAME, [], "npc", LURKER), 6, 5);
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await world.idle();
    const before = chat.messages.length;
    const targets = [lurker.actor] as unknown as Actor.Implementation[];
    expect(await world.as(player, () => TEMPO.useItem(bolt.uuid, { targets }))).toBe(true);
    await world.idle();
    const save = chat.messages.at(before);
    if (save === undefined) throw new Error("no save card");
    const saveSpell = (save.system as { input: { spell: Record<string, unknown> } }).input.spell;
    expect([saveSpell.targetRef, saveSpell.targetUuid]).toEqual([lurker.id, ""]);
    world.scriptedTotals.push(5, 6); // the save fails; the bolt's 1d6 shows 6
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(save), "roll"))).toBeNull();
    await world.idle();
    const damage = chat.messages.slice(before).find((m) => m.type === "damage");
    if (damage === undefined) throw new Error("no damage card");
    const stored = (damage.system as { input: Record<string, unknown> }).input;
    expect([stored.targetRef, stored.targetUuid, stored.dr]).toEqual([
      lurker.id,
      undefined,
      { physical: 0, elemental: 0, arcane: 0 },
    ]);
    targeting.target(world.gm, [lurker]);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect(hp(lurker)).toBe(41);
  });
});
