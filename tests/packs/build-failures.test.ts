import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A throwaway project with the real build script and vite config, an empty entry module and one
 * weapons pack made of `sources`. Returns the build's exit status and what it printed.
 */
function buildProject(sources: Readonly<Record<string, object>>): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "tempo-project-"));
  scratch.push(dir);
  mkdirSync(join(dir, "scripts"));
  mkdirSync(join(dir, "src/foundry"), { recursive: true });
  mkdirSync(join(dir, "packs/weapons"), { recursive: true });
  copyFileSync(join(ROOT, "scripts/build.mjs"), join(dir, "scripts/build.mjs"));
  copyFileSync(join(ROOT, "vite.config.ts"), join(dir, "vite.config.ts"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  // The build checks item sources with the engine's item validation and prints the English messages.
  symlinkSync(join(ROOT, "src/engine"), join(dir, "src/engine"), "dir");
  symlinkSync(join(ROOT, "lang"), join(dir, "lang"), "dir");
  writeFileSync(join(dir, "src/foundry/init.ts"), "export {};\n");
  const manifest = {
    id: "tempo",
    documentTypes: { Item: { weapon: {} } },
    packs: [{ name: "weapons", label: "Weapons", path: "packs/weapons", type: "Item" }],
  };
  writeFileSync(join(dir, "system.json"), JSON.stringify(manifest));
  for (const [name, doc] of Object.entries(sources)) writeFileSync(join(dir, "packs/weapons", name), JSON.stringify(doc));
  try {
    const output = execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 60_000 });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { status: failed.status ?? -1, output: `${failed.stdout}${failed.stderr}` };
  }
}

const dagger = { _id: "AbCdEfGhIjKlMnOp", _key: "!items!AbCdEfGhIjKlMnOp", name: "Dagger", type: "weapon", system: {} };

describe("the build refuses bad pack sources", () => {
  it("builds a pack whose sources are sound", () => {
    const result = buildProject({ "dagger.json": dagger });
    expect(result.output).toContain("pack weapons: 1 documents");
    expect(result.status).toBe(0);
  });

  it("fails on a source without _key (the CLI would skip it silently)", () => {
    const { _key: _dropped, ...noKey } = dagger;
    const result = buildProject({ "dagger.json": noKey });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("packs/weapons/dagger.json: no _key");
  });

  it("fails on a _key that does not match the _id, a short _id or an undeclared type", () => {
    const result = buildProject({
      "a.json": { ...dagger, _key: "!items!ZZZZZZZZZZZZZZZZ" },
      "b.json": { ...dagger, _id: "short", _key: "!items!short" },
      "c.json": { ...dagger, _id: "QrStUvWxYz012345", _key: "!items!QrStUvWxYz012345", type: "spell" },
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("packs/weapons/a.json: _key must be !items!AbCdEfGhIjKlMnOp");
    expect(result.output).toContain("packs/weapons/b.json: _id must be 16 letters or digits");
    expect(result.output).toContain('packs/weapons/c.json: type "spell" is not in system.json documentTypes.Item');
  });

  it("AP-1, CNT-15: fails on a weapon the Item model would refuse, naming the file, the field and why", () => {
    const weapon = (id: string, system: object) => ({ ...dagger, _id: id, _key: `!items!${id}`, system });
    const result = buildProject({
      "zero-ap.json": weapon("AAAAAAAAAAAAAAAA", { apCost: 0 }),
      "off-ladder.json": weapon("BBBBBBBBBBBBBBBB", { damage: "1d3" }),
      "garbled.json": weapon("CCCCCCCCCCCCCCCC", { damage: "2d", properties: { heavy: "yes" }, speed: -1 }),
      "typo.json": weapon("DDDDDDDDDDDDDDDD", { apcost: 10 }),
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("packs/weapons/zero-ap.json: system.apCost: A weapon's AP cost must be more than 0, not 0.");
    expect(result.output).toContain("packs/weapons/off-ladder.json: system.damage: The die 1d3 is not on the damage die ladder");
    expect(result.output).toContain('packs/weapons/garbled.json: system.damage: Cannot read the dice formula "2d".');
    expect(result.output).toContain("packs/weapons/garbled.json: system.properties.heavy: properties.heavy must be true or false, not yes.");
    expect(result.output).toContain("packs/weapons/garbled.json: system.speed: Weapon speed must be a whole number of 0 or more.");
    expect(result.output).toContain("packs/weapons/typo.json: system.apcost: apcost is not a field of this item type.");
    expect(result.output).not.toContain("pack weapons:");
  });
});
