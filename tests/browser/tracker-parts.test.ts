/**
 * Foundry's tracker draws one part per scheme (issue 9): when the viewed combat changes scheme, or changes
 * between a Tempo combat and another, the part the tracker no longer draws must leave the sidebar before
 * the render puts in its own (`removeStaleParts`, src/foundry/applications/tracker-parts.ts, called by
 * TempoCombatTracker's `_replaceHTML`), run here in Chromium on parts marked as core marks them
 * (`data-application-part`).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPreviewBrowser, type PreviewBrowser } from "../support/preview-browser.ts";

let preview: PreviewBrowser | undefined;
let page: Page;

beforeAll(async () => {
  preview = await openPreviewBrowser(900, 1000);
  page = preview.page;
  // The built probes page publishes removeStaleParts on window (src/preview/probes-main.ts).
  await page.goto(`${preview.url}probes.html`);
  await page.waitForSelector("body[data-probes=ready]", { timeout: 30_000 });
});

afterAll(async () => {
  await preview?.close();
});

/** The parts left on screen after removing those not in `configured` from a tracker showing `drawn`. */
async function partsLeft(drawn: string[], configured: string[]): Promise<string[]> {
  return page.evaluate(
    ({ drawn, configured }) => {
      const { removeStaleParts } =
        window as unknown as typeof import("../../src/foundry/applications/tracker-parts.ts");
      const content = document.createElement("div");
      for (const id of drawn) {
        const part = document.createElement("section");
        part.dataset.applicationPart = id;
        content.append(part);
      }
      removeStaleParts(content, configured);
      return [...content.children].map((c) => c.getAttribute("data-application-part") ?? "");
    },
    { drawn, configured },
  );
}

describe("the tracker's parts on screen, in Chromium", () => {
  it("a combat of another scheme: the drawn scheme part goes, core's header stays", async () => {
    expect(await partsLeft(["header", "count"], ["header", "phase"])).toEqual(["header"]);
  });

  it("a Tempo combat after a core-drawn one: core's tracker and footer go; back again: the scheme part goes", async () => {
    expect(await partsLeft(["header", "tracker", "footer"], ["header", "segment"])).toEqual(["header"]);
    expect(await partsLeft(["header", "segment"], ["header", "tracker", "footer"])).toEqual(["header"]);
  });

  it("the same combat: every part the tracker still draws stays, even those this render does not redraw", async () => {
    expect(await partsLeft(["header", "rotation"], ["header", "rotation"])).toEqual(["header", "rotation"]);
  });
});
