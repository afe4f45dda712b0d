/**
 * Issue 18 (brief cards18b): a player's attack on a creature hidden from players, in rotation and phase,
 * posts a sealed card (src/foundry/chat/sealed-cards.ts) whose dice and numbers fit any target: two d20s in
 * rotation, 2d6 and one die of each step size in phase (engine trust/sealed-attack.ts). No byte a player's
 * client receives outside the lurker's own Actor and Token documents tells that the lurker had not seen the
 * attacker (STL-3), that it is flanked (ATK-ROT-5), its Dodge, Armor, DEF or tier (PHS-8); the GM's page
 * reads them from the lurker and picks the rules' dice, and the GM's Apply deals the hit the rules find.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
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
import type { TokenModel } from "../support/runtime/scene.ts";

const {
  world,
  users: [player, watcher],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(1804, ["player", "watcher"]);
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");

const px = (square: number) => 300 + 100 * square;
const hp = (token: TokenModel) => (token.actor?.system as { hp: { value: number } }).hp.value;

/** The lurker's secrets: Dodge 13, Armor 11, DEF 9, tier 1, 47 hit points. */
const LURKER = creatureSystem(47, { defenses: { dodge: 13, armor: 11, def: 9 }, tier: 1 });

/** Each secret found in what a player's client received (printed as the secrets probe prints its count). */
function secretsReceived(label: string, cardId: string, secrets: readonly (string | RegExp)[]): string[] {
  return [player, watcher].flatMap((user) => {
    const bytes = receivedOutsideActorAndToken(world, user.id);
    // Not vacuous: the sealed card itself reached this client.
    expect(bytes.some((d) => d.includes(cardId) && d.includes('"input"'))).toBe(true);
    const found = secrets.flatMap((s) =>
      bytes.filter((d) => (typeof s === "string" ? d.includes(s) : s.test(d))).map((d) => `${String(s)}: ${d}`),
    );
    const named = namedOutsideItsDocuments({ world }, user.id);
    console.log(`${label}: sealed card: ${user.id}: secrets found ${found.length + named.length}`);
    return [...found, ...named];
  });
}

beforeEach(async () => {
  await game.settings.set("tempo", "odds", "everyone");
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
  world.runtime.network.received.clear();
  world.runtime.network.recordReceived = true;
});
afterAll(() => {
  world.runtime.network.recordReceived = false;
});

/** The player's Fenn (system `own`, a 1d8 Blade) next to the hidden lurker; the lurker's attack and damage cards. */
async function attackLurker(
  own: Record<string, unknown>,
  totals: readonly number[],
  statuses: { readonly fenn?: string; readonly lurker?: string } = {},
) {
  const scene = await addScene(world);
  drawn.view(scene);
  const fenn = await world.addActor("Fenn", [player.id], "character", creatureSystem(60, own));
  await ownedItem(world, fenn, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
  await placeToken(world, scene, fenn, { x: px(5), y: px(5), actorLink: true, disposition: 1 });
  const actor = await world.addActor(HIDDEN_NAME, [], "npc", LURKER);
  const lurker = await placeToken(world, scene, actor, { x: px(6), y: px(5), actorLink: true, disposition: -1 });
  await world.as(world.gm, () => lurker.update({ hidden: true }));
  const { fenn: hidden, lurker: flanked } = statuses;
  if (flanked !== undefined) await world.as(world.gm, () => actor.toggleStatusEffect(flanked, { active: true }));
  if (hidden !== undefined) await world.as(player, () => fenn.toggleStatusEffect(hidden, { active: true }));
  await world.idle();
  world.runtime.network.received.clear();
  world.scriptedTotals.push(...totals);
  targeting.target(player, [lurker]);
  dialogs.answers.push({ fields: {} });
  return { fenn, lurker, ...(await bladeCards({ world, chat }, player, fenn)) };
}

describe("issue 18: a sealed attack's card in rotation and phase gives players nothing of the hidden creature", () => {
  it("STL-3, ATK-ROT-5, ATK-ROT-1: a hidden Fenn's attack on the hidden, flanked lurker rolls two d20s (3 and 12) whatever the lurker; no player's client learns it was unaware, flanked or its Dodge 13; the GM's page reads advantage and −2 (12 meets Dodge 11, a PC's tie) and its Apply deals the 1d8's 5", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const statuses = { fenn: "hidden", lurker: "flanked" };
    const { lurker, attack, damage } = await attackLurker({}, [3, 12, 5], statuses);
    expect(attack.rolls).toHaveLength(2);
    const stored = (attack.system as { input: { resolution: Record<string, unknown> } }).input.resolution;
    expect(stored.sealedDice).toBe(true);
    const gm = await world.as(world.gm, () => renderCardHtml(asChatMessage(attack)));
    expect(gm).toContain("Flanked by 2 enemies");
    expect(await world.as(player, () => renderCardHtml(asChatMessage(attack)))).toContain("TEMPO.CHAT.Private");
    targeting.target(world.gm, [lurker]);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect(hp(lurker)).toBe(42);
    const secrets = [/"unaware":true/, /"adjacentEnemies":2/, /"dodge":13/, /"armor":11/, "AgainstDodge", "Flanked"];
    expect(secretsReceived("rotation", attack.id ?? "-", secrets)).toEqual([]);
  });

  it("PHS-8, ADV-1: a tier-3 player's attack on the hidden tier-1 lurker rolls 2d6 and a d6, d8, d10 and d12 whatever the lurker; no player's client learns its DEF 9, tier or the step die; the GM's page keeps the d8 (2 sources: 3 + 6 + ATK 1 reaches DEF 9) and its Apply deals 4", async () => {
    await game.settings.set("tempo", "ruleset", "phase");
    const { lurker, attack, damage } = await attackLurker({ tier: 3, atk: 1 }, [2, 3, 1, 6, 1, 1, 4]);
    expect(attack.rolls.map((r) => (r as { formula: string }).formula)).toEqual([
      "1d6",
      "1d6",
      "1d6",
      "1d8",
      "1d10",
      "1d12",
    ]);
    const gm = await world.as(world.gm, () => renderCardHtml(asChatMessage(attack)));
    expect(gm).toMatch(/Step dice: [^<]*1d8/);
    targeting.target(world.gm, [lurker]);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect(hp(lurker)).toBe(43);
    const secrets = [/"def":9\b/, /"tier":1\b/, /"advantage":[1-9]/, /kh2|kl2/, "Step dice"];
    expect(secretsReceived("phase", attack.id ?? "-", secrets)).toEqual([]);
  });
});

