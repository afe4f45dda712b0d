import { readFileSync } from "node:fs";
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
const table = JSON.parse(readFileSync(join(ROOT, "scripts/encounters/npcs.json"), "utf8")) as {
  pack: string;
  npcs: Record<string, { id: string; name: string }>;
};

const sources = packSources("packs/encounters");
type System = { ruleset: string; entries: { uuid: string; name: string }[] };
const systemOf = (doc: Readonly<Record<string, unknown>>) => doc.system as System;

/** The NPC documents of the NPC packs system.json declares (none until they land). */
function npcPackIds(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const pack of manifest.packs.filter((p) => p.type === "Actor" && p.path.startsWith("packs/npcs")))
    out.set(pack.name, new Set(packSources(pack.path).map(({ doc }) => String(doc._id))));
  return out;
}

describe("the encounters pack (issue 12 item 1)", () => {
  it("is declared in system.json as an Actor pack", () => {
    expect(manifest.packs.find((p) => p.name === "encounters")).toMatchObject({
      path: "packs/encounters",
      type: "Actor",
    });
  });

  it("ships ready encounters for every ruleset (two each)", () => {
    const rulesets = sources.map(({ doc }) => systemOf(doc).ruleset);
    for (const ruleset of RULESET_IDS) expect(rulesets.filter((r) => r === ruleset), ruleset).toHaveLength(2);
  });

  it("is what `npm run encounters` writes from the designs and the NPC table (regenerate after editing them)", async () => {
    const generated = await generator.encounterSources();
    expect(generated.map((g) => `packs/encounters/${g.file}`).sort()).toEqual(sources.map((s) => s.file).sort());
    for (const { file, doc } of generated)
      expect(sources.find((s) => s.file === `packs/encounters/${file}`)?.doc, file).toEqual(doc);
  });

  it.each(sources)("$file passes the encounter model's check", ({ doc }) => {
    expect(doc.type).toBe("encounter");
    expect(encounterProblems(doc.system)).toEqual([]);
  });

  it("every entry names an NPC compendium entry: in its NPC pack when that pack is declared, else in the NPC table", () => {
    const packs = npcPackIds();
    const tableIds = new Set(Object.values(table.npcs).map((n) => `Compendium.tempo.${table.pack}.Actor.${n.id}`));
    for (const { file, doc } of sources) {
      for (const entry of systemOf(doc).entries) {
        expect(isActorUuid(entry.uuid), `${file}: ${entry.uuid}`).toBe(true);
        const [, , pack = "", , id = ""] = entry.uuid.split(".");
        const declared = packs.get(pack);
        if (declared !== undefined) expect(declared.has(id), `${file}: ${entry.name} in ${pack}`).toBe(true);
        else expect(tableIds.has(entry.uuid), `${file}: ${entry.name}`).toBe(true);
      }
    }
  });
});
