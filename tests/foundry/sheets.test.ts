import { afterAll, describe, expect, it, vi } from "vitest";
import { ITEM_DEFAULTS, type HostCommand } from "../../src/engine/index.ts";
import { attackCommand } from "../../src/view/sheets/sheet-commands.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(7);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { sendSheetCommand, useItemNow, actorCombatOf } =
  await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { createItemMacro, itemMacroCommand } = await import("../../src/foundry/applications/sheets/hotbar-macro.ts");
const { TempoActorSheet } = await import("../../src/foundry/applications/sheets/actor-sheet.ts");
const { TempoItemSheet } = await import("../../src/foundry/applications/sheets/item-sheet.ts");
const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");

const sword = {
  ...ITEM_DEFAULTS.weapon,
  damage: "1d8",
  properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
};

/** A count encounter of two actors' combatants, started and rolled; returns who acts now and who waits. */
async function countEncounter(): Promise<{
  combat: Tempo;
  acting: string;
  waiting: string;
  actorOf: Map<string, string>;
}> {
  await game.settings.set("tempo", "ruleset", "count");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  const ilsa = await world.addActor("Ilsa", [player.id]);
  const ogre = await world.addActor("Ogre");
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ilsa", actorId: ilsa.id, owners: [player.id], system: { side: "pc", initiativeBonus: 3 } },
    { name: "Ogre", actorId: ogre.id, system: { side: "enemy", initiativeBonus: 0 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  await combat.rollAll();
  await world.idle();
  const model = tempoModelOf(combat);
  const acting = model === null ? null : model.host.current(model.state);
  if (acting === null) throw new Error("nobody acts after the rolls");
  const waiting = combat.combatants.contents.find((c) => c.id !== acting)?.id;
  if (waiting == null) throw new Error("no second combatant");
  const actorOf = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c.actor?.id ?? ""]));
  return { combat, acting, waiting, actorOf };
}

function countCommands(combat: Tempo): HostCommand[] {
  const sent: HostCommand[] = [];
  const original = combat.tempoCommand.bind(combat);
  vi.spyOn(combat, "tempoCommand").mockImplementation((command: HostCommand) => {
    sent.push(command);
    return original(command);
  });
  return sent;
}

describe("sheet registration", () => {
  it("registers Tempo's actor sheet for character and npc and its item sheet for every item type, as defaults", () => {
    const actor = world.sheets.find((s) => s.sheetClass === TempoActorSheet);
    const item = world.sheets.find((s) => s.sheetClass === TempoItemSheet);
    expect(actor?.options).toMatchObject({ types: ["character", "npc"], makeDefault: true });
    expect(item?.options).toMatchObject({
      types: ["weapon", "spell", "armor", "feat", "power", "gear"],
      makeDefault: true,
    });
  });
});

describe("sheet commands (through the combat's tempoCommand, as the tracker sends them)", () => {
  it("CNT-6: an attack the rules allow now sends exactly one command and the engine holds the declared attack", async () => {
    const { combat, acting, actorOf } = await countEncounter();
    const sent = countCommands(combat);
    const command = attackCommand("count", acting, sword);
    if (command === null) throw new Error("count has an attack command");
    expect(await sendSheetCommand(combat, command)).toBe(true);
    await world.idle();
    expect(sent).toEqual([command]);
    const model = tempoModelOf(combat);
    const pending = model === null ? [] : model.host.timeline(model.state).filter((e) => e.kind === "pending");
    expect(pending.map((e) => e.combatantId)).toContain(acting);
    expect(actorCombatOf({ id: actorOf.get(acting) ?? null })?.combatantId).toBe(acting);
  });

  it("CNT-6: an attack out of turn sends nothing and shows the engine's reason", async () => {
    const { combat, waiting } = await countEncounter();
    const sent = countCommands(combat);
    const notices = world.notices.length;
    const command = attackCommand("count", waiting, sword);
    if (command === null) throw new Error("count has an attack command");
    expect(await sendSheetCommand(combat, command)).toBe(false);
    expect(sent).toEqual([]);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([expect.stringMatching(/^TEMPO\.ERRORS\./)]);
  });

  it("the hotbar macro's action attacks with the item's actor in its combat; an actor in no combat is told so", async () => {
    const { combat, acting, actorOf } = await countEncounter();
    const sent = countCommands(combat);
    const use = { type: "weapon" as const, stats: sword };
    const ok = await useItemNow({ name: "Sword", actor: { id: actorOf.get(acting) ?? null, name: "A" }, use });
    expect(ok).toBe(true);
    expect(sent).toHaveLength(1);
    const loner = await world.addActor("Loner");
    const notices = world.notices.length;
    expect(await useItemNow({ name: "Sword", actor: { id: loner.id, name: "Loner" }, use })).toBe(false);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([expect.stringContaining("TEMPO.SHEET.NoCombat")]);
  });
});

describe("hotbar drop", () => {
  function macroHost(items: Record<string, unknown>) {
    const macros: { name: string; command: string }[] = [];
    const slots = new Map<number, unknown>();
    return {
      macros,
      slots,
      host: {
        resolve: async (uuid: string) => items[uuid] ?? null,
        find: (command: string) => macros.find((m) => m.command === command) ?? null,
        create: async (data: { name: string; command: string }) => {
          macros.push(data);
          return data;
        },
        assign: async (macro: unknown, slot: number) => slots.set(slot, macro),
      },
    };
  }

  it("an owned item dropped on the hotbar becomes one script macro that uses it, reused on a second drop", async () => {
    const uuid = "Actor.a1.Item.i1";
    const { host, macros, slots } = macroHost({ [uuid]: { name: "Longsword", img: null, actor: { id: "a1" } } });
    expect(await createItemMacro(host, uuid, 3)).toBe(true);
    expect(await createItemMacro(host, uuid, 4)).toBe(true);
    expect(macros).toEqual([{ name: "Longsword", type: "script", img: null, command: itemMacroCommand(uuid) }]);
    expect(itemMacroCommand(uuid)).toBe('CONFIG.TEMPO.useItem("Actor.a1.Item.i1");');
    expect(slots.get(3)).toBe(slots.get(4));
  });

  it("an item nobody holds makes no macro and the user is told why", async () => {
    const { host, macros } = macroHost({ "Item.i2": { name: "Loose", img: null, actor: null } });
    const notices = world.notices.length;
    expect(await createItemMacro(host, "Item.i2", 1)).toBe(false);
    expect(macros).toEqual([]);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual(["TEMPO.SHEET.MacroUnowned {}"]);
  });
});
