/**
 * Issue 20 item 4: a cleave's cone and a spell's area placed as a Region on the scene drawn on the
 * canvas (runtime/canvas-collision.ts), by the GM, with the creatures standing in it as the card's
 * targets; used from the sheet as a user does. A 20-square scene of 100 px squares: square (i, j) is
 * drawn at pixel 300 + 100 i, 300 + 100 j (the 15% padding).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage } from "../support/chat-log.ts";
import { HIDDEN_NAME, namedOutsideItsDocuments } from "../support/secrets-probe.ts";
import { installSceneWorld } from "../support/scene-world.ts";
import { type WorldUser } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { firstTurn, step, type Tempo } from "../support/effect-encounter.ts";
import type { SceneModel, TokenModel } from "../support/runtime/scene.ts";
import type { RegionModel } from "../support/runtime/regions.ts";

const {
  world,
  users: [player],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(2020, ["player"]);
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { rollDeclaredItem } = await import("../../src/foundry/chat/attack-flow.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");

type Actor = Awaited<ReturnType<typeof world.addActor>>;
const px = (square: number) => 300 + 100 * square;
const heavy = {
  ...ITEM_DEFAULTS.weapon,
  damage: "1d8",
  properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
};

const creature = (name: string, owners: string[] = [], type: "character" | "npc" = "character") =>
  world.addActor(name, owners, type, creatureSystem(60, { defenses: { ac: 5 }, abilities: { str: 2 } }));
const stand = (scene: SceneModel, actor: Actor, i: number, j: number) =>
  placeToken(world, scene, actor, { x: px(i), y: px(j), actorLink: true, disposition: -1 });
const regionsOf = (scene: SceneModel) => scene.regions.contents as RegionModel[];
/** The squares of the scene a Region covers, as "i,j" (tested at each square's centre). */
function squaresOf(region: RegionModel): string[] {
  const out: string[] = [];
  for (let j = 0; j < 20; j++)
    for (let i = 0; i < 20; i++) if (region.contains({ x: px(i) + 50, y: px(j) + 50 })) out.push(`${i},${j}`);
  return out;
}
/** The chat messages as `user`'s page holds them (the GM's by default; a disconnected user has none). */
const messagesOf = (user: WorldUser = world.gm) =>
  user === world.gm ? chat.messages : world.runtime.clientOf(user.id).messages.contents;
const targetsOf = (from: number, user: WorldUser = world.gm) =>
  messagesOf(user)
    .slice(from)
    .map((m) => (m.system as { input: { target: string } }).input.target);

async function use(
  user: WorldUser,
  actor: Actor,
  name: string,
  aim: readonly TokenModel[],
  fields?: Record<string, string>,
) {
  const item = actor.items.contents.find((i) => i.name === name);
  targeting.target(user, aim);
  if (fields !== undefined) dialogs.answers.push({ fields });
  const before = messagesOf(user).length;
  const used = await world.as(user, () =>
    useSheetItem(actor.here() as unknown as Actor.Implementation, item?.id ?? ""),
  );
  await world.idle();
  return { used, before };
}

/** A scene on the canvas with Fenn (owned by `owners`; a Maul and the cleave feat) at 5,5 and the Gob east of it. */
async function cleaveScene(owners: string[]) {
  const scene = await addScene(world);
  drawn.view(scene);
  const fenn = await creature("Fenn", owners);
  await ownedItem(world, fenn, "Maul", "weapon", heavy);
  await ownedItem(world, fenn, "cleave", "feat", { feat: "cleave" });
  await stand(scene, fenn, 5, 5);
  const gob = await stand(scene, await creature("Gob", [], "npc"), 6, 5);
  return { scene, fenn, gob };
}

