import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledDocumentNames } from "../support/compiled-pack.ts";
import { ROOT } from "../support/source-files.ts";
import { extractZip, readZip, type ZipContents } from "../support/zip-reader.ts";
import { packSources, type Manifest } from "../packs/pack-sources.ts";

/** `npm run package`, run once into scratch folders so dist/ and release/ are left alone. */
const scratch = mkdtempSync(join(tmpdir(), "tempo-package-"));
const unzipped = join(scratch, "unzipped");
const packageArgs = (...extra: string[]): string[] => ["--import", "tsx", "scripts/package.ts", ...extra];
let contents: ZipContents = new Map();
let manifest: Manifest & Readonly<Record<string, unknown>>;

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  repository: { url: string };
};

beforeAll(() => {
  execFileSync(
    process.execPath,
    packageArgs("--out-dir", join(scratch, "dist"), "--release-dir", join(scratch, "release")),
    { cwd: ROOT, stdio: "pipe", timeout: 90_000 },
  );
  contents = readZip(readFileSync(join(scratch, "release", "tempo.zip")));
  extractZip(contents, unzipped);
  manifest = JSON.parse(readFileSync(join(unzipped, "system.json"), "utf8")) as typeof manifest;
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm run package", () => {
  it("puts system.json at the top of tempo.zip, and every file it names is in the zip", () => {
    const named = [
      ...manifest.esmodules,
      ...manifest.styles.map((style) => style.src),
      ...manifest.languages.map((language) => language.path),
      manifest.license,
      manifest.readme,
      manifest.changelog,
    ];
    expect(named.length).toBeGreaterThan(5);
    for (const file of named) expect(contents.get(file), file).toBeInstanceOf(Buffer);
    for (const pack of manifest.packs) {
      const files = [...contents.keys()].filter((name) => name.startsWith(`${pack.path}/`) && !name.endsWith("/"));
      expect(files, pack.path).toContain(`${pack.path}/CURRENT`);
    }
  });

  it("ships only what Foundry loads: no TypeScript, sources, tests or source maps", () => {
    const names = [...contents.keys()];
    const topLevel = new Set(names.map((name) => name.split("/")[0]));
    expect([...topLevel].sort()).toEqual(
      [
        "CHANGELOG.md",
        "LICENSE",
        "README.md",
        "icons",
        "lang",
        "packs",
        "system.json",
        "templates",
        "tempo.css",
        "tempo.mjs",
      ].sort(),
    );
    expect(names.filter((name) => /\.(ts|map)$/.test(name) || /(^|\/)(src|tests|node_modules)\//.test(name))).toEqual(
      [],
    );
    // A bundle without its map must not point at one (the browser would ask for it on every page load).
    expect(contents.get("tempo.mjs")?.toString("utf8")).not.toMatch(/sourceMappingURL/);
    expect(contents.get("tempo.css")?.toString("utf8")).not.toMatch(/sourceMappingURL/);
  });

  it("packs in the zip open with the official CLI and hold every source document", () => {
    expect(manifest.packs.length).toBeGreaterThan(0);
    for (const pack of manifest.packs) {
      const names = compiledDocumentNames(join(unzipped, pack.path));
      const expected = packSources(pack.path).map((source) => source.doc.name);
      expect(names.sort(), pack.name).toEqual(expected.sort());
    }
  });

  it("takes the version from package.json and builds the manifest and download URLs from its repository", () => {
    const repo = "https://github.com/tempo-vtt/tempo";
    expect(pkg.repository.url).toBe(repo);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.url).toBe(repo);
    expect(manifest.manifest).toBe(`${repo}/releases/latest/download/system.json`);
    expect(manifest.download).toBe(`${repo}/releases/download/v${pkg.version}/tempo.zip`);
    // The manifest uploaded beside the zip (the one Foundry reads for updates) is the zip's own.
    expect(readFileSync(join(scratch, "release", "system.json"), "utf8")).toBe(
      contents.get("system.json")?.toString("utf8"),
    );
  });

  it("issue 20: the zip installs on Foundry v13 and v14 and no later, with fields both read", () => {
    expect(manifest.compatibility).toEqual({ minimum: "13", verified: "14", maximum: "14" });
    // Foundry's rule for the fields (https://foundryvtt.com/article/module-development/, "compatibility"): a
    // package installs from `minimum` on and not past `maximum`; `verified` is the newest it was tested on.
    const { minimum, maximum } = manifest.compatibility as { minimum: string; maximum: string };
    const installsOn = (generation: number): boolean =>
      Number(minimum.split(".")[0]) <= generation && generation <= Number(maximum.split(".")[0]);
    expect([12, 13, 14, 15].map(installsOn)).toEqual([false, true, true, false]);
    // The types are declared in documentTypes (v11 on), read by both; v14 deprecates template.json
    // (foundryvtt/foundryvtt #13429, removed in v16), so the zip has none.
    expect(Object.keys(manifest.documentTypes).sort()).toEqual(
      ["Actor", "ChatMessage", "Combat", "Combatant", "CombatantGroup", "Item"].sort(),
    );
    expect(contents.has("template.json")).toBe(false);
  });

  it("the README tells users the manifest URL the release publishes", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(manifest.manifest);
  });

  it("issue 22: writes Tempo's Token Action HUD module beside the system: its zip (module.json, script, licence) and manifest", () => {
    const id = "tempo-token-action-hud";
    const zip = readZip(readFileSync(join(scratch, "release", `${id}.zip`)));
    expect([...zip.keys()].sort()).toEqual(["LICENSE", "module.json", `${id}.mjs`]);
    const text = readFileSync(join(scratch, "release", `${id}.json`), "utf8");
    expect(zip.get("module.json")?.toString("utf8")).toBe(text);
    const module = JSON.parse(text) as Readonly<Record<string, unknown>>;
    const repo = "https://github.com/tempo-vtt/tempo";
    expect(module).toMatchObject({
      id,
      version: pkg.version,
      esmodules: [`${id}.mjs`],
      compatibility: { minimum: "13", verified: "14", maximum: "14" },
      url: repo,
      manifest: `${repo}/releases/latest/download/${id}.json`,
      download: `${repo}/releases/download/v${pkg.version}/${id}.zip`,
      relationships: {
        systems: [{ id: "tempo", type: "system", compatibility: { minimum: pkg.version } }],
        requires: [
          { id: "token-action-hud-core", type: "module", compatibility: { minimum: "2.0.0", maximum: "2.99" } },
        ],
      },
    });
    // Bundled alone: it imports nothing and carries none of the system's code (it calls CONFIG.TEMPO.actions).
    const script = zip.get(`${id}.mjs`)?.toString("utf8") ?? "";
    expect(script).toContain("CONFIG.TEMPO");
    expect(script).not.toMatch(/^import /m);
    expect(script).not.toMatch(/runHudAction|tokenActionHudGroups|sourceMappingURL/);
  });

  it("refuses, before building, when the changelog has no entry for the version", () => {
    const changelog = join(scratch, "CHANGELOG.md");
    writeFileSync(
      changelog,
      "# Changelog\n\n## [Unreleased]\n\n- Something new.\n\n## [0.0.1] - 2026-01-01\n\n- First.\n",
    );
    const out = join(scratch, "refused-dist");
    const release = join(scratch, "refused-release");
    const run = spawnSync(
      process.execPath,
      packageArgs("--out-dir", out, "--release-dir", release, "--changelog", changelog),
      { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`has no entry for version ${pkg.version}`);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(release)).toBe(false);
  });
});
