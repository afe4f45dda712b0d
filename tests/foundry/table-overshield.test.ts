/**
 * Overshields at the table (issue 19 item 5): a healing spell, a shield spell and a weapon that applies a
 * status, each used from the sheet against the user's target; the damage card's Apply and Undo on the GM's
 * client; a player's forged card. Dice are scripted totals. The rotation seed states no overshield numbers.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog, type ChatMessageModel } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { armed, installItemUuids, rolledDamage } from "../support/attacks/rolled-cards.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { creatureSystem, NO_DR, NO_SHIELD } from "../support/test-creature.ts";

const world = installFoundryWorld(152);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");
const targeting = installTargets(world);
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
installItemUuids();

await world.loadSystem();
world.callHook("init");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");

type Obj = Record<string, unknown>;
const HUGE = { attacker: "Ogre", formula: "1d6", swings: [50], kind: "slashing", dr: NO_DR, drMode: "perHit" } as const;
const blades = { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }] };

function creature(name: string, type: "character" | "npc", system: Obj = {}): Promise<ActorModel> {
  return world.addActor(
    name,
    [],
    type,
    creatureSystem(30, { ...blades, defenses: { dodge: 10, armor: 10 }, ...system }),
  );
}

const sourceOf = (a: ActorModel) => (world.runtime.server.source("Actor", a.id ?? "")?.system ?? {}) as Obj;
const hpOf = (a: ActorModel) => (sourceOf(a).hp as { value: number }).value;
const shieldOf = (a: ActorModel) => sourceOf(a).overshield as Obj;
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

/** `user` uses `item` (type and stats over the defaults) of `actor` from the sheet on `target`; the new cards. */
async function use(
  actor: ActorModel,
  type: "weapon" | "spell",
  name: string,
  stats: Obj,
  target: ActorModel,
  totals: readonly number[],
): Promise<ChatMessageModel[]> {
  const item = await ownedItem(world, actor, name, type, { ...ITEM_DEFAULTS[type], ...stats });
  targeting.target(world.gm, [target]);
  world.scriptedTotals.push(...totals);
  if (type === "weapon") dialogs.answers.push({ fields: {} });
  const before = chat.messages.length;
  expect(await useSheetItem(actor as unknown as Actor.Implementation, item.id ?? "")).toBe(true);
  await world.idle();
  return chat.messages.slice(before);
}

/** The GM clicks a card's button (Apply on the GM's target); the refusal, if any. */
async function click(message: ChatMessageModel | undefined, action: "apply" | "undo") {
  if (message === undefined) throw new Error("no card");
  const refusal = await world.as(world.gm, () => runCardAction(asChatMessage(message), action));
  await world.idle();
  return refusal;
}

const damageCard = (cards: readonly ChatMessageModel[]) => cards.find((m) => m.type === "damage");
const notesOf = (m: ChatMessageModel | undefined) =>
  ((inputOf(m).applied as { notes: { key: string; data?: Obj }[] }[] | undefined) ?? []).flatMap((r) => r.notes);

beforeEach(async () => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
  await game.settings.set("tempo", "ruleset", "rotation");
});

