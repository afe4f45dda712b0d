import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";

/**
 * ARCHITECTURE: no import cycles in src/ and one-way layers. `npm run lint` runs dependency-cruiser with
 * the project's real configuration; these run the same command on small fixtures that break the rules
 * (the `.ts` imports must resolve, or the cycle would go unseen) and on src/ itself.
 */
const CONFIG = join(ROOT, ".dependency-cruiser.mjs");
const pkg = JSON.parse(readFileSync(join(ROOT, "node_modules/dependency-cruiser/package.json"), "utf8")) as {
  bin: Record<string, string>;
};
const BIN = join(ROOT, "node_modules/dependency-cruiser", pkg.bin["depcruise"] ?? "bin/dependency-cruise.mjs");

interface Run {
  readonly code: number;
  readonly output: string;
}

function depcruise(cwd: string, target: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, target, "--config", CONFIG], { cwd }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

const fixtures: string[] = [];

/** A throwaway project: the given files plus a tsconfig like the repo's (`.ts` imports allowed). */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tempo-depcruise-"));
  fixtures.push(dir);
  const tsconfig = {
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", allowImportingTsExtensions: true, noEmit: true },
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

/**
 * One fixture breaks all four rules at once, each in its own files, so one cruise (about 2 s of CPU:
 * most of it depcruise loading) checks them all; depcruise lists every violation and exits with their count.
 */
let broken: Promise<Run> | undefined;
function brokenRun(): Promise<Run> {
  broken ??= depcruise(
    fixture({
      // a cycle
      "src/foundry/combat/write.ts":
        'import { card } from "../chat/card.ts";\nexport const write = (): string => card();\n',
      "src/foundry/chat/card.ts":
        'import { write } from "../combat/write.ts";\nexport const card = (): string => typeof write;\n',
      // an upward import
      "src/engine/rule.ts":
        'import type { Row } from "../view/row.ts";\nexport const rule = (row: Row): number => row.n;\n',
      "src/view/row.ts": "export interface Row {\n  readonly n: number;\n}\n",
      // the preview page importing Foundry code, and the probes page, which may
      "src/foundry/applications/parts.ts": 'export const part = (): string => "tracker";\n',
      "src/preview/main.ts": 'import { part } from "../foundry/applications/parts.ts";\nexport const probe = part;\n',
      "src/preview/probes-main.ts":
        'import { part } from "../foundry/applications/parts.ts";\nexport const probe = part;\n',
      // a module package importing the system's code (its types are allowed)
      "src/modules/hud/main.ts":
        'import type { Row } from "../../view/row.ts";\nimport { part } from "../../foundry/applications/parts.ts";\nexport const hud = (row: Row): string => `${part()}${row.n}`;\n',
    }),
    "src",
  );
  return broken;
}

// About 4 s of CPU in all (most of it the cruise of src/); the timeout leaves room for a busy machine.
describe.concurrent("import rules are enforced by depcruise", { timeout: 60_000 }, () => {
  it("refuses an import cycle", async () => {
    const run = await brokenRun();
    // depcruise exits with the number of violations: the four of the fixture, no other.
    expect(run.code).toBe(4);
    expect(run.output).toMatch(
      /error no-circular: src\/foundry\/chat\/card\.ts → \s*src\/foundry\/combat\/write\.ts →\s*src\/foundry\/chat\/card\.ts/,
    );
    expect(run.output).not.toContain("resolvable");
  });

  it("refuses an import that goes up a layer", async () => {
    const run = await brokenRun();
    expect(run.code).toBe(4);
    expect(run.output).toContain("error engine-is-pure: src/engine/rule.ts → src/view/row.ts");
  });

  it("refuses a module package (src/modules) importing the system's code, but not its types", async () => {
    const run = await brokenRun();
    expect(run.code).toBe(4);
    expect(run.output).toContain(
      "error modules-use-the-public-api: src/modules/hud/main.ts → src/foundry/applications/parts.ts",
    );
    expect(run.output).not.toContain("src/modules/hud/main.ts → src/view/row.ts");
  });

  it("refuses the preview page importing Foundry code, but for the browser tests' probes page", async () => {
    const run = await brokenRun();
    expect(run.code).toBe(4);
    expect(run.output).toContain("error preview-not-foundry: src/preview/main.ts → src/foundry/applications/parts.ts");
    expect(run.output).not.toContain("src/preview/probes-main.ts →");
  });

  it("finds no cycle and no upward import in src/", async () => {
    const run = await depcruise(ROOT, "src");
    expect(run.output).toContain("no dependency violations found");
    expect(run.code).toBe(0);
  });
});
