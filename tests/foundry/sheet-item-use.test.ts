/**
 * Issues 10/11 in Foundry: the actor sheet's Attack/Cast runs the attack flow as the hotbar macro does
 * (rolls at once in standard, phase and rotation; declares with the item recorded in count), a player's
 * declaration reaches the GM with its record and the player resolves the pending card; the sheet's
 * count Declare… and React… ask through the tracker's forms. On the runtime model (world actors with owned Items);
 * DialogV2.prompt resolves with what its ok callback returns (as dnd5e and Draw Steel read prompts).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { chatLog, type ChatMessageModel, asChatMessage, cardSource } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { addCombatants, firstTurn, step, type Tempo } from "../support/effect-encounter.ts";
import { installFoundryWorld, type WorldUser } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(43);
afterAll(() => world.uninstall());
const player = world.addUser("p1"); // before the targets helper, which gives every user its targets
const chat = chatLog(world);
const targeting = installTargets(world);

// The count forms are real templates in the model's DialogV2; the test is the user who fills them.
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());

await world.loadSystem();
world.callHook("init");
const { useSheetItem, sheetCountDeclare, sheetCountReact } =
  await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { TempoActorSheet } = await import("../../src/foundry/applications/sheets/actor-sheet.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { countTrackerFactsOf } = await import("../../src/engine/index.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
/** A creature whose sheet holds one weapon (the sheet reads `actor.items.get(id)`): a world actor with an owned Item. */
async function armed(name: string, type: "character" | "npc", system: Obj, owners: string[] = [], heavy = false) {
  const actor = await world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: 30, max: 30 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
  const stats = { ...ITEM_DEFAULTS.weapon, damage: "1d8", properties: { ...ITEM_DEFAULTS.weapon.properties, heavy } };
  const item = await ownedItem(world, actor, "Blade", "weapon", stats);
  return { actor, itemId: item.id ?? "", sheetActor: actor as unknown as Actor.Implementation };
}

/** `user`'s own copy of an actor (the sheet a user opens shows that user's copy). */
const copyOf = (user: WorldUser, actor: ActorModel) =>
  world.runtime.clientOf(user.id).actors.get(actor.id ?? "") as unknown as Actor.Implementation;

const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

function since() {
  const writes = world.writes.length;
  const messages = chat.messages.length;
  const notices = world.notices.length;
  return () => ({
    writes: world.writes.slice(writes),
    messages: chat.messages.slice(messages),
    notices: world.notices.slice(notices).map((n) => n.text),
  });
}

