import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { packSources } from "../packs/pack-sources.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { TempoActorSheet } = await import("../../src/foundry/applications/sheets/actor-sheet.ts");
const { attachItemDragData } = await import("../../src/foundry/applications/sheets/item-drag.ts");
const { createItemMacro, itemMacroCommand } = await import("../../src/foundry/applications/sheets/hotbar-macro.ts");

type Obj = Record<string, unknown>;
const longsword = packSources("packs/weapons").find(({ doc }) => doc.name === "Longsword")?.doc;
if (longsword === undefined) throw new Error("the weapons pack has no Longsword");

/** An actor as the drop reaches it: its uuid and the Items created on it. */
function actor(id: string) {
  const created: Obj[] = [];
  return {
    created,
    doc: {
      uuid: `Actor.${id}`,
      createEmbeddedDocuments: async (_name: "Item", data: object[]) => {
        created.push(...(data as Obj[]));
        return data;
      },
    },
  };
}

/** The sheet's drop handler, which Tempo's sheet inherits from ActorSheetV2 (no override). */
function dropOn(sheet: object, item: object): Promise<unknown> {
  const drop = Reflect.get(sheet, "_onDropItem") as (event: unknown, item: object) => Promise<unknown>;
  return drop.call(sheet, {}, item);
}

const compendiumItem = {
  uuid: `Compendium.tempo.weapons.Item.${String(longsword._id)}`,
  parent: null,
  toObject: () => structuredClone(longsword),
};

describe("drag and drop on the actor sheet", () => {
  it("Tempo's actor sheet keeps ActorSheetV2's own item drop (it overrides neither _onDrop nor _onDropItem)", () => {
    expect(Object.hasOwn(TempoActorSheet.prototype, "_onDropItem")).toBe(false);
    expect(Object.hasOwn(TempoActorSheet.prototype, "_onDrop")).toBe(false);
  });

  it("a compendium weapon dropped on the sheet is created on the actor with its name, type and statistics", async () => {
    const { doc, created } = actor("a1");
    const sheet = Object.assign(new TempoActorSheet(), { document: doc });
    await dropOn(sheet, compendiumItem);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: "Longsword", type: "weapon", system: longsword.system });
  });

  it("nothing is created for a viewer who may not edit the actor, nor for an item already on it", async () => {
    const { doc, created } = actor("a2");
    const locked = Object.assign(new TempoActorSheet(), { document: doc, isEditable: false });
    await dropOn(locked, compendiumItem);
    const own = Object.assign(new TempoActorSheet(), { document: doc });
    await dropOn(own, { ...compendiumItem, parent: { uuid: "Actor.a2" } });
    expect(created).toEqual([]);
  });
});

describe("dragging an item row to the hotbar", () => {
  it("the row's dragstart carries the item's drag data, and dropping that on the hotbar makes the macro", async () => {
    const listeners: ((event: DragEvent) => void)[] = [];
    const row = {
      dataset: { itemId: "i1" },
      addEventListener: (_: "dragstart", fn: (e: DragEvent) => void) => listeners.push(fn),
    };
    const uuid = "Actor.a1.Item.i1";
    const items = { get: (id: string) => (id === "i1" ? { toDragData: () => ({ type: "Item", uuid }) } : undefined) };
    attachItemDragData([row, { dataset: {}, addEventListener: () => undefined }], items);
    const transfer = new Map<string, string>();
    const event = { dataTransfer: { setData: (type: string, data: string) => transfer.set(type, data) } };
    for (const listener of listeners) listener(event as unknown as DragEvent);
    const data = JSON.parse(transfer.get("text/plain") ?? "null") as { type: string; uuid: string };
    expect(data).toEqual({ type: "Item", uuid });
    const macros: { command: string }[] = [];
    const host = {
      resolve: async () => ({ name: "Longsword", img: null, actor: { id: "a1" } }),
      find: () => null,
      create: async (macro: { command: string }) => (macros.push(macro), macro),
      assign: async () => undefined,
    };
    expect(await createItemMacro(host, data.uuid, 1)).toBe(true);
    expect(macros.map((m) => m.command)).toEqual([itemMacroCommand(uuid)]);
  });
});
