/**
 * Issue 22: the tracker is designed for Foundry's sidebar first. At 300 px and at 1280 px, for every ruleset,
 * as the GM and as a player, in the light and the dark theme, the tracker fits without horizontal scrolling
 * (the segment grid collapses to a list of segments in the sidebar) and no button's text is cut; the
 * player's sidebar view has no axe violation of any impact (the GM's views are checked whole in
 * preview.test.ts, at 900 px). One page serves every case (switched by the preview's own pickers, not
 * reloaded), and no screenshot, to stay fast.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolationsOnPage } from "../support/axe.ts";
import { openPreviewBrowser, type PreviewBrowser } from "../support/preview-browser.ts";

const RULESETS = ["count", "standard", "phase", "rotation", "segment"] as const;

let preview: PreviewBrowser | undefined;
let page: Page;

beforeAll(async () => {
  preview = await openPreviewBrowser(300, 900);
  page = preview.page;
  await page.goto(preview.url);
  await page.waitForSelector(".tempo-tracker");
});

afterAll(async () => {
  await preview?.close();
});

interface Fit {
  readonly tracker: { readonly scroll: number; readonly client: number };
  readonly page: { readonly scroll: number; readonly client: number };
  /** Buttons whose text is wider than their box, by their text. */
  readonly clipped: readonly string[];
}

/** The tracker's and the page's widths, and the buttons whose text overflows them. */
function measure(): Promise<Fit> {
  return page.evaluate(() => {
    const tracker = document.querySelector(".tempo-tracker");
    const root = document.documentElement;
    const clipped = [...document.querySelectorAll("button")]
      .filter((b) => b.clientWidth > 0 && b.scrollWidth > b.clientWidth)
      .map((b) => `${b.getAttribute("aria-label") ?? b.textContent ?? ""} (${b.scrollWidth} > ${b.clientWidth})`);
    return {
      tracker: { scroll: tracker?.scrollWidth ?? Infinity, client: tracker?.clientWidth ?? 0 },
      page: { scroll: root.scrollWidth, client: root.clientWidth },
      clipped,
    };
  });
}

/** Starts `ruleset` as the GM with the preview's picker (a fresh encounter, no reload) and plays into its round. */
async function startRound(ruleset: (typeof RULESETS)[number]): Promise<void> {
  await view("gm");
  await page.locator('select[data-setting="ruleset"]').selectOption(ruleset);
  await page.waitForSelector(`.tempo-tracker[data-ruleset="${ruleset}"]`);
  // Into the round, so every row has its state and the acting row its controls.
  const rollAll = page.getByRole("button", { name: "Roll all" });
  if (await rollAll.isEnabled()) await rollAll.click();
  // Segment: on to step 3, the fast actions, where the grid (here a list) holds the round's turns.
  if (ruleset === "segment")
    for (let step = 0; step < 2; step++) await page.getByRole("button", { name: "Next step" }).click();
}

async function view(who: "gm" | "player"): Promise<void> {
  await page.locator('select[data-setting="view"]').selectOption(who);
}

async function expectFits(where: string): Promise<void> {
  const fit = await measure();
  expect(fit.clipped, where).toEqual([]);
  expect(fit.tracker.scroll, where).toBeLessThanOrEqual(fit.tracker.client);
  expect(fit.page.scroll, where).toBeLessThanOrEqual(fit.page.client);
}