describe("healing and overshield grants from the sheet, applied from the card", () => {
  it("DR-3, CNT-14: healing an unconscious, dying player character above 0 hit points ends both statuses; Undo sets them again", async () => {
    const cleric = await creature("Cleric", "character", { side: "pc" });
    const vex = await creature("Vex", "character", { side: "pc", hp: { value: -3, max: 30 } });
    await vex.toggleStatusEffect("unconscious", { active: true });
    await vex.toggleStatusEffect("dying", { active: true });
    const card = damageCard(await use(cleric, "spell", "Mend", { use: "healing", damage: "2d6" }, vex, [9]));
    expect(await click(card, "apply")).toBeNull();
    expect(hpOf(vex)).toBe(6);
    expect([vex.statuses.has("unconscious"), vex.statuses.has("dying")]).toEqual([false, false]);
    expect(inputOf(card).applied).toMatchObject([{ ended: ["unconscious", "dying"] }]);
    expect(await click(card, "undo")).toBeNull();
    expect(hpOf(vex)).toBe(-3);
    expect([vex.statuses.has("unconscious"), vex.statuses.has("dying")]).toEqual([true, true]);
  });

  it("OSH-3: a healing spell heals hit points only, never the overshield; Undo takes back exactly the healing", async () => {
    const cleric = await creature("Cleric", "character", { side: "pc" });
    const shield = { ...NO_SHIELD, value: 2, max: 8, effect: "Ward" };
    const vex = await creature("Vex", "character", { side: "pc", hp: { value: 10, max: 30 }, overshield: shield });
    const card = damageCard(await use(cleric, "spell", "Mend", { use: "healing", damage: "2d6" }, vex, [9]));
    expect(inputOf(card)).toMatchObject({ effect: "healing", swings: [9] });
    expect(await click(card, "apply")).toBeNull();
    expect(hpOf(vex)).toBe(19);
    expect(shieldOf(vex)).toMatchObject({ value: 2, max: 8, effect: "Ward" });
    expect(notesOf(card).map((n) => n.key)).toContain("TEMPO.DAMAGE.Step.ShieldNotHealed");
    expect(await click(card, "undo")).toBeNull();
    expect(hpOf(vex)).toBe(10);
  });

  it("OSH-3, DR-3: healing stops at the maximum; healed to full, a player character survives one huge hit at 0", async () => {
    const cleric = await creature("Cleric", "character", { side: "pc" });
    const vex = await creature("Vex", "character", { side: "pc", hp: { value: 25, max: 30 } });
    expect(
      await click(
        damageCard(await use(cleric, "spell", "Mend", { use: "healing", damage: "2d6" }, vex, [11])),
        "apply",
      ),
    ).toBeNull();
    expect(hpOf(vex)).toBe(30);
    // A GM's damage card of 50 on the player character now at full health: left at 0, not killed (DR-3).
    await world.as(world.gm, () => postCard({ type: "damage", input: { ...HUGE, target: "Vex" } }));
    await world.idle();
    targeting.target(world.gm, [vex]);
    expect(await click(chat.messages.at(-1), "apply")).toBeNull();
    expect(hpOf(vex)).toBe(0);
  });

  it("OSH-5: a shield spell replaces the current shield only when larger or of another effect; Undo puts the old shield back", async () => {
    const mage = await creature("Mage", "character", { side: "pc" });
    const current = { ...NO_SHIELD, value: 4, max: 10, effect: "Aegis" };
    const vex = await creature("Vex", "character", { side: "pc", overshield: current });
    const aegis = { use: "shield", damage: "1d10" };
    // Same effect, 3 against the 4 left: kept, nothing written but the card's note.
    const small = damageCard(await use(mage, "spell", "Aegis", aegis, vex, [3]));
    expect(await click(small, "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject(current);
    expect(notesOf(small)).toEqual([{ key: "TEMPO.DAMAGE.Overshield.KeptNotLarger", data: { hp: 4 } }]);
    // Same effect, 8 against 4: replaced, never added (not 12).
    const large = damageCard(await use(mage, "spell", "Aegis", aegis, vex, [8]));
    expect(await click(large, "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject({ value: 8, max: 8, effect: "Aegis" });
    expect(await click(large, "undo")).toBeNull();
    expect(shieldOf(vex)).toMatchObject(current);
    // Another effect replaces it even when smaller.
    const ward = damageCard(await use(mage, "spell", "Ward", { use: "shield", damage: "1d4" }, vex, [2]));
    expect(await click(ward, "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject({ value: 2, max: 2, effect: "Ward" });
  });

  it("OSH-6, OSH-2: a shield without hit points is granted with no roll, absorbs nothing, and blocks a hit's status until its condition", async () => {
    const mage = await creature("Mage", "character", { side: "pc" });
    const vex = await creature("Vex", "character", { side: "pc" });
    const spell = { use: "shield", damage: "", shieldCondition: "the caster's next turn" };
    const grant = damageCard(await use(mage, "spell", "Stoneskin", spell, vex, []));
    expect(inputOf(grant)).toMatchObject({ effect: "shield", swings: [] });
    expect(await click(grant, "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject({ value: 0, max: 0, effect: "Stoneskin", condition: "the caster's next turn" });
    const orc = await creature("Orc", "npc", { side: "enemy" });
    const hit = damageCard(
      await use(orc, "weapon", "Net", { damage: "1d6", group: "blades", statuses: "slowed" }, vex, [12, 5]),
    );
    expect(await click(hit, "apply")).toBeNull();
    expect(hpOf(vex)).toBe(25);
    expect(shieldOf(vex)).toMatchObject({ effect: "Stoneskin" });
    expect(vex.statuses.has("slowed")).toBe(false);
    expect(notesOf(hit)).toContainEqual({ key: "TEMPO.DAMAGE.Step.StatusBlocked", data: { status: "slowed" } });
  });
});

describe("statuses an overshield blocks", () => {
  it("OSH-2: a hit that does not break the overshield applies no status (the card names it); one that breaks it does, and Undo takes it off", async () => {
    const orc = await creature("Orc", "npc", { side: "enemy" });
    const shield = { ...NO_SHIELD, value: 6, max: 6, effect: "Ward" };
    const vex = await creature("Vex", "character", { side: "pc", overshield: shield });
    const net = { damage: "1d6", group: "blades", statuses: "slowed" };
    const held = damageCard(await use(orc, "weapon", "Net", net, vex, [12, 4]));
    expect(inputOf(held).statuses).toEqual([{ id: "slowed", bypassesOvershield: false }]);
    expect(await click(held, "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject({ value: 2 });
    expect(vex.statuses.has("slowed")).toBe(false);
    expect(notesOf(held)).toContainEqual({ key: "TEMPO.DAMAGE.Step.StatusBlocked", data: { status: "slowed" } });
    const broke = damageCard(await use(orc, "weapon", "Net", net, vex, [12, 5]));
    expect(await click(broke, "apply")).toBeNull();
    expect(hpOf(vex)).toBe(27);
    expect(vex.statuses.has("slowed")).toBe(true);
    expect(await click(broke, "undo")).toBeNull();
    expect(vex.statuses.has("slowed")).toBe(false);
    expect(shieldOf(vex)).toMatchObject({ value: 2 });
  });

  it("OSH-2: a status that deals no damage (or targets willpower) passes an unbroken overshield", async () => {
    const orc = await creature("Orc", "npc", { side: "enemy" });
    const vex = await creature("Vex", "character", {
      side: "pc",
      overshield: { ...NO_SHIELD, value: 9, max: 9, effect: "Ward" },
    });
    const gaze = { damage: "1d4", group: "blades", statuses: "slowed", statusesBypassShield: true };
    expect(await click(damageCard(await use(orc, "weapon", "Gaze", gaze, vex, [12, 2])), "apply")).toBeNull();
    expect(shieldOf(vex)).toMatchObject({ value: 7 });
    expect(vex.statuses.has("slowed")).toBe(true);
  });

  it("OSH-2, OSH-5: a player's card claiming a shield grant, or statuses, its weapon does not give is refused whole: nothing changes", async () => {
    const vex = await armed(world, "Vex", [player.id], {}, blades);
    const raider = await creature("Raider", "npc", { side: "enemy" });
    const forged = [
      { effect: "shield", shield: { effect: "Blade", condition: "" } },
      { statuses: [{ id: "slowed", bypassesOvershield: true }] },
    ];
    for (const input of forged) {
      await rolledDamage(world, player, vex, raider, [6], input);
      const card = chat.messages.at(-1);
      targeting.target(world.gm, [raider]);
      const refusal = await click(card, "apply");
      expect(refusal?.key).toBe("TEMPO.CHAT.Damage.Untrusted");
      expect(hpOf(raider)).toBe(30);
      expect(shieldOf(raider)).toMatchObject(NO_SHIELD);
      expect(raider.statuses.has("slowed")).toBe(false);
    }
  });
});
