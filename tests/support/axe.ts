/**
 * axe-core in the browser tests: its browser build is injected into the page as a script (no network),
 * once per loaded document, and run on the whole page; its violations of every impact (minor and moderate
 * ones too, issue 22) come back as "impact rule: selector" lines. Only violations are collected (`resultTypes`: axe then keeps one node per
 * passing or inapplicable rule instead of every one, which is most of its time on a large page).
 *
 * `colours` runs only the rules a theme can change, for a page already checked whole in another theme:
 * a theme is a set of colours (styles/variables.css `.theme-dark` sets colour variables only, which
 * tests/templates/dark-theme-colours.test.ts holds to), so contrast and colour-only cues are all it can break.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's rules whose outcome depends on colour alone (axe-core's rule descriptions). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

interface AxeOptions {
  readonly resultTypes: readonly string[];
  readonly runOnly?: { readonly type: "rule"; readonly values: readonly string[] };
}

/** axe violations of every impact on the page now, as "impact rule: selector" lines. */
export async function axeViolationsOnPage(page: Page, scope: "all" | "colours" = "all"): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const options: AxeOptions = {
    resultTypes: ["violations"],
    ...(scope === "colours" ? { runOnly: { type: "rule", values: COLOUR_RULES } } : {}),
  };
  const violations = await page.evaluate(async (opts) => {
    type Run = (context: Document, options: AxeOptions) => Promise<{ violations: AxeViolation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    return (await axe.run(document, opts)).violations;
  }, options);
  return violations.map((v) => `${v.impact ?? "?"} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
