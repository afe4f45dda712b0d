import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { addCompendiumActor } from "../support/world-scenes.ts";

// World and compendium actors on the runtime model (runtime/actor.ts, runtime/uuid.ts).
const world = installFoundryWorld(11);
afterAll(() => world.uninstall());
await world.loadSystem();
world.callHook("init");
const { TempoEncounterSheet } = await import("../../src/foundry/applications/sheets/encounter-sheet.ts");
const { encounterSheetInputOf } = await import("../../src/foundry/applications/sheets/encounter-sheet-documents.ts");
const { encounterDataOf } = await import("../../src/foundry/data/actor/encounter-model.ts");

type Sheet = InstanceType<typeof TempoEncounterSheet>;
type Obj = Record<string, unknown>;

const GOBLIN = addCompendiumActor(world, "tempo.npcs", { _id: "gob1in0000000001", name: "Goblin", type: "npc" });
const wolf = await world.addActor("Wolf", [], "npc");

/**
 * A world encounter Actor on the model's server: its system data is the encounter model, an update is
 * one Actor write whose system arrays are replaced whole (runtime/diff.ts), the GM's copy.
 */
async function encounterActor(system: object): Promise<Actor.Implementation> {
  const actor: ActorModel = await world.addActor("Ambush", [], "encounter", system as Obj);
  return actor as unknown as Actor.Implementation;
}

/** The sheet on `actor`, editable, counting its renders (the model's sheet base draws nothing). */
function sheetOf(actor: object): { sheet: Sheet; renders: () => number } {
  let renders = 0;
  const sheet = new TempoEncounterSheet({ document: actor } as never);
  Object.assign(sheet, { document: actor, isEditable: true, render: async () => (renders += 1) });
  return { sheet, renders: () => renders };
}

const actorWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "Actor");

/** The sheet's form handler (DEFAULT_OPTIONS.form.handler), given core's flat form data. */
async function submit(sheet: Sheet, object: Obj): Promise<void> {
  const handler = (
    TempoEncounterSheet.DEFAULT_OPTIONS.form as unknown as {
      handler: (this: Sheet, e: Event, f: unknown, d: { object: Obj }) => Promise<void>;
    }
  ).handler;
  await handler.call(sheet, new Event("submit"), null, { object });
}

const base = {
  ruleset: "rotation",
  surprise: "none",
  groups: [{ id: "pack", name: "Wolf pack" }],
  entries: [{ uuid: wolf.uuid, name: "Wolf", count: 2, side: "enemy", group: "pack" }],
};

describe("encounter sheet (issue 12)", () => {
  it("is registered as the default sheet of the encounter Actor type", () => {
    const registered = world.sheets.find((s) => s.sheetClass === TempoEncounterSheet);
    expect(registered?.options).toMatchObject({ types: ["encounter"], makeDefault: true });
  });

  it("a compendium NPC dropped on the sheet adds one entry with one update; dropped again, its count goes up", async () => {
    const actor = await encounterActor(base);
    const { sheet } = sheetOf(actor);
    const from = world.writes.length;
    const goblin = await fromUuid(GOBLIN as `Actor.${string}`);
    await expect(sheet._onDropActor(new Event("drop") as DragEvent, goblin)).resolves.toBe(true);
    expect(actorWrites(from)).toHaveLength(1);
    expect(encounterDataOf(actor)?.entries.map((e) => [e.name, e.count, e.side, e.group])).toEqual([
      ["Wolf", 2, "enemy", "pack"],
      ["Goblin", 1, "enemy", null],
    ]);
    await sheet._onDropActor(new Event("drop") as DragEvent, goblin);
    expect(actorWrites(from)).toHaveLength(2);
    expect(encounterDataOf(actor)?.entries[1]?.count).toBe(2);
  });

  it("a dropped encounter is refused with a reason and nothing is written", async () => {
    const actor = await encounterActor(base);
    const other = await encounterActor(base);
    const { sheet, renders } = sheetOf(actor);
    const from = world.writes.length;
    const notices = world.notices.length;
    await expect(sheet._onDropActor(new Event("drop") as DragEvent, other)).resolves.toBe(false);
    expect(actorWrites(from)).toEqual([]);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
      "TEMPO.ENCOUNTERS.Sheet.NoEncounterInEncounter {}",
    ]);
    expect(renders()).toBe(1);
  });

  it("a bad form edit (a count of 0) writes nothing, keeps the encounter and shows the engine's reason", async () => {
    const actor = await encounterActor(base);
    const { sheet } = sheetOf(actor);
    const before = encounterDataOf(actor);
    const from = world.writes.length;
    const notices = world.notices.length;
    await submit(sheet, { name: "Ambush", "system.entries.0.count": 0 });
    expect(actorWrites(from)).toEqual([]);
    expect(encounterDataOf(actor)).toEqual(before);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
      'TEMPO.ERRORS.Encounter.Count {"name":"Wolf","max":"50"}',
    ]);
  });

  it("ROT-5: a good form edit (count, surprise, group rename) is one update; an unchanged form writes nothing", async () => {
    const actor = await encounterActor(base);
    const { sheet } = sheetOf(actor);
    const from = world.writes.length;
    await submit(sheet, {
      name: "Night ambush",
      "system.surprise": "party",
      "system.entries.0.count": 5,
      "system.groups.0.name": "Hungry pack",
    });
    expect(actorWrites(from)).toHaveLength(1);
    expect(actor.name).toBe("Night ambush");
    expect(encounterDataOf(actor)).toMatchObject({
      surprise: "party",
      entries: [{ count: 5, group: "pack" }],
      groups: [{ id: "pack", name: "Hungry pack" }],
    });
    await submit(sheet, { name: "Night ambush", "system.entries.0.count": 5 });
    expect(actorWrites(from)).toHaveLength(1);
  });

  it("with no scene viewed and no deploy to undo, the GM's Deploy and Undo are disabled with their reasons", async () => {
    Object.defineProperty(globalThis, "canvas", { configurable: true, value: { scene: null } });
    const actor = await encounterActor(base);
    const input = encounterSheetInputOf(actor, true, null);
    expect(input).toMatchObject({ gm: true, hasScene: false, canUndo: false, editable: true });
    Reflect.deleteProperty(globalThis, "canvas");
  });
});
