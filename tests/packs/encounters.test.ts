import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULESET_IDS, encounterProblems, isActorUuid } from "../../src/engine/index.ts";
import { ROOT } from "../support/source-files.ts";
import { manifest, packSources } from "./pack-sources.ts";

interface Generated {
  readonly file: string;
  readonly doc: Record<string, unknown>;
}
const generator = (await import(join(ROOT, "scripts/encounter-packs.mjs"))) as {
  encounterSources(): Promise<Generated[]>;
};

const sources = packSources("packs/encounters");
type System = { ruleset: string; entries: { uuid: string; name: string }[] };
const systemOf = (doc: Readonly<Record<string, unknown>>) => doc.system as System;

describe("the encounters pack (issue 12 item 1)", () => {
  it("is declared in system.json as an Actor pack", () => {
    expect(manifest.packs.find((p) => p.name === "encounters")).toMatchObject({
      path: "packs/encounters",
      type: "Actor",
    });
  });

  it("ships ready encounters for every ruleset (two each)", () => {
    const rulesets = sources.map(({ doc }) => systemOf(doc).ruleset);
    for (const ruleset of RULESET_IDS)
      expect(
        rulesets.filter((r) => r === ruleset),
        ruleset,
      ).toHaveLength(2);
  });

  it("is what `npm run encounters` writes from the designs and the NPC pack (regenerate after editing them)", async () => {
    const generated = await generator.encounterSources();
    expect(generated.map((g) => `packs/encounters/${g.file}`).sort()).toEqual(sources.map((s) => s.file).sort());
    for (const { file, doc } of generated)
      expect(sources.find((s) => s.file === `packs/encounters/${file}`)?.doc, file).toEqual(doc);
  });

  it.each(sources)("$file passes the encounter model's check", ({ doc }) => {
    expect(doc.type).toBe("encounter");
    expect(encounterProblems(doc.system)).toEqual([]);
  });

  it("every entry names an NPC of the NPC pack, from the folder of the encounter's ruleset", () => {
    const npcs = packSources("packs/npcs").map(({ doc }) => doc);
    const folderOf = new Map(npcs.filter((doc) => doc.type === "npc").map((doc) => [String(doc._id), doc.folder]));
    const folderByRuleset = new Map<string, unknown>();
    for (const { file, doc } of sources) {
      const ruleset = systemOf(doc).ruleset;
      for (const entry of systemOf(doc).entries) {
        expect(isActorUuid(entry.uuid), `${file}: ${entry.uuid}`).toBe(true);
        const [, , pack = "", , id = ""] = entry.uuid.split(".");
        expect(pack, `${file}: ${entry.name}`).toBe("npcs");
        expect(folderOf.has(id), `${file}: ${entry.name} is in packs/npcs`).toBe(true);
        if (!folderByRuleset.has(ruleset)) folderByRuleset.set(ruleset, folderOf.get(id));
        expect(folderOf.get(id), `${file}: ${entry.name} is a ${ruleset} NPC`).toBe(folderByRuleset.get(ruleset));
      }
    }
    expect(new Set(folderByRuleset.values()).size).toBe(RULESET_IDS.length);
  });
});
