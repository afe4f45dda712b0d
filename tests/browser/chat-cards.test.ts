import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import { axeViolationsOnPage } from "../support/axe.ts";
import { openPreviewBrowser, type PreviewBrowser } from "../support/preview-browser.ts";
import { ROOT } from "../support/source-files.ts";

const SCREENSHOTS = join(ROOT, "test-results", "screenshots");
let preview: PreviewBrowser | undefined;
let page: Page;

beforeAll(async () => {
  preview = await openPreviewBrowser(480, 1600);
  page = preview.page;
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await preview?.close();
});

async function open(query: string): Promise<string[]> {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${preview?.url ?? ""}cards.html${query}`);
  await page.waitForSelector(".tempo-card", { timeout: 30_000 });
  return errors;
}

/** axe violations of every impact on the page now (tests/support/axe.ts). */
function axeViolations(theme: "light" | "dark"): Promise<string[]> {
  // The dark theme changes colours only: the same page is checked whole in the light theme.
  return axeViolationsOnPage(page, theme === "dark" ? "colours" : "all");
}

const cardText = (id: string) => page.locator(`[data-sample="${id}"]`).innerText();

describe("preview page: chat cards", () => {
  it("draws every sample card through the system's templates, with no page errors", async () => {
    expect(await open("")).toEqual([]);
    expect(await page.locator(".tempo-preview__card").count()).toBe(CARD_SAMPLES.length);
    expect(await page.locator(".tempo-card").count()).toBe(CARD_SAMPLES.length);
  });

  it("SEG-12 and ATK-ROT-2: attack cards say hit or miss in words, name the deciding rule and show the odds to the GM", async () => {
    await open("");
    const segment = await cardText("attack-segment");
    expect(segment).toContain("Hit");
    expect(segment).toContain("SEG-12");
    expect(segment).toMatch(/Chance to hit: \d+\.\d%/);
    expect(await cardText("attack-rotation")).toContain("ATK-ROT-2");
    expect(await cardText("damage-rotation")).toContain("Damage after DR");
  });

  it("DR-2, AP-1: the damage card's Apply takes the amount it names off the creature, then shows what changed and Undo, and Undo brings Apply back", async () => {
    expect(await open("")).toEqual([]);
    const card = page.locator('[data-sample="damage-rotation"]');
    const apply = card.getByRole("button", { name: /^Apply \d+ to Raider$/ });
    const amount = Number(/Apply (\d+)/.exec((await apply.textContent()) ?? "")?.[1]);
    expect(amount).toBeGreaterThan(0);
    await apply.focus();
    await page.keyboard.press("Enter");
    const undo = card.getByRole("button", { name: "Undo" });
    // The sample NPC has 45 hit points (src/preview/sample-sheets.ts).
    expect(await card.innerText()).toContain(`hit points 45 → ${45 - amount}`);
    expect(await undo.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await axeViolationsOnPage(page)).toEqual([]);
    await page.keyboard.press("Enter");
    expect(await card.getByRole("button", { name: `Apply ${amount} to Raider` }).isVisible()).toBe(true);
    expect(await card.innerText()).not.toContain("hit points 45");
  });

  it("a player sees no odds (the setting's default) but still the outcome and the owner's Roll button", async () => {
    await open("?view=player");
    expect(await page.locator(".tempo-card__odds").count()).toBe(0);
    expect(await cardText("attack-segment")).toContain("Hit");
    expect(await page.locator('[data-sample="save-concentration"] [data-tempo-card-action="roll"]').count()).toBe(1);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`axe finds no violation of any impact on the cards (${theme} theme); screenshot saved`, async () => {
      await open(theme === "dark" ? "?theme=dark" : "");
      expect(await page.evaluate(() => document.body.className)).toContain(`theme-${theme}`);
      expect(await axeViolations(theme)).toEqual([]);
      await page.locator(".tempo-preview__cards").screenshot({ path: join(SCREENSHOTS, `cards-${theme}.png`) });
    });
  }
});