beforeEach(async () => {
  await game.settings.set("tempo", "ruleset", "count");
  await game.settings.set("tempo", "odds", "gm");
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("issue 20 item 4: areas placed as Regions", () => {
  it("FEAT-CLEAVE: a cleave aimed at one goblin is placed as the cone of 3 squares in front, and both creatures standing in it are attacked; the next cleave replaces the Region, and a refused one leaves none", async () => {
    const { scene, fenn, gob } = await cleaveScene([]);
    await stand(scene, await creature("Orc", [], "npc"), 6, 6);
    const imp = await stand(scene, await creature("Imp", [], "npc"), 1, 5); // far to the west
    world.scriptedTotals.push(15, 4);
    const { used, before } = await use(world.gm, fenn, "Maul", [gob], { cleave: "on" });
    expect(used).toBe(true);
    expect([...new Set(targetsOf(before))]).toEqual(["Gob", "Orc"]);
    const [region] = regionsOf(scene);
    expect(regionsOf(scene)).toHaveLength(1);
    expect(region === undefined ? [] : squaresOf(region)).toEqual(["6,4", "6,5", "6,6"]);
    // Aimed north next: the first cone leaves the scene, the new one covers the squares above.
    const north = await stand(scene, await creature("Bat", [], "npc"), 5, 4);
    world.scriptedTotals.push(15, 4);
    await use(world.gm, fenn, "Maul", [north], { cleave: "on" });
    expect(regionsOf(scene).map(squaresOf)).toEqual([["4,4", "5,4", "6,4"]]);
    // Aimed west at the Imp 4 squares away: nobody stands in the cone, nothing is rolled and no area is left.
    const refused = await use(world.gm, fenn, "Maul", [imp], { cleave: "on" });
    expect(refused.used).toBe(false);
    expect(chat.messages.length).toBe(refused.before);
    expect(regionsOf(scene)).toEqual([]);
  });

  it("FEAT-CLEAVE: the attack dialog says what the cone will hold (the creatures in it, not the user's one target) and shows each one's odds", async () => {
    const { scene, fenn, gob } = await cleaveScene([player.id]);
    await stand(scene, await creature("Orc", [], "npc"), 6, 6);
    const lurker = await stand(scene, await creature("Lurker", [], "npc"), 6, 4);
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await game.settings.set("tempo", "odds", "everyone");
    await world.idle();
    await world.as(player, () => game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { cleave: true } }));
    world.scriptedTotals.push(15, 4);
    const { used, before } = await use(player, fenn, "Maul", [gob], { cleave: "on" });
    const shown = dialogs.prompts.at(-1)?.content ?? "";
    // The player sees the two creatures standing in the cone, not the hidden one, and not "1 target".
    expect(shown).toContain("every creature in the cone aimed at Gob: 2 stand in it now");
    expect(shown).not.toContain("all 1 targets");
    expect(shown).toMatch(/Gob: [\d.]+% to hit/);
    expect(shown).toMatch(/Orc: [\d.]+% to hit/);
    expect(shown).not.toContain("Lurker");
    // The GM places the cone and counts every creature in it, the hidden one too (named by reference).
    expect(used).toBe(true);
    expect([...new Set(targetsOf(before))]).toEqual(["Gob", "Orc", `@${lurker.id}`]);
    expect(regionsOf(scene).map((r) => (r._source.shapes as { type: string }[]).map((shape) => shape.type))).toEqual([
      ["rectangle", "rectangle", "rectangle"],
    ]);
  });

  it("FEAT-CLEAVE: with no GM connected a player's cleave rolls against the player's own targets, places nothing, and says so before and after", async () => {
    const { scene, fenn, gob } = await cleaveScene([player.id]);
    await stand(scene, await creature("Orc", [], "npc"), 6, 6);
    await world.as(player, () => game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { cleave: true } }));
    const notices = world.notices.length;
    world.gm.active = false;
    try {
      world.scriptedTotals.push(15, 4);
      const { used, before } = await use(player, fenn, "Maul", [gob], { cleave: "on" });
      expect(dialogs.prompts.at(-1)?.content).toContain(
        "No GM is connected to place the cone on the scene: one attack roll and one damage roll for your 1 targets.",
      );
      expect(used).toBe(true);
      expect([...new Set(targetsOf(before, player))]).toEqual(["Gob"]);
      expect(regionsOf(scene)).toEqual([]);
      expect(world.notices.slice(notices)).toEqual([
        { user: player.id, text: 'TEMPO.AREA.NoGm {"item":"Maul"}' }, // the world's i18n echoes keys
      ]);
    } finally {
      world.gm.active = true;
    }
    await world.idle();
  });

  it("FEAT-CLEAVE (issue 18 item 5): a player's cone over a seen goblin and a hidden lurker attacks and damages both; no byte the player receives names the lurker, the GM reads both cards", async () => {
    const { scene, fenn, gob } = await cleaveScene([player.id]);
    const lurker = await stand(scene, await creature(HIDDEN_NAME, [], "npc"), 6, 4);
    await world.as(world.gm, () => lurker.update({ hidden: true }));
    await world.as(player, () => game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { cleave: true } }));
    await world.idle();
    const hp = (token: TokenModel) => (token.actor?.system as { hp: { value: number } }).hp.value;
    const [gobHp, lurkerHp] = [hp(gob), hp(lurker)];
    world.runtime.network.recordReceived = true;
    try {
      world.scriptedTotals.push(15, 4);
      const { used, before } = await use(player, fenn, "Maul", [gob], { cleave: "on" });
      expect(used).toBe(true);
      expect(dialogs.prompts.at(-1)?.content).toContain("1 stand in it now");
      // The seen goblin's cards first (they carry the cleave's one attack roll and one damage roll).
      const cards = chat.messages.slice(before);
      expect(cards.map((m) => [m.type, (m.system as { input: { target: string } }).input.target])).toEqual([
        ["attack", "Gob"],
        ["damage", "Gob"],
        ["attack", `@${lurker.id}`],
        ["damage", `@${lurker.id}`],
      ]);
      const hiddenCards = cards.filter((m) => (m.system as { input: { target: string } }).input.target !== "Gob");
      for (const m of hiddenCards) {
        expect(m._source.whisper).toEqual([world.gm.id]);
        expect(m._source.blind).toBe(true);
        expect(m._source.speaker).not.toHaveProperty("actor", fenn.id);
      }
      // The GM reads the lurker's cards by name; the player who rolled them sees the private stub.
      for (const m of hiddenCards) {
        expect(await world.as(world.gm, () => renderCardHtml(asChatMessage(m)))).toContain(HIDDEN_NAME);
        const seen = await world.as(player, () => renderCardHtml(asChatMessage(m)));
        expect(seen).toContain("TEMPO.CHAT.Private");
        expect(seen).not.toContain(HIDDEN_NAME);
      }
      // Damage applies to both: the player applies the goblin's card, the GM the lurker's.
      const [gobDamage, lurkerDamage] = cards.filter((m) => m.type === "damage");
      if (gobDamage === undefined || lurkerDamage === undefined) throw new Error("no damage cards");
      expect(await world.as(player, () => runCardAction(asChatMessage(gobDamage), "apply"))).toBeNull();
      targeting.target(world.gm, [lurker]);
      expect(await world.as(world.gm, () => runCardAction(asChatMessage(lurkerDamage), "apply"))).toBeNull();
      await world.idle();
      expect([gobHp - hp(gob), lurkerHp - hp(lurker)]).toEqual([4, 4]);
      expect(namedOutsideItsDocuments({ world }, player.id)).toEqual([]);
      // Issue 18: the lurker's card keeps no uuid and no hit points of it (they stay in the GM's ledger); the
      // GM's page draws them from there, and the GM's Undo restores them.
      const stored = JSON.stringify((lurkerDamage._source.system as { input: { applied: unknown } }).input.applied);
      expect(stored).not.toContain(lurker.actor?.uuid ?? "-");
      expect(stored).not.toMatch(new RegExp(`"hp":(${lurkerHp}|${lurkerHp - 4})\\b`));
      const drawnForGm = await world.as(world.gm, () => renderCardHtml(asChatMessage(lurkerDamage)));
      expect(drawnForGm).toContain(`hit points ${lurkerHp} → ${lurkerHp - 4}`);
      expect(await world.as(world.gm, () => runCardAction(asChatMessage(lurkerDamage), "undo"))).toBeNull();
      await world.idle();
      expect(hp(lurker)).toBe(lurkerHp);
    } finally {
      world.runtime.network.recordReceived = false;
    }
  });

  /** A viewed scene: the player's Mage with a 5 ft burst spell at (2, 2), an Orc at (10, 10), a Gob at (11, 11). */
  async function burstScene() {
    const scene = await addScene(world);
    drawn.view(scene);
    const mage = await creature("Mage", [player.id]);
    await ownedItem(world, mage, "Blast", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "1d6",
      area: { shape: "sphere", size: 5 },
    });
    await stand(scene, mage, 2, 2);
    const orc = await stand(scene, await creature("Orc", [], "npc"), 10, 10);
    await stand(scene, await creature("Gob", [], "npc"), 11, 11);
    return { scene, mage, orc };
  }

  it("a player's 5 ft burst cast with no GM connected lands on the player's own targets; nothing is placed", async () => {
    const { scene, mage, orc } = await burstScene();
    world.gm.active = false;
    try {
      world.scriptedTotals.push(3);
      const { used, before } = await use(player, mage, "Blast", [orc]);
      expect(used).toBe(true);
      expect(targetsOf(before, player)).toEqual(["Orc"]);
      expect(regionsOf(scene)).toEqual([]);
    } finally {
      world.gm.active = true;
    }
    await world.idle();
  });

  it("a player's 5 ft burst is placed by the GM over the 3×3 block around the aimed orc; Resolve removes it", async () => {
    const { scene, mage, orc } = await burstScene();
    await stand(scene, await creature("Elf", [], "npc"), 13, 10);
    const writes = world.writes.length;
    world.scriptedTotals.push(3, 3);
    const { used, before } = await use(player, mage, "Blast", [orc]);
    expect(used).toBe(true);
    expect(targetsOf(before)).toEqual(["Orc", "Gob"]);
    const made = world.writes.slice(writes).filter((w) => w.document === "Region");
    expect(made.map((w) => [w.action, w.userId])).toEqual([["create", world.gm.id]]);
    expect(regionsOf(scene).map(squaresOf)).toEqual([
      ["9,9", "10,9", "11,9", "9,10", "10,10", "11,10", "9,11", "10,11", "11,11"],
    ]);
    // Resolve rolls the declared use and the area leaves the scene (asked of the GM again).
    const blast = mage.items.contents.find((i) => i.name === "Blast");
    world.scriptedTotals.push(3, 3);
    await world.as(player, () =>
      rollDeclaredItem(blast?.here() as unknown as Item.Implementation, [orc.actor as unknown as Actor.Implementation]),
    );
    await world.idle();
    expect(regionsOf(scene)).toEqual([]);
  });

  it("a burst cast at once in a combat leaves the scene when its caster's turn ends", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const scene = await addScene(world);
    drawn.view(scene);
    const mage = await creature("Mage");
    await ownedItem(world, mage, "Blast", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "1d6",
      area: { shape: "sphere", size: 5 },
    });
    const mageToken = await stand(scene, mage, 2, 2);
    const orc = await creature("Orc", [], "npc");
    const orcToken = await stand(scene, orc, 6, 6);
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    await world.as(world.gm, () =>
      (
        combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("Combatant", [
        {
          name: "Mage",
          actorId: mage.id,
          tokenId: mageToken.id,
          sceneId: scene.id,
          system: { initiativeBonus: 5, side: "pc" },
        },
        {
          name: "Orc",
          actorId: orc.id,
          tokenId: orcToken.id,
          sceneId: scene.id,
          system: { initiativeBonus: 0, side: "enemy" },
        },
      ]),
    );
    await world.idle();
    world.scriptedTotals.push(18, 2);
    const first = await firstTurn(world, combat);
    expect(combat.combatants.get(first)?.name).toBe("Mage");
    world.scriptedTotals.push(3);
    expect((await use(world.gm, mage, "Blast", [orcToken])).used).toBe(true);
    expect(regionsOf(scene)).toHaveLength(1);
    await step(world, combat);
    expect(regionsOf(scene)).toEqual([]);
  });
});
