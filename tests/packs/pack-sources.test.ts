import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";
import { manifest, packSources } from "./pack-sources.ts";

/** Collection names in `_key`, by document type (only the types Tempo ships packs of). */
const COLLECTIONS: Readonly<Record<string, string>> = { Item: "items", Actor: "actors", JournalEntry: "journal" };

describe("pack sources", () => {
  it("every folder under packs/ is declared in system.json, and every declared pack has sources", () => {
    const folders = readdirSync(join(ROOT, "packs")).map((name) => `packs/${name}`).sort();
    expect(manifest.packs.map((p) => p.path).sort()).toEqual(folders);
    for (const pack of manifest.packs) expect(packSources(pack.path).length).toBeGreaterThan(0);
  });

  for (const pack of manifest.packs) {
    describe(`${pack.name} (${pack.type})`, () => {
      const sources = packSources(pack.path);
      const collection = COLLECTIONS[pack.type];
      const subtypes = Object.keys(manifest.documentTypes[pack.type] ?? {});

      it("has a known document type", () => {
        expect(collection).toEqual(expect.any(String));
      });

      it.each(sources)("$file has a 16-character _id, a matching _key and a declared type", ({ doc }) => {
        expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(doc._key).toBe(`!${collection ?? ""}!${String(doc._id)}`);
        expect(subtypes).toContain(doc.type);
        expect(doc.name).toEqual(expect.any(String));
      });

      it("uses every _id once", () => {
        const ids = sources.map(({ doc }) => doc._id);
        expect(new Set(ids).size).toBe(ids.length);
      });
    });
  }
});
