import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";

/**
 * ARCHITECTURE: the engine never touches Foundry, the DOM or Math.random. These run the project's
 * real lint configuration on code placed (virtually) inside src/engine and src/view.
 */
const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? "parse-error");
}

describe("engine purity is enforced by lint", () => {
  it.each([
    ["a Foundry global", "export const roll = () => game.user;"],
    ["Foundry's Roll", 'export const roll = () => new Roll("1d20");'],
    ["the DOM", "export const el = () => document.body;"],
    ["the window", "export const w = () => window.innerWidth;"],
  ])("refuses %s in src/engine", async (_what, code) => {
    expect(await ruleIds(code, "src/engine/dice/bad.ts")).toContain("no-restricted-globals");
  });

  it("refuses Math.random in src/engine and src/view", async () => {
    expect(await ruleIds("export const r = (): number => Math.random();", "src/engine/dice/bad.ts")).toContain(
      "no-restricted-properties",
    );
    expect(await ruleIds("export const r = (): number => Math.random();", "src/view/bad.ts")).toContain(
      "no-restricted-properties",
    );
  });

  it("refuses `any` and @ts-ignore everywhere", async () => {
    expect(await ruleIds("export const x: any = 1;", "src/foundry/bad.ts")).toContain(
      "@typescript-eslint/no-explicit-any",
    );
    expect(await ruleIds("// @ts-ignore\nexport const x = 1;", "src/foundry/bad.ts")).toContain(
      "@typescript-eslint/ban-ts-comment",
    );
  });

  it("allows the same globals in the Foundry layer, where they belong", async () => {
    expect(await ruleIds("export const user = (): unknown => game.user;", "src/foundry/good.ts")).not.toContain(
      "no-restricted-globals",
    );
  });
});
