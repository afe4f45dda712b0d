/**
 * Tracker render benchmark (issue 9): in Chromium, the preview page of each ruleset with 300 combatants
 * (and 30), as the GM. Figures are Chromium's own `performance.measure("tempo-render")` around each render
 * (view builders, the part's template, parsing its HTML, putting it on the page and a forced layout;
 * src/preview/main.ts). The part is put on the page as Foundry's TempoCombatTracker puts it: drawn whole
 * the first time, then patched in place by src/view/dom/patch-rows.ts.
 * - first render: a fresh encounter (after "Roll all", so every row is placed) drawn from nothing: the
 *   theme switch redraws the page frame and the whole tracker part, as a first render does; median of
 *   FIRST_RUNS switches;
 * - re-render after one "next": the render that follows a click on Next turn, median and max of RUNS clicks.
 * Targets at 300: re-render median < 16 ms (one frame), first render < 50 ms; PASS/FAIL is printed.
 * Run: node --import ./bench/support/ts-loader.mjs bench/tracker-render.bench.ts (or `npm run bench -- tracker`). Needs /usr/bin/chromium
 * (or CHROMIUM_PATH); `npm test` installs it.
 */
import { openPreviewBrowser } from "../tests/support/preview-browser.ts";
import { tableRow } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const RULESETS = ["count", "standard", "phase", "segment", "rotation"] as const;
const SIZES = [30, 300] as const;
const RUNS = 20;
/** First renders measured per ruleset and size (the median is kept: one draw is at the mercy of the load). */
const FIRST_RUNS = 5;
const TARGET_N = 300;
const results = recorder("tracker-render");

const { url, page, close } = await openPreviewBrowser(900, 1000);

/** The durations of the page's renders so far, ms, and clears them. */
async function renders(): Promise<number[]> {
  return page.evaluate(() => {
    const list = performance.getEntriesByName("tempo-render").map((e) => e.duration);
    performance.clearMeasures("tempo-render");
    return list;
  });
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1] ?? Number.NaN;
}

const verdict = (ms: number, n: number, target: number): string =>
  `${ms.toFixed(2)}${n === TARGET_N ? (ms < target ? " PASS" : " FAIL") : ""}`;

console.log(
  `tracker-render: Chromium, GM view, ms per render; targets at ${TARGET_N}: next < 16 ms median, first < 50 ms`,
);
console.log(
  tableRow([
    "ruleset".padStart(8),
    "n".padStart(5),
    "first ms".padStart(12),
    "next median ms".padStart(16),
    "next max ms".padStart(12),
  ]),
);
for (const ruleset of RULESETS) {
  for (const n of SIZES) {
    await page.goto(`${url}?ruleset=${ruleset}&size=${n}`);
    await page.waitForSelector(".tempo-tracker");
    const roll = page.locator('button[data-action="rollAll"]:not([disabled])');
    if ((await roll.count()) > 0) await roll.click();
    await renders();
    // A fresh encounter of the same size and ruleset, drawn first with its rolls in: "New encounter", then roll.
    await page.locator('button[data-action="restart"]').click();
    if ((await roll.count()) > 0) await roll.click();
    await renders();
    const firsts: number[] = [];
    for (let i = 0; i < FIRST_RUNS; i++) {
      await page.getByLabel("Dark theme").setChecked(i % 2 === 0);
      firsts.push(...(await renders()));
    }
    const first = median(firsts);
    const next: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const button = page.locator('button[data-action="nextTurn"]:not([disabled])');
      if ((await button.count()) === 0) {
        if ((await roll.count()) > 0) await roll.click();
        await renders();
        continue;
      }
      await button.click();
      next.push(...(await renders()));
    }
    const nextMedian = median(next);
    const nextMax = Math.max(...next);
    results.row(`${ruleset}: first render, median`, n, "render-ms", first, "ms");
    results.row(`${ruleset}: re-render after next, median`, n, "render-ms", nextMedian, "ms");
    results.row(`${ruleset}: re-render after next, max`, n, "render-ms", nextMax, "ms");
    console.log(
      tableRow([
        ruleset.padStart(8),
        String(n).padStart(5),
        verdict(first, n, 50).padStart(12),
        verdict(nextMedian, n, 16).padStart(16),
        nextMax.toFixed(2).padStart(12),
      ]),
    );
  }
}
await close();