describe("the tracker at 300 px and 1280 px wide, as the GM and as a player, light and dark", () => {
  it.each(RULESETS)(
    "%s: no horizontal scrolling and no cut button text; the player's sidebar has no axe violation",
    async (ruleset) => {
      await page.setViewportSize({ width: 300, height: 900 });
      await startRound(ruleset);
      for (const width of [300, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const dark of [false, true]) {
          await page.locator('input[data-setting="theme"]').setChecked(dark);
          for (const who of ["gm", "player"] as const) {
            await view(who);
            await expectFits(`${ruleset}, ${who}, ${width} px, ${dark ? "dark" : "light"}`);
            if (width === 300 && who === "player" && !dark) expect(await axeViolationsOnPage(page)).toEqual([]);
          }
        }
      }
      // Back to the sidebar as the GM in the light theme, where the next case (and the SEG-1 test) starts.
      await page.locator('input[data-setting="theme"]').setChecked(false);
      await view("gm");
      await page.setViewportSize({ width: 300, height: 900 });
    },
  );

  it("SEG-1: the segment grid is a list of segments at 300 px, and the ten-column grid in a wide (popped-out) tracker", async () => {
    // Left on the segment ruleset's step 3 by the test above.
    const header = page.locator(".tempo-segment__grid thead");
    expect(await header.isVisible()).toBe(false);
    expect(await page.locator(".tempo-segment__cell-label", { hasText: "Segment 1" }).first().isVisible()).toBe(true);
    await page.setViewportSize({ width: 900, height: 900 });
    expect(await header.isVisible()).toBe(true);
    expect(await page.getByRole("columnheader").count()).toBe(11);
  });

  it("a tracker taller than the sidebar scrolls inside it: the box keeps its height and the last row is reached by scrolling the tracker", async () => {
    // Left on segment's step 3 by the tests above (six creatures: about 1,600 px of tracker at 300 px).
    await page.setViewportSize({ width: 300, height: 900 });
    const fit = await page.evaluate(() => {
      // The sidebar tab as the system's part meets it: a flex column of a bounded height (styles/combat/tracker.css).
      const box = document.querySelector<HTMLElement>(".tempo-preview__tracker");
      const tracker = document.querySelector<HTMLElement>(".tempo-tracker");
      if (box === null || tracker === null) return null;
      box.style.cssText = "display: flex; flex-direction: column; height: 600px";
      const rows = tracker.querySelectorAll(".tempo-row");
      const last = rows[rows.length - 1];
      last?.scrollIntoView();
      const out = {
        box: { scroll: box.scrollHeight, client: box.clientHeight },
        tracker: { scroll: tracker.scrollHeight, client: tracker.clientHeight, top: tracker.scrollTop },
        lastInView:
          last === undefined ? false : last.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom + 1,
      };
      box.style.cssText = "";
      tracker.scrollTop = 0;
      return out;
    });
    expect(fit?.box.scroll).toBeLessThanOrEqual(fit?.box.client ?? 0);
    expect(fit?.tracker.client).toBeLessThanOrEqual(600);
    expect(fit?.tracker.scroll).toBeGreaterThan(fit?.tracker.client ?? Infinity);
    expect(fit?.tracker.top).toBeGreaterThan(0);
    expect(fit?.lastInView).toBe(true);
  });

  it("SEG-2 step 1: the declaration rows are compact at 300 px (the owner's buttons beside the name, a pip a line): none over 180 px, 140 px on average, as the GM and as a player", async () => {
    await page.setViewportSize({ width: 300, height: 900 });
    // A fresh segment encounter opens on step 1, its sample declarations made.
    await page.locator('select[data-setting="ruleset"]').selectOption("standard");
    await page.locator('select[data-setting="ruleset"]').selectOption("segment");
    await page.waitForSelector('.tempo-tracker[data-ruleset="segment"] .tempo-segment__step.is-current[data-step="1"]');
    for (const who of ["gm", "player"] as const) {
      await view(who);
      const heights = await page.evaluate(() =>
        [...document.querySelectorAll(".tempo-segment__rows > .tempo-row")].map(
          (r) => r.getBoundingClientRect().height,
        ),
      );
      // Before (issue 22): 182–212 px a row as the GM, each pip two columns and the buttons a line of their own.
      expect(heights.length, who).toBeGreaterThan(2);
      expect(Math.max(...heights), who).toBeLessThanOrEqual(180);
      expect(heights.reduce((a, b) => a + b, 0) / heights.length, who).toBeLessThanOrEqual(140);
      await expectFits(`segment step 1, ${who}, 300 px`);
      if (who === "player") expect(await axeViolationsOnPage(page)).toEqual([]);
    }
    await view("gm");
  });
});