describe("issue 18: the GM's own attack on a hidden creature", () => {
  it("ATK-ROT-1, STL-3: the GM's sealed two d20s count the first alone when the lurker has seen the attacker: 15 then 2 hits Dodge 13 (damage rolled), 2 then 15 misses (no damage card)", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const scene = await addScene(world);
    drawn.view(scene);
    const warden = await world.addActor("Warden", [], "npc", creatureSystem(60));
    const blade = await ownedItem(world, warden, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    await placeToken(world, scene, warden, { x: px(5), y: px(5), actorLink: true, disposition: -1 });
    const actor = await world.addActor(HIDDEN_NAME, [], "npc", LURKER);
    const lurker = await placeToken(world, scene, actor, { x: px(6), y: px(5), actorLink: true, disposition: 1 });
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await world.idle();
    const cardsOf = async (totals: readonly number[]) => {
      world.scriptedTotals.push(...totals);
      dialogs.answers.push({ fields: {} });
      const before = chat.messages.length;
      const targets = [lurker.actor] as unknown as Actor.Implementation[];
      const used = await world.as(world.gm, () => TEMPO.useItem(blade.uuid, { targets }));
      expect(used).toBe(true);
      await world.idle();
      return chat.messages.slice(before).map((m) => `${m.type} ${m.rolls.length}`);
    };
    expect(await cardsOf([15, 2, 5])).toEqual(["attack 2", "damage 1"]);
    expect(await cardsOf([2, 15])).toEqual(["attack 2"]);
  });
});

describe("issue 18 item 4: a hidden creature's save card keeps its roll with the GM", () => {
  it("STD-1 spell save: the GM rolls the hidden lurker's CON save (1d20 + 4 against DC 13) on its sealed card; no player's client receives the formula, the roll, the total or that it halved the Bolt's 6; the GM's page shows them, and the 3 it let through is dealt", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const scene = await addScene(world);
    drawn.view(scene);
    const mage = await world.addActor("Mage", [player.id], "character", creatureSystem(30));
    const spell = { ...ITEM_DEFAULTS.spell, damage: "1d6", damageKind: "fire", save: { ability: "con", dc: 13 } };
    const bolt = await ownedItem(world, mage, "Bolt", "spell", spell);
    await placeToken(world, scene, mage, { x: px(2), y: px(2), actorLink: true, disposition: 1 });
    const tough = await world.addActor(HIDDEN_NAME, [], "npc", { ...LURKER, abilities: { con: 4 } });
    const lurker = await placeToken(world, scene, tough, { x: px(6), y: px(5), actorLink: true, disposition: -1 });
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await world.idle();
    world.runtime.network.received.clear();
    const before = chat.messages.length;
    const targets = [lurker.actor] as unknown as Actor.Implementation[];
    expect(await world.as(player, () => TEMPO.useItem(bolt.uuid, { targets }))).toBe(true);
    await world.idle();
    const save = chat.messages.at(before);
    if (save === undefined) throw new Error("no save card");
    world.scriptedTotals.push(15, 6); // 15 (+ 4) saves against DC 13: the Bolt's 6 is halved
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(save), "roll"))).toBeNull();
    await world.idle();
    const gm = await world.as(world.gm, () => renderCardHtml(asChatMessage(save)));
    expect(gm).toContain("1d20 + 4");
    expect(gm).toContain("Success");
    // A second roll is refused: the card says it was rolled, though not what.
    const again = await world.as(world.gm, () => runCardAction(asChatMessage(save), "roll"));
    expect(again).toEqual({ key: "TEMPO.CHAT.Save.AlreadyRolled" });
    const damage = chat.messages.slice(before).find((m) => m.type === "damage");
    if (damage === undefined) throw new Error("no damage card");
    expect(damage.rolls).toEqual([]);
    targeting.target(world.gm, [lurker]);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage), "apply"))).toBeNull();
    await world.idle();
    expect(hp(lurker)).toBe(47 - 3);
    const secrets = ["1d20 + 4", /"total":(1[0-9]|[2-9][0-9])/, "halved", '"formula":"1d20', "Success"];
    expect(secretsReceived("save", save.id ?? "-", secrets)).toEqual([]);
  });
});
