/**
 * SEG-16 at the table: a player's free and immediate attacks in a segment combat, from the sheet's Combat
 * tab (its `segmentAttack` action), the token HUD (the same control, `runHudAction`) and Token Action HUD
 * (`CONFIG.TEMPO.actions`). The control asks for the weapon and the opponent (a DialogV2 prompt, answered as
 * the user), the engine's `freeAttack` / `immediateAttack` is one Combat write, and the weapon rolls at once:
 * the attack card and, on a hit, the damage card. Dice are scripted totals.
 * The fight: the player's Hero (AAC0 15, a Sword 1d8) against an Orc (AC 5) and a Goblin (AC 6), every
 * creature declared melee; the enemies' group rolls 5 to the party's 2, so the Orc and the Goblin act first.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, SEGMENT_NO_DECLARATION } from "../../src/engine/index.ts";
import { cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { addCombatants, step, type Tempo } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { installTableWorld } from "../support/seed-table.ts";
import { documentWrites } from "../support/tempo-encounter.ts";

const { world, player, chat, targeting, dialogs } = await installTableWorld(197, "p1");
const { TempoActorSheet } = await import("../../src/foundry/applications/sheets/actor-sheet.ts");
const { runHudAction } = await import("../../src/foundry/applications/hud/hud-actions.ts");
const { actorSheetInputOf } = await import("../../src/foundry/applications/sheets/sheet-documents.ts");
const { buildActorSheetContext } = await import("../../src/view/sheets/actor-sheet-context.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");

type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

async function fight() {
  await game.settings.set("tempo", "ruleset", "segment");
  const hero = await world.addActor("Hero", [player.id], "character", creatureSystem(30, { side: "pc", aac0: 15 }));
  const orc = await world.addActor(
    "Orc",
    [],
    "npc",
    creatureSystem(30, { side: "enemy", defenses: { descendingAc: 5 } }),
  );
  const goblin = await world.addActor(
    "Goblin",
    [],
    "npc",
    creatureSystem(30, { side: "enemy", defenses: { descendingAc: 6 } }),
  );
  const sword = await ownedItem(world, hero, "Sword", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(world, combat, ["Hero", "Orc", "Goblin"], { Hero: hero, Orc: orc, Goblin: goblin }, player);
  await combat.startCombat();
  await world.idle();
  const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  const melee = { ...SEGMENT_NO_DECLARATION, action: "melee" as const, weaponSpeed: 5 };
  for (const name of ["Hero", "Orc", "Goblin"])
    await combat.tempoCommand({ type: "declare", combatantId: id(name), declaration: melee });
  await world.idle();
  return { combat, hero, orc, goblin, swordId: sword.id ?? "", id };
}

/** The GM plays on until `name` is acting (the groups roll 2 for the party, 5 for the enemies). */
async function until(combat: Tempo, id: string): Promise<void> {
  world.scriptedTotals.push(2, 5);
  for (let i = 0; i < 20 && combat.combatant?.id !== id; i++) await step(world, combat);
  expect(combat.combatant?.id).toBe(id);
  world.scriptedTotals.length = 0;
}

/** The Hero's Combat-tab control with `label`, as the player's sheet draws it. */
function control(hero: { id: string | null }, label: string) {
  const actor = game.actors.get(hero.id ?? "") as Actor.Implementation;
  const input = actorSheetInputOf(actor, "play", true, game.user);
  if (input === null) throw new Error("no sheet input");
  const found = buildActorSheetContext(input, "combat").combat.actions.find((c) => c.label.key === label);
  if (found === undefined) throw new Error(`no control ${label}`);
  return found;
}

