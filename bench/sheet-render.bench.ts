/**
 * Sheet render benchmark (issue 10 item 5): in Chromium, the sheet preview's character sheet with 20
 * items, alone on the page, in each ruleset, as the GM in the sample combat. The figure is Chromium's
 * own `performance.measure("tempo-sheet-render")` around the first render of a freshly loaded page (view
 * builders with the engine's dry runs, templates, DOM replacement and a forced layout;
 * src/preview/sheets-main.ts): median and max of RUNS page loads. Two figures: "cold" is the page's very
 * first render (Handlebars compiles each template on its first call, and the stylesheet is applied for
 * the first time); "opened" is a fresh full render of the same sheet once the templates are compiled, as
 * in Foundry, which compiles system templates at init (Edit, then back to play: every part rebuilt from
 * the builders). Target: opened < 50 ms.
 * Run: npx tsx bench/sheet-render.bench.ts (or `npm run bench -- sheet`). Needs /usr/bin/chromium
 * (or CHROMIUM_PATH).
 */
import { openPreviewBrowser } from "../tests/support/preview-browser.ts";
import { tableRow } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const RULESETS = ["count", "standard", "phase", "segment", "rotation"] as const;
const ITEMS = 20;
const RUNS = 7;
const TARGET_MS = 50;
const results = recorder("sheet-render");

const { url, page, close } = await openPreviewBrowser(760, 1000);

async function firstRender(ruleset: string): Promise<{ cold: number; opened: number }> {
  await page.goto(`${url}sheets.html?ruleset=${ruleset}&items=${ITEMS}&only=character`);
  await page.waitForSelector('[data-sheet="character"]');
  await page.locator('button[data-action="toggleMode"]').click();
  await page.locator('button[data-action="toggleMode"]').click();
  const all = await page.evaluate(() => performance.getEntriesByName("tempo-sheet-render").map((e) => e.duration));
  return { cold: all[0] ?? Number.NaN, opened: all.at(-1) ?? Number.NaN };
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1] ?? Number.NaN;
}

console.log(`sheet-render: Chromium, character sheet with ${ITEMS} items, first render ms; target < ${TARGET_MS} ms`);
console.log(
  tableRow([
    "ruleset".padStart(8),
    "opened median".padStart(16),
    "opened max".padStart(11),
    "cold median".padStart(12),
  ]),
);
for (const ruleset of RULESETS) {
  await firstRender(ruleset); // warm the module cache: the first load also compiles the page's modules
  const runs: { cold: number; opened: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await firstRender(ruleset));
  const opened = median(runs.map((r) => r.opened));
  const max = Math.max(...runs.map((r) => r.opened));
  const cold = median(runs.map((r) => r.cold));
  results.row(`${ruleset}: opened, median`, ITEMS, "render-ms", opened, "ms");
  results.row(`${ruleset}: opened, max`, ITEMS, "render-ms", max, "ms");
  results.row(`${ruleset}: cold first render, median`, ITEMS, "render-ms", cold, "ms");
  const verdict = `${opened.toFixed(2)} ${opened < TARGET_MS ? "PASS" : "FAIL"}`;
  console.log(
    tableRow([ruleset.padStart(8), verdict.padStart(16), max.toFixed(2).padStart(11), cold.toFixed(2).padStart(12)]),
  );
}
await close();
