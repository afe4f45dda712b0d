import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderEntries, writeZip } from "../../scripts/release/zip.ts";
import { readZip } from "../support/zip-reader.ts";

describe("release zip writer", () => {
  it("round-trips files, empty files and folders byte for byte", () => {
    const text = Buffer.from("Tempo ".repeat(500), "utf8"); // compresses: deflated
    const noise = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 151) % 256)); // does not: stored
    const zip = writeZip([
      { name: "lang/", data: null },
      { name: "lang/en.json", data: text },
      { name: "noise.bin", data: noise },
      { name: "empty", data: Buffer.alloc(0) },
      { name: "déjà vu.txt", data: Buffer.from("ü") },
    ]);
    const read = readZip(zip);
    expect([...read.keys()]).toEqual(["lang/", "lang/en.json", "noise.bin", "empty", "déjà vu.txt"]);
    expect(read.get("lang/")).toBeNull();
    expect(read.get("lang/en.json")?.equals(text)).toBe(true);
    expect(read.get("noise.bin")?.equals(noise)).toBe(true);
    expect(read.get("empty")?.length).toBe(0);
    expect(read.get("déjà vu.txt")?.toString("utf8")).toBe("ü");
    expect(zip.length).toBeLessThan(text.length);
  });

  it("gives the same bytes for the same files (no timestamps from the clock)", () => {
    const entries = [{ name: "a.txt", data: Buffer.from("a") }];
    expect(writeZip(entries).equals(writeZip(entries))).toBe(true);
  });

  it("refuses names that would unpack outside the folder", () => {
    expect(() => writeZip([{ name: "../evil", data: Buffer.from("x") }])).toThrow(/\.\./);
    expect(() => writeZip([{ name: "/etc/evil", data: Buffer.from("x") }])).toThrow(/relative/);
  });

  it("zips a folder with / separators, leaving out what the filter rejects", () => {
    const dir = mkdtempSync(join(tmpdir(), "tempo-zip-"));
    try {
      mkdirSync(join(dir, "packs", "weapons"), { recursive: true });
      writeFileSync(join(dir, "packs", "weapons", "CURRENT"), "MANIFEST-000001\n");
      writeFileSync(join(dir, "tempo.mjs"), "export {};\n");
      writeFileSync(join(dir, "tempo.mjs.map"), "{}");
      const entries = folderEntries(dir, (name) => !name.endsWith(".map"));
      expect(entries.map((entry) => entry.name)).toEqual([
        "packs/",
        "packs/weapons/",
        "packs/weapons/CURRENT",
        "tempo.mjs",
      ]);
      expect(readZip(writeZip(entries)).get("packs/weapons/CURRENT")?.toString()).toBe("MANIFEST-000001\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