/** The player presses the sheet's control `label`, answering the form with `fields`; the new documents written. */
async function pressOnSheet(hero: { id: string | null }, label: string, fields: Record<string, string>) {
  const handler = (TempoActorSheet as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
    .DEFAULT_OPTIONS.actions.segmentAttack;
  const writes = world.writes.length;
  const cards = chat.messages.length;
  await world.as(player, async () => {
    const pressed = control(hero, label);
    dialogs.answers.push({ fields });
    const sheet = { document: game.actors.get(hero.id ?? "") };
    await handler?.call(sheet, {}, { dataset: { command: pressed.command ?? "" } });
  });
  await world.idle();
  return { writes: documentWrites(world, writes), cards: chat.messages.slice(cards) };
}

const FREE = "TEMPO.SHEET.SegmentAttack.Free";
const IMMEDIATE = "TEMPO.SHEET.SegmentAttack.Immediate";

describe("SEG-16: free and immediate attacks at the table", () => {
  it("SEG-16: a free attack from the sheet as the Orc acts: one Combat write, the Sword's attack and damage cards; a second in that turn is refused", async () => {
    const { combat, hero, orc, swordId, id } = await fight();
    // Before the round runs there is no trigger: the control is drawn disabled with the engine's reason.
    expect(await world.as(player, async () => control(hero, FREE).reason?.key)).toBe("TEMPO.ERRORS.Segment.NoTrigger");
    await until(combat, id("Orc"));
    targeting.target(player, [orc]);
    // 11 against AC 5 needs 10 (AAC0 15): a hit; 1d8 = 6.
    world.scriptedTotals.push(11, 6);
    const done = await pressOnSheet(hero, FREE, { weapon: swordId, modifier: "0" });
    expect(dialogs.prompts.at(-1)?.names).toEqual(["weapon", "target", "modifier"]);
    expect(done.writes.map((w) => w.document)).toEqual(["Combat"]);
    expect(done.cards.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Orc"],
      ["damage", "Orc"],
    ]);
    expect(inputOf(done.cards[1]).swings).toEqual([6]);
    // SEG-16: one free attack per segment: the control is refused now against every opponent.
    expect(await world.as(player, async () => control(hero, FREE).reason?.key)).toBe(
      "TEMPO.ERRORS.Segment.OneFreeAttackPerSegment",
    );
    // Through Token Action HUD it is listed refused, and running it changes nothing.
    const actions = await world.as(player, async () => TEMPO.actions.list(hero).flatMap((g) => g.actions));
    const tah = actions.find((a) => a.name.includes(FREE));
    expect(tah?.disabled).toBe(true);
    const writes = world.writes.length;
    expect(await world.as(player, () => TEMPO.actions.run(hero, tah?.id ?? ""))).toMatchObject({ ok: false });
    expect(documentWrites(world, writes)).toEqual([]);
  });

  it("SEG-16: a free attack uses the creature's primary attack routine: with a natural weapon, each of its natural weapons rolls (claw hits, bite misses): one Combat write", async () => {
    const { combat, hero, orc, id } = await fight();
    const natural = { ...ITEM_DEFAULTS.weapon, group: "natural" };
    const claw = await ownedItem(world, hero, "Claw", "weapon", { ...natural, damage: "1d6" });
    await ownedItem(world, hero, "Bite", "weapon", { ...natural, damage: "1d4" });
    await until(combat, id("Orc"));
    targeting.target(player, [orc]);
    world.scriptedTotals.push(12, 4, 2); // the claw hits for 4; the bite's 2 misses
    const done = await pressOnSheet(hero, FREE, { weapon: claw.id ?? "", modifier: "0" });
    expect(done.writes.map((w) => w.document)).toEqual(["Combat"]);
    expect(done.cards.map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Orc"],
      ["damage", "Orc"],
      ["attack", "Orc"],
    ]);
  });

  it("SEG-16: an immediate attack from the token HUD uses the unspent major action: none is left for another, a free attack still is, and the Hero's declared melee turn is gone", async () => {
    const { combat, hero, swordId, id } = await fight();
    await until(combat, id("Orc"));
    // 8 + 2 = 10 against AC 5 needs 10: a hit with the +2 modifier; 1d8 = 3.
    world.scriptedTotals.push(8, 3);
    dialogs.answers.push({ fields: { weapon: swordId, target: id("Orc"), modifier: "2" } });
    const writes = world.writes.length;
    const cards = chat.messages.length;
    const command = JSON.stringify({ type: "immediateAttack", combatantId: id("Hero") });
    await world.as(player, () => runHudAction(hero as unknown as Actor.Implementation, "segmentAttack", { command }));
    await world.idle();
    expect(documentWrites(world, writes).map((w) => w.document)).toEqual(["Combat"]);
    expect(chat.messages.slice(cards).map((m) => [m.type, inputOf(m).target])).toEqual([
      ["attack", "Orc"],
      ["damage", "Orc"],
    ]);
    // As the Goblin acts the major action is used: an immediate attack is refused, a free one is not.
    await until(combat, id("Goblin"));
    expect(await world.as(player, async () => control(hero, IMMEDIATE).reason?.key)).toBe(
      "TEMPO.ERRORS.Segment.MajorSpent",
    );
    expect(await world.as(player, async () => control(hero, FREE).disabled)).toBe(false);
    // The rest of the round goes by without the Hero's declared melee turn.
    const acted: string[] = [];
    for (let i = 0; i < 20 && combat.round === 1; i++) {
      await step(world, combat);
      const name = combat.combatant?.name ?? "";
      if (combat.round === 1 && name !== "") acted.push(name);
    }
    expect(acted).not.toContain("Hero");
  });

  it("SEG-16: one free attack per opponent per round: the Orc attacked in its turn cannot be attacked again in the Goblin's; a bad form is refused with nothing written", async () => {
    const { combat, hero, swordId, id } = await fight();
    await until(combat, id("Orc"));
    world.scriptedTotals.push(2);
    const first = await pressOnSheet(hero, FREE, { weapon: swordId, target: id("Orc") });
    expect(first.cards.map((m) => m.type)).toEqual(["attack"]); // 2 misses
    await until(combat, id("Goblin"));
    const notices = world.notices.length;
    const again = await pressOnSheet(hero, FREE, { weapon: swordId, target: id("Orc") });
    expect(again.writes).toEqual([]);
    expect(again.cards).toEqual([]);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
      expect.stringContaining("TEMPO.ERRORS.Segment.OpponentAlreadyAttacked"),
    ]);
    const bad = await pressOnSheet(hero, FREE, { weapon: swordId, target: id("Goblin"), modifier: "2.5" });
    expect(bad.writes).toEqual([]);
    expect(world.notices.at(-1)?.text).toContain("TEMPO.SHEET.SegmentAttack.InvalidModifier");
  });
});
