import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";
import { manifest, packSources } from "./pack-sources.ts";

/** Collection names in `_key`, by document type (only the types Tempo ships packs of). */
const COLLECTIONS: Readonly<Record<string, string>> = { Item: "items", Actor: "actors", JournalEntry: "journal" };

describe("pack sources", () => {
  it("every folder under packs/ is declared in system.json, and every declared pack has sources", () => {
    const folders = readdirSync(join(ROOT, "packs"))
      .map((name) => `packs/${name}`)
      .sort();
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
        expect(doc.name).toEqual(expect.any(String));
        // A Folder inside the pack (the CLI stores it as `!folders!<id>`) holds documents of the pack's type.
        if (String(doc._key).startsWith("!folders!")) {
          expect(doc._key).toBe(`!folders!${String(doc._id)}`);
          expect(doc.type).toBe(pack.type);
          return;
        }
        expect(doc._key).toBe(`!${collection ?? ""}!${String(doc._id)}`);
        // Journal entries have no subtypes; Items and Actors must use a declared one.
        if (subtypes.length === 0) expect(doc.type).toBeUndefined();
        else expect(subtypes).toContain(doc.type);
      });

      it("puts every document in a folder of the pack, or in none", () => {
        const folders = new Set(sources.filter(({ doc }) => doc.type === pack.type).map(({ doc }) => doc._id));
        for (const { file, doc } of sources) if (doc.folder != null) expect(folders.has(doc.folder), file).toBe(true);
      });

      it("uses every _id once", () => {
        const ids = sources.map(({ doc }) => doc._id);
        expect(new Set(ids).size).toBe(ids.length);
      });
    });
  }
});
