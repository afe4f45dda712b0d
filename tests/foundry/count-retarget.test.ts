/**
 * CNT-12 on the runtime model: a reaction that retargets (or redirects) a pending attack changes the
 * creature its declared weapon rolls on. The player declares from the sheet's Attack (the attack dialog,
 * aimed at the player's targeted token), reacts from the row's React… form, and the GM resolves the
 * pending card when its count arrives; undo and redo move the target back and forth with the track.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installTableWorld } from "../support/seed-table.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { addCombatants, firstTurn, step, type Tempo } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import { documentUses, gmKeptUses } from "../support/declared-uses.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const { world, player, chat, targeting, dialogs } = await installTableWorld(73, "p1");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { askCountReaction } = await import("../../src/foundry/applications/count-dialogs.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

const foe = (name: string) =>
  world.addActor(name, [], "npc", { hp: { value: 60, max: 60 }, dr: NO_DR, side: "enemy", defenses: { ac: 12 } });

/**
 * A count combat of Fenn (a Heavy Maul, STR 3; owned by `owners`) acting first on count 4, Gale and Orc
 * on 18 and 19 (d20 results, no INT or DEX modifier: CNT-1, CNT-2).
 */
async function fight(owners: string[]) {
  await game.settings.set("tempo", "ruleset", "count");
  const fenn = await world.addActor("Fenn", owners, "character", {
    weaponSkills: [],
    hp: { value: 60, max: 60 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    abilities: { str: 3 },
    primaryAbility: "str",
  });
  const maul = await ownedItem(world, fenn, "Maul", "weapon", {
    ...ITEM_DEFAULTS.weapon,
    damage: "2d6",
    properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
  });
  const gale = await foe("Gale");
  const orc = await foe("Orc");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(world, combat, ["Fenn", "Gale", "Orc"], { Fenn: fenn, Gale: gale, Orc: orc });
  const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  world.scriptedTotals.push(4, 18, 19);
  expect(await firstTurn(world, combat)).toBe(id("Fenn"));
  world.scriptedTotals.length = 0;
  return { combat, fenn, maul, gale, orc, id };
}

/** The user's own copy of an actor (what their sheet shows). */
const copyOf = (actor: ActorModel, userId: string) =>
  world.runtime.clientOf(userId).actors.get(actor.id ?? "") as unknown as Actor.Implementation;

/** Steps until the declared attack lands; its pending card. */
async function untilPending(combat: Tempo): Promise<ChatMessageModel> {
  for (let i = 0; i < 20; i++) {
    const before = chat.messages.length;
    await step(world, combat);
    const card = chat.messages.slice(before).find((m) => m.type === "pending");
    if (card !== undefined) return card;
  }
  throw new Error("no pending card");
}

/** The GM resolves the card (d20 15 + 3 hits AC 12; 2d6 = 7): the attack and damage cards' targets. */
async function gmResolves(card: ChatMessageModel): Promise<unknown[]> {
  world.scriptedTotals.push(15, 7);
  const before = chat.messages.length;
  expect(await runCardAction(asChatMessage(card), "resolve")).toBeNull();
  await world.idle();
  return chat.messages.slice(before).map((m) => [m.type, inputOf(m).target]);
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("CNT-12: a retarget moves the declared weapon's roll", () => {
  it("CNT-12: the player retargets their pending Maul from Gale to Orc in one Combat write; undo gives Gale back, redo Orc again; the GM's Resolve rolls against Orc", async () => {
    const { combat, fenn, maul, gale, orc, id } = await fight([player.id]);
    targeting.target(player, [gale]);
    dialogs.answers.push({ fields: {} });
    expect(await world.as(player, () => useSheetItem(copyOf(fenn, player.id), maul.id ?? ""))).toBe(true);
    await world.idle();
    const [actionId] = Object.keys(documentUses(combat, id("Fenn")));
    expect(documentUses(combat, id("Fenn"))[actionId ?? ""]).toMatchObject({ targetUuids: [gale.uuid] });

    // React… → "Retarget the attack on count 6" → Orc, as the player answers the form.
    dialogs.answers.push({ fields: { reaction: `retarget:${actionId}`, target: id("Orc") } });
    const writes = world.writes.length;
    const command = await world.as(player, () => askCountReaction(combat, id("Fenn")));
    expect(command).not.toBeNull();
    if (command !== null) expect((await world.as(player, () => combat.tempoCommand(command))).ok).toBe(true);
    await world.idle();
    // The record rides in the step's one Combatant update (a GM-only field): one Combat write for the click.
    expect(world.writes.slice(writes).map((w) => w.document)).toEqual(["Combat", "Combatant"]);
    const record = () => documentUses(combat, id("Fenn"))[actionId ?? ""] as Obj;
    expect(record()).toMatchObject({ targetUuids: [orc.uuid], declaredTargetUuids: [gale.uuid] });

    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(record().targetUuids).toEqual([gale.uuid]);
    await combat.tempoCommand({ type: "redo" });
    await world.idle();
    expect(record().targetUuids).toEqual([orc.uuid]);

    const card = await untilPending(combat);
    expect(inputOf(card).entryKey).toBe(`pending:${actionId}`);
    expect(await gmResolves(card)).toEqual([
      ["attack", "Orc"],
      ["damage", "Orc"],
    ]);
  });

  it("CNT-12: a retarget that was undone leaves the roll on the creature targeted when declaring", async () => {
    const { combat, fenn, maul, gale, id } = await fight([player.id]);
    targeting.target(player, [gale]);
    dialogs.answers.push({ fields: {} });
    expect(await world.as(player, () => useSheetItem(copyOf(fenn, player.id), maul.id ?? ""))).toBe(true);
    await world.idle();
    const [actionId] = Object.keys(documentUses(combat, id("Fenn")));
    const reaction = { kind: "retarget", actionId: actionId ?? "", targets: [id("Orc")] } as const;
    expect(
      (await world.as(player, () => combat.tempoCommand({ type: "react", combatantId: id("Fenn"), reaction }))).ok,
    ).toBe(true);
    await world.idle();
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    const card = await untilPending(combat);
    expect(await gmResolves(card)).toEqual([
      ["attack", "Gale"],
      ["damage", "Gale"],
    ]);
  });

  it("CNT-12: the GM redirects an NPC's pending attacks: the records the GM keeps in its browser follow, and Resolve rolls against the new target", async () => {
    const { combat, fenn, maul, gale, orc, id } = await fight([]);
    targeting.target(world.gm, [gale]);
    await game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { attacks: 2 } });
    dialogs.answers.push({ fields: {} });
    expect(await useSheetItem(fenn as unknown as Actor.Implementation, maul.id ?? "")).toBe(true);
    await world.idle();
    const kept = () => gmKeptUses(world, combat, id("Fenn")) as Record<string, Obj>;
    const ids = Object.keys(kept());
    expect(ids).toHaveLength(2);
    const writes = world.writes.length;
    const reaction = { kind: "redirect", actionIds: ids, target: id("Orc") } as const;
    expect((await combat.tempoCommand({ type: "react", combatantId: id("Fenn"), reaction })).ok).toBe(true);
    await world.idle();
    // Issue 18: no player owns Fenn, so its records never reach a document: the click is one Combat write.
    expect(world.writes.slice(writes).map((w) => w.document)).toEqual(["Combat"]);
    expect(documentUses(combat, id("Fenn"))).toEqual({});
    expect(Object.values(kept()).map((u) => u.targetUuids)).toEqual([[orc.uuid], [orc.uuid]]);
    const card = await untilPending(combat);
    expect(await gmResolves(card)).toEqual([
      ["attack", "Orc"],
      ["damage", "Orc"],
    ]);
    await combat.delete();
  });
});
