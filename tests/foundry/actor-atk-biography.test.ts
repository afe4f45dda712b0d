import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ROOT } from "../support/source-files.ts";
import { packSources } from "../packs/pack-sources.ts";

// The runtime model's GM page in English: the models' refusals are checked as a user reads them.
const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { CharacterModel } = await import("../../src/foundry/data/actor/character-model.ts");
const { NpcModel } = await import("../../src/foundry/data/actor/npc-model.ts");

type Obj = Record<string, unknown>;
const parent = { parent: { items: [] } as never };

describe("actor models: ATK (PHS-8) and the biography", () => {
  it("system.json declares the biography an HTML field of both actor types", () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}/system.json`, "utf8")) as { documentTypes: { Actor: Obj } };
    expect(manifest.documentTypes.Actor).toMatchObject({
      character: { htmlFields: ["biography"] },
      npc: { htmlFields: ["biography"] },
    });
  });

  it("an actor stored before ATK and the biography existed loads with ATK +0 and no biography (no migration needed)", () => {
    const old = new NpcModel({ hp: { value: 9, max: 9 }, tier: 2 }, parent);
    expect(old._source).toMatchObject({ atk: 0, biography: "", tier: 2, hp: { value: 9, max: 9 } });
  });

  it("PHS-8: a fractional ATK is refused (the integer field, as core's NumberField does) and nothing is saved; a negative one is kept", () => {
    const pc = new CharacterModel({ atk: 2 }, parent);
    expect(() => pc.updateSource({ atk: 1.5 })).toThrow(/atk/);
    expect(pc._source.atk).toBe(2);
    pc.updateSource({ atk: -1 });
    expect(pc._source.atk).toBe(-1);
  });

  it("the biography keeps its HTML as written", () => {
    const pc = new CharacterModel({ biography: "<p>From the <em>river</em> towns.</p>" }, parent);
    expect(pc._source.biography).toBe("<p>From the <em>river</em> towns.</p>");
  });
});

describe("npcs pack: ATK and biographies", () => {
  const npcs = packSources("packs/npcs").filter(({ doc }) => doc.type === "npc");
  const phase = npcs.filter(({ doc }) => /phase rounds foe/.test(String((doc.system as Obj).biography)));

  it("PHS-8: every phase rounds npc has its ATK, and its biography states it", () => {
    expect(phase.length).toBeGreaterThanOrEqual(6);
    for (const { file, doc } of phase) {
      const system = doc.system as { atk: number; biography: string };
      const shown = system.atk < 0 ? `−${-system.atk}` : `+${system.atk}`;
      expect(system.biography, file).toContain(`ATK ${shown}`);
    }
    expect(phase.some(({ doc }) => (doc.system as { atk: number }).atk > 0)).toBe(true);
  });

  it("every npc has a one or two sentence biography naming its hit points and its first weapon", () => {
    for (const { file, doc } of npcs) {
      const system = doc.system as { biography: string; hp: { max: number } };
      const items = doc.items as { name: string; type: string }[];
      const text = system.biography.replace(/<[^>]+>/g, "");
      expect(text, file).toContain(`${system.hp.max} hit points`);
      const first = items.find((item) => item.type === "weapon");
      if (first !== undefined) expect(text, file).toContain(first.name);
      expect(text.split(/\.\s/).length, file).toBeLessThanOrEqual(2);
    }
  });
});
