/**
 * The Foundry test files share their modules within a worker (vitest.config.ts), so the system's
 * top-level code (init.ts's `Hooks.once("init")`) runs only for the first file a worker imports it in.
 * A test file that imported init.ts itself would get Tempo's init only when it happened to run first:
 * green or red by file order. Every world loads the system through `world.loadSystem()` instead
 * (tests/support/foundry-world.ts), which replays those registrations.
 */
import { describe, expect, it } from "vitest";
import { listFiles, readText } from "../support/source-files.ts";

const LOADER = "tests/support/foundry-world.ts";

describe("the system is loaded one way in tests", () => {
  it("no test file but the world's loader imports src/foundry/init.ts", () => {
    const importers = listFiles("tests", [".ts"]).filter(
      (path) => path !== LOADER && /import\(["'][./]+\/src\/foundry\/init\.ts["']\)/.test(readText(path)),
    );
    expect(importers).toEqual([]);
  });

  it("a module package's entry (src/modules) is imported only through world.loadModule, which replays it too", () => {
    const outside = listFiles("tests", [".ts"]).filter((path) =>
      readText(path)
        .split("\n")
        .some((line) => /import\(["'][./]+\/src\/modules\//.test(line) && !line.includes("loadModule(")),
    );
    expect(outside).toEqual([]);
    expect(readText("tests/foundry/token-hud.test.ts")).toMatch(/loadModule\([^\n]*import\(["'][./]+\/src\/modules\//);
  });

  it("the loader's import is still the one it replays (this check is not vacuous)", () => {
    expect(readText(LOADER)).toMatch(/import\(["'][./]+\/src\/foundry\/init\.ts["']\)/);
  });
});
