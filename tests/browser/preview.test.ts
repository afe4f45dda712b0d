import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/source-files.ts";

/** Debian's Chromium, with the flags this machine's closed network needs (ARCHITECTURE). */
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOTS = join(ROOT, "test-results", "screenshots");

let server: ViteDevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await createServer({
    configFile: join(ROOT, "vite.preview.config.ts"),
    server: { port: 0 },
    logLevel: "error",
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error("The preview server has no local URL.");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForSelector(".tempo-count-track", { timeout: 30_000 });
  if (errors.length > 0) throw new Error(errors.join("\n"));
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function names(): Promise<string[]> {
  return page.locator(".tempo-count-track__slots .tempo-row--turn .tempo-row__name").allTextContents();
}

describe("preview page", () => {
  it("CNT-2: shows the sample encounter in count order, lowest count first", async () => {
    // Worked out by hand from the sample encounter's scripted d20s (src/preview/sample-encounter.ts):
    // Ogre 7 − 0 = 7, Brannoc 9 − 1 = 8, Ilsa 12 − 3 = 9, Goblin Archer 11 − 2 = 9, Goblin Cutter 14 − 2 = 12;
    // on 9, Ilsa's contest 15 + 3 = 18 beats the Archer's 10 + 2 = 12 (CNT-5).
    expect(await names()).toEqual(["Ogre", "Brannoc", "Ilsa", "Goblin Archer", "Goblin Cutter"]);
    await page.screenshot({ path: join(SCREENSHOTS, "preview-count-track.png"), fullPage: true });
  });

  it("CNT-3: Next turn moves the acting creature down the track, and Previous turn undoes it", async () => {
    const acting = page.locator(".tempo-row.is-active .tempo-row__name");
    expect(await acting.textContent()).toBe("Ogre");
    await page.getByRole("button", { name: "Next turn" }).click();
    expect(await acting.textContent()).toBe("Brannoc");
    await page.getByRole("button", { name: "Previous turn" }).click();
    expect(await acting.textContent()).toBe("Ogre");
  });

  it("is usable from the keyboard", async () => {
    await page.getByRole("button", { name: "Next turn" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.locator(".tempo-row.is-active .tempo-row__name").textContent()).toBe("Brannoc");
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Brannoc");
  });

  it("CNT-6, CNT-7: two Heavy attacks declared on count 8 wait on the track at 10 and 12", async () => {
    // Brannoc (count 8) is acting after the keyboard test above.
    await page.getByRole("button", { name: "New encounter" }).click();
    await page.getByRole("button", { name: "Next turn" }).click();
    expect(await page.locator(".tempo-row.is-active .tempo-row__name").textContent()).toBe("Brannoc");
    await page.getByRole("button", { name: "Declare two Heavy attacks" }).click();
    const pending = page.locator(".tempo-row--pending");
    expect(await pending.count()).toBe(2);
    expect(
      await page
        .locator('.tempo-count-track__slot[data-count="10"] .tempo-row--pending .tempo-row__detail')
        .textContent(),
    ).toBe("Attack 1 of 2");
    expect(
      await page
        .locator('.tempo-count-track__slot[data-count="12"] .tempo-row--pending .tempo-row__detail')
        .textContent(),
    ).toBe("Attack 2 of 2");
    await page.screenshot({ path: join(SCREENSHOTS, "preview-count-track-pending.png"), fullPage: true });
  });

  it("shows a refused command as an alert and changes nothing", async () => {
    // Brannoc has already spent its action this turn: a second declaration is refused.
    await page.getByRole("button", { name: "Declare two Heavy attacks" }).click();
    await expect.poll(() => page.getByRole("alert").count()).toBe(1);
    expect(await page.getByRole("alert").textContent()).not.toMatch(/TEMPO\./);
    expect(await page.locator(".tempo-row--pending").count()).toBe(2);
  });

  it("switches to the dark theme with the same styles", async () => {
    await page.getByLabel("Dark theme").check();
    expect(await page.evaluate(() => document.body.classList.contains("theme-dark"))).toBe(true);
    const background = await page
      .locator(".tempo-row")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(42, 40, 38)");
    await page.screenshot({ path: join(SCREENSHOTS, "preview-count-track-dark.png"), fullPage: true });
  });
});
