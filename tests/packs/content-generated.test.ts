import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentPacks, documentText, GENERATED_PACKS } from "../../scripts/content/packs.ts";
import { stableId } from "../../scripts/content/documents.ts";
import { ROOT } from "../support/source-files.ts";

const packs = contentPacks();

describe("generated compendium sources (scripts/content)", () => {
  it("generates exactly the pack folders it owns", () => {
    expect([...packs.keys()].sort()).toEqual([...GENERATED_PACKS].sort());
  });

  it.each([...GENERATED_PACKS])(
    "packs/%s is up to date with the tables (run: node --import tsx scripts/content/generate.ts)",
    (pack) => {
      const docs = packs.get(pack) ?? new Map();
      const onDisk = readdirSync(join(ROOT, "packs", pack))
        .filter((name) => name.endsWith(".json"))
        .sort();
      expect(onDisk).toEqual([...docs.keys()].sort());
      for (const [name, doc] of docs)
        expect(readFileSync(join(ROOT, "packs", pack, name), "utf8"), name).toBe(documentText(doc));
    },
  );

  it("ids come from the names: the same name always gives the same 16-character id, another name another id", () => {
    expect(stableId("spells:Spark")).toBe(stableId("spells:Spark"));
    expect(stableId("spells:Spark")).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(stableId("spells:Spark")).not.toBe(stableId("spells:Spark "));
  });

  it("keeps the ids the weapons had before the tables existed", () => {
    const longsword = packs.get("weapons")?.get("longsword.json");
    expect(longsword?._id).toBe("MpHajzmnsTzL45sQ");
  });
});
