/**
 * The browser tests check the dark theme with axe's colour rules only, on pages checked whole in the
 * light theme (tests/support/axe.ts): that holds while the dark theme changes colours and nothing else.
 */
import { describe, expect, it } from "vitest";
import { listFiles, readText } from "../support/source-files.ts";

describe("the dark theme", () => {
  it("sets colour variables and the colour scheme of native controls, nothing else (so axe's colour rules are all it can break)", () => {
    const css = readText("styles/variables.css");
    const block = /\.theme-dark\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
    const declarations = block
      .split(";")
      .map((d) => d.trim())
      .filter((d) => d !== "");
    expect(declarations.length).toBeGreaterThan(5);
    // Colour variables, and `color-scheme`, which picks the colours of native controls (a select's drop-down).
    for (const d of declarations)
      expect(d).toMatch(/^(--tempo-color-[a-z-]+:\s*#[0-9a-f]{3,8}|color-scheme:\s*dark)$/i);
    expect(declarations).toContain("color-scheme: dark");
    // No other stylesheet styles the dark theme.
    const styling = listFiles("styles", [".css"]).filter((path) => readText(path).includes("theme-dark"));
    expect(styling).toEqual(["styles/variables.css"]);
    expect(css.match(/\.theme-dark/g)).toHaveLength(1);
  });
});
