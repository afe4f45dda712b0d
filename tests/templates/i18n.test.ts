import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles, readText, ROOT } from "../support/source-files.ts";

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return typeof value === "string" ? [path] : leaves(value, path);
  });
}

const en = JSON.parse(readText("lang/en.json")) as Tree;
const keys = new Set(leaves(en));
const sources = [...listFiles("src", [".ts", ".hbs"]), ...listFiles("templates", [".hbs"])].filter(
  (f) => !f.endsWith(".test.ts"),
);
const texts = new Map(sources.map((file) => [file, readText(file)]));
/** A key is used when it stands whole inside quotes in code or templates. */
const QUOTED_KEY = /["'`](TEMPO\.[A-Za-z0-9_.]+)["'`]/g;

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const [file, text] of texts)
    for (const match of text.matchAll(QUOTED_KEY)) if (match[1]) used.set(match[1], file);
  return used;
}

describe("localization audit", () => {
  it("lang/en.json is valid nested JSON with string leaves", () => {
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys) expect(key.startsWith("TEMPO.") || key.startsWith("TYPES.")).toBe(true);
  });

  it("every TEMPO key used in code or templates exists in lang/en.json", () => {
    const missing = [...usedKeys()].filter(([key]) => !keys.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("no key is built by concatenation (it could not be audited)", () => {
    const built = [...texts]
      .filter(([, text]) => /TEMPO\.[A-Za-z0-9_][A-Za-z0-9_.]*\$\{/.test(text))
      .map(([file]) => file);
    expect(built).toEqual([]);
  });

  it("no TEMPO key in lang/en.json is unused", () => {
    const all = [...texts.values()].join("\n");
    const unused = [...keys].filter(
      (key) =>
        key.startsWith("TEMPO.") &&
        !all.includes(`"${key}"`) &&
        !all.includes(`'${key}'`) &&
        !all.includes(`\`${key}\``),
    );
    expect(unused).toEqual([]);
  });

  it("every TYPES label names a document subtype that system.json declares, and each subtype has one", () => {
    const manifestPath = join(ROOT, "system.json");
    if (!existsSync(manifestPath)) return;
    const manifest = JSON.parse(readText("system.json")) as { documentTypes?: Record<string, Record<string, unknown>> };
    const declared = Object.entries(manifest.documentTypes ?? {}).flatMap(([doc, types]) =>
      Object.keys(types).map((t) => `TYPES.${doc}.${t}`),
    );
    // The "base" subtype is every document's default type and is never declared in system.json.
    const labelled = [...keys].filter((k) => k.startsWith("TYPES.") && !k.endsWith(".base"));
    expect(labelled.sort()).toEqual(declared.sort());
  });
});