async function countFight(owners: string[] = []) {
  await game.settings.set("tempo", "ruleset", "count");
  const fenn = await armed("Fenn", "character", { abilities: { str: 3 }, primaryAbility: "str" }, owners, true);
  const gale = await armed("Gale", "npc", { defenses: { ac: 14 } });
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(
    world,
    combat,
    ["Fenn", "Gale"],
    { Fenn: fenn.actor, Gale: gale.actor },
    owners.length > 0 ? player : null,
  );
  const fennId = combat.combatants.contents.find((c) => c.name === "Fenn")?.id ?? "";
  let acting = await firstTurn(world, combat);
  for (let i = 0; i < 10 && acting !== fennId; i++) {
    await combat.nextTurn();
    await world.idle();
    acting = combat.combatant?.id ?? "";
  }
  return { combat, fenn, gale, fennId };
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("the sheet's Attack: the attack flow, as the hotbar macro", () => {
  it("registers the sheet's useItem, countDeclare, countReact and SEG-11 segmentNameTarget actions", () => {
    const actions = TempoActorSheet.DEFAULT_OPTIONS.actions as Record<string, unknown>;
    expect(Object.keys(actions)).toEqual(
      expect.arrayContaining(["useItem", "countDeclare", "countReact", "segmentNameTarget"]),
    );
  });

  it.each(["standard", "phase", "rotation"] as const)(
    "%s: Attack rolls on the user's target at once (attack card, damage on a hit); no combat command",
    async (ruleset) => {
      await game.settings.set("tempo", "ruleset", ruleset);
      const vex = await armed("Vex", "character", {
        abilities: { str: 3 },
        primaryAbility: "str",
        weaponSkills: [{ group: "blades", bonus: 20, proficient: true }],
        atk: 20,
      });
      const raider = await armed("Raider", "npc", { defenses: { ac: 2, dodge: 2, armor: 2, def: 2 }, side: "enemy" });
      targeting.target(world.gm, [raider.actor]);
      world.scriptedTotals.push(6, 6, 6, 6); // every die shows 6: a hit in each scheme (PHS: 2d6), then 6 damage
      dialogs.answers.push({ fields: {} }); // issue 19: the attack dialog, rolled as it opens
      const done = since();
      expect(await useSheetItem(vex.sheetActor, vex.itemId)).toBe(true);
      const { writes, messages } = done();
      expect(writes.every((w) => w.document === "ChatMessage")).toBe(true);
      expect(messages.map((m) => [m.type, inputOf(m).target])).toEqual([
        ["attack", "Raider"],
        ["damage", "Raider"],
      ]);
    },
  );

  it("no target: the localized reason and nothing written; an unknown item: a notice", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const vex = await armed("Vex", "character", {});
    const done = since();
    expect(await useSheetItem(vex.sheetActor, vex.itemId)).toBe(false);
    expect(await useSheetItem(vex.sheetActor, "nothing")).toBe(false);
    const { writes, notices } = done();
    expect(writes).toEqual([]);
    expect(notices).toEqual([
      expect.stringContaining("TEMPO.CHAT.Attack.NoTargets"),
      expect.stringContaining("TEMPO.SHEET.MacroNoItem"),
    ]);
  });

  it("CNT-6: a player's Attack declares through the GM with the item recorded; the player resolves the pending card and the attack rolls", async () => {
    const { combat, fenn, gale, fennId } = await countFight([player.id]);
    targeting.target(player, [gale.actor]);
    dialogs.answers.push({ fields: {} }); // issue 19: the attack dialog, on the player's page
    const declared = since();
    expect(await world.as(player, () => useSheetItem(copyOf(player, fenn.actor), fenn.itemId))).toBe(true);
    expect(dialogs.prompts.at(-1)?.user).toBe(player.id);
    await world.idle();
    expect(declared().writes.map((w) => w.document)).toEqual(["Combat", "Combatant"]);
    const uses = (combat.combatants.get(fennId) as unknown as { system: Obj }).system.declaredUses as Obj;
    expect(Object.values(uses)).toEqual([
      {
        itemUuid: `${fenn.actor.uuid}.Item.${fenn.itemId}`,
        targetUuids: [gale.actor.uuid],
        choices: expect.objectContaining({ attacks: 1, charged: false, modifier: 0 }) as unknown,
      },
    ]);
    let card: ChatMessageModel | undefined;
    for (let i = 0; i < 40 && card === undefined; i++) {
      const before = chat.messages.length;
      await step(world, combat);
      card = chat.messages.slice(before).find((m) => m.type === "pending");
    }
    if (card === undefined) throw new Error("no pending card");
    world.scriptedTotals.push(19, 6);
    const resolved = since();
    const refusal = await world.as(player, () => runCardAction(asChatMessage(card), "resolve"));
    await world.idle();
    expect(refusal).toBeNull();
    expect(resolved().messages.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Gale"],
      ["damage", "Gale"],
    ]);
    expect(inputOf(card).resolved).toBe(true);
  });
});

describe("CNT-6, CNT-12: the sheet's count Declare… and React…", () => {
  function pendingOf(combat: Tempo, id: string) {
    const input = trackerInputOf(combat, game.user);
    return input === null ? [] : (countTrackerFactsOf(input.host, input.state)?.pendingOf(id) ?? []);
  }

  it("Declare asks the count form for the actor's combatant and gives its declare; React stops the casting", async () => {
    const { combat, fenn, fennId } = await countFight();
    dialogs.answers.push({ fields: { kind: "spell", slotLevel: "2", target: "" } });
    expect(await sheetCountDeclare(fenn.sheetActor)).toBe(true);
    await world.idle();
    expect(pendingOf(combat, fennId).map((a) => [a.kind, a.delay])).toEqual([["spell", 2]]);
    dialogs.answers.push({ fields: { reaction: "stopCasting" } });
    expect(await sheetCountReact(fenn.sheetActor)).toBe(true);
    await world.idle();
    expect(pendingOf(combat, fennId)).toEqual([]);
  });

  it("a cancelled form gives nothing; an actor in no combat is told so and nothing is written", async () => {
    const { fenn } = await countFight();
    const loner = await armed("Loner", "character", {});
    const done = since();
    dialogs.answers.push("close");
    expect(await sheetCountDeclare(fenn.sheetActor)).toBe(false);
    expect(await sheetCountReact(loner.sheetActor)).toBe(false);
    const { writes, notices } = done();
    expect(writes).toEqual([]);
    expect(notices).toEqual([expect.stringContaining("TEMPO.SHEET.NoCombat")]);
  });
});
