import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";

// The runtime model's GM page in English: the models' refusals are checked as a user reads them.
const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { EncounterModel, encounterDataOf } = await import("../../src/foundry/data/actor/encounter-model.ts");

const GOBLIN = "Compendium.tempo.npcs.Actor.gob1in0000000001";
const goblins = { uuid: GOBLIN, name: "Goblin", count: 3, side: "enemy" as const, group: null };

describe("encounter actor model (issue 12 item 1)", () => {
  it("registers the encounter Actor subtype", () => {
    const dataModels = (CONFIG.Actor as { dataModels: Record<string, unknown> }).dataModels;
    expect(dataModels.encounter).toBe(EncounterModel);
  });

  it("a new encounter is an empty count encounter with nobody surprised", () => {
    const model = new EncounterModel({}, { parent: null as never });
    expect(encounterDataOf({ system: model })).toEqual({ ruleset: "count", surprise: "none", entries: [], groups: [] });
  });

  it("an entry's missing fields take their defaults (1 creature, enemy, no group)", () => {
    const model = new EncounterModel({ entries: [{ uuid: GOBLIN, name: "Goblin" }] }, { parent: null as never });
    expect(encounterDataOf({ system: model })?.entries).toEqual([{ ...goblins, count: 1 }]);
  });

  it("a bad reference is refused with the localized reason naming the entry, and the source is unchanged", () => {
    const model = new EncounterModel({ ruleset: "standard", entries: [goblins] }, { parent: null as never });
    const before = structuredClone(model._source);
    const bad = { entries: [goblins, { ...goblins, uuid: "Compendium.tempo.npcs.Item.x", name: "Ogre" }] };
    expect(() => model.updateSource(bad as never)).toThrow(
      'This encounter cannot be saved: Ogre: "Compendium.tempo.npcs.Item.x" is not an actor reference',
    );
    expect(model._source).toEqual(before);
  });

  it("ROT-4: a group in a ruleset without groups is refused; in rotation it is kept", () => {
    const grouped = { groups: [{ id: "g1", name: "Pack" }], entries: [{ ...goblins, group: "g1" }] };
    expect(() => new EncounterModel({ ruleset: "phase", ...grouped } as never, { parent: null as never })).toThrow(
      "The phase ruleset has no initiative groups",
    );
    const model = new EncounterModel({ ruleset: "rotation", ...grouped } as never, { parent: null as never });
    expect(encounterDataOf({ system: model })?.entries[0]?.group).toBe("g1");
  });

  it("encounterDataOf is null for anything that is not an encounter", () => {
    expect(encounterDataOf({ system: {} })).toBeNull();
    expect(encounterDataOf(null)).toBeNull();
  });
});
