import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { packSources } from "../packs/pack-sources.ts";

// The runtime model's GM page in English: the models' refusals are checked as a user reads them.
const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { NpcModel } = await import("../../src/foundry/data/actor/npc-model.ts");

const npcs = packSources("packs/npcs").filter(({ doc }) => doc.type === "npc");

describe("npcs pack through the npc data model", () => {
  it.each(npcs)(
    "$file: the model accepts it as stored (migration, cleaning and validateJoint change nothing)",
    ({ doc }) => {
      const system = doc.system as Record<string, unknown>;
      const model = new NpcModel(structuredClone(system), { parent: { items: [] } as never });
      expect(model._source).toEqual(system);
    },
  );

  it("SEG-14: the 5+5 HD creature's model derives 6 HD attacks and 7 HD saves", () => {
    const troll = npcs.find(({ doc }) => (doc.system as { hitDice: string }).hitDice === "5+5");
    const model = new NpcModel(structuredClone(troll?.doc.system as Record<string, unknown>), {
      parent: { items: [] } as never,
    });
    model.prepareDerivedData();
    expect(model.derived.hitDice).toMatchObject({ attackHitDice: 6, saveHitDice: 7, hitPoints: "5d8+25" });
  });
});
