import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledDocumentNames } from "../support/compiled-pack.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ROOT } from "../support/source-files.ts";
import { manifest, packSources } from "./pack-sources.ts";

/** The real build (vite + static files + packs), into a scratch folder so dist/ is left alone. */
const out = mkdtempSync(join(tmpdir(), "tempo-build-"));

beforeAll(() => {
  execFileSync(process.execPath, ["scripts/build.mjs", "--out-dir", out], {
    cwd: ROOT,
    stdio: "pipe",
    timeout: 60_000,
  });
}, 90_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("npm run build", () => {
  it("writes every file system.json names", () => {
    const files = [
      "system.json",
      ...manifest.esmodules,
      ...manifest.styles.map((s) => s.src),
      ...manifest.languages.map((l) => l.path),
      manifest.license,
      manifest.readme,
      manifest.changelog,
    ];
    for (const file of files) expect(existsSync(join(out, file)), file).toBe(true);
    for (const pack of manifest.packs) expect(statSync(join(out, pack.path)).isDirectory(), pack.path).toBe(true);
  });

  it("copies the manifest and the templates unchanged", () => {
    expect(readFileSync(join(out, "system.json"), "utf8")).toBe(readFileSync(join(ROOT, "system.json"), "utf8"));
    expect(existsSync(join(out, "templates"))).toBe(true);
  });

  it("ships the condition icons the status effects point at", () => {
    for (const file of readdirSync(join(ROOT, "icons/conditions")))
      expect(readFileSync(join(out, "icons/conditions", file), "utf8"), file).toBe(
        readFileSync(join(ROOT, "icons/conditions", file), "utf8"),
      );
  });

  it("compiles every pack with as many documents as its source folder", () => {
    for (const pack of manifest.packs)
      expect(compiledDocumentNames(join(out, pack.path)).length, pack.name).toBe(packSources(pack.path).length);
  });

  it("builds tempo.css from styles/tempo.css with its cascade layers", () => {
    const css = readFileSync(join(out, "tempo.css"), "utf8");
    expect(css).toMatch(/@layer tempo\.tokens/);
    expect(css).not.toMatch(/@import/);
  });

  it("keeps class names in tempo.mjs: loaded in Foundry, the Combat class is still TempoCombat", async () => {
    const bundle = readFileSync(join(out, "tempo.mjs"), "utf8");
    expect(bundle).toMatch(/class TempoCombat\b|\bTempoCombat = class\b/);
    // The runtime model's GM page loads the bundle as Foundry loads a system's esmodule, then runs init.
    const world = installFoundryWorld(1);
    try {
      await import(pathToFileURL(join(out, "tempo.mjs")).href);
      world.callHook("init");
      const combat = (CONFIG.Combat as { documentClass: { name: string } }).documentClass;
      expect(combat.name).toBe("TempoCombat");
    } finally {
      world.uninstall();
    }
  });
});
