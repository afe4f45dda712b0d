/**
 * Issue 22: the tracker is designed for Foundry's sidebar first. At 300 px, for every ruleset as the GM, the
 * tracker fits without horizontal scrolling (the segment grid collapses to a list of segments) and no
 * button's text is cut. One page serves the five rulesets (switched by the
 * preview's ruleset picker, not reloaded); no axe run and no screenshot, to stay fast.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("the tracker at 300 px wide, as the GM", () => {
  it.each(RULESETS)("%s: no horizontal scrolling and no cut button text", async (ruleset) => {
    // The preview's own ruleset picker starts a fresh encounter in the page: no reload per ruleset.
    await page.locator('select[data-setting="ruleset"]').selectOption(ruleset);
    await page.waitForSelector(`.tempo-tracker[data-ruleset="${ruleset}"]`);
    // Into the round, so every row has its state and the acting row its controls.
    const rollAll = page.getByRole("button", { name: "Roll all" });
    if (await rollAll.isEnabled()) await rollAll.click();
    // Segment: on to step 3, the fast actions, where the grid (here a list) holds the round's turns.
    if (ruleset === "segment")
      for (let step = 0; step < 2; step++) await page.getByRole("button", { name: "Next step" }).click();
    const fit = await measure();
    expect(fit.clipped).toEqual([]);
    expect(fit.tracker.scroll).toBeLessThanOrEqual(fit.tracker.client);
    expect(fit.page.scroll).toBeLessThanOrEqual(fit.page.client);
  });

  it("SEG-1: the segment grid is a list of segments at 300 px, and the ten-column grid in a wide (popped-out) tracker", async () => {
    // Left on the segment ruleset's step 3 by the test above.
    const header = page.locator(".tempo-segment__grid thead");
    expect(await header.isVisible()).toBe(false);
    expect(await page.locator(".tempo-segment__cell-label", { hasText: "Segment 1" }).first().isVisible()).toBe(true);
    await page.setViewportSize({ width: 900, height: 900 });
    expect(await header.isVisible()).toBe(true);
    expect(await page.getByRole("columnheader").count()).toBe(11);
  });
});
