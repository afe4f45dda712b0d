// `npm run screenshots`: refreshes the README's tracker screenshots (docs/screenshots/<ruleset>.png) from the
// preview page in Chromium: the sample encounter of each ruleset, initiative rolled, two turns in, as the GM;
// then the chat cards page in both themes (docs/screenshots/cards-<theme>.png), then each sheet of the sheets page
// (docs/screenshots/sheet-<sheet>.png, and the character sheet dark: sheet-character-dark.png).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { RULESET_IDS } from "../src/engine/index.ts";
import { openPreviewBrowser, PREVIEW_SHEETS } from "../tests/support/preview-browser.ts";
import { ROOT } from "../tests/support/source-files.ts";

const out = join(ROOT, "docs", "screenshots");
mkdirSync(out, { recursive: true });
const { url, page, close } = await openPreviewBrowser(720, 900);
try {
  for (const ruleset of RULESET_IDS) {
    await page.goto(`${url}?ruleset=${ruleset}`);
    await page.waitForSelector(".tempo-tracker");
    const roll = page.locator('button[data-action="rollAll"]:not([disabled])');
    if ((await roll.count()) > 0) await roll.click();
    for (let i = 0; i < 2; i++) await page.locator('button[data-action="nextTurn"]').click();
    await page.locator(".tempo-preview__tracker").screenshot({ path: join(out, `${ruleset}.png`) });
    console.log(`docs/screenshots/${ruleset}.png`);
  }
  // The chat cards page (issue 11), as the GM, in both themes.
  for (const theme of ["light", "dark"]) {
    await page.goto(`${url}cards.html${theme === "dark" ? "?theme=dark" : ""}`);
    await page.waitForSelector(".tempo-card");
    await page.locator(".tempo-preview__cards").screenshot({ path: join(out, `cards-${theme}.png`) });
    console.log(`docs/screenshots/cards-${theme}.png`);
  }
  await page.setViewportSize({ width: 760, height: 900 });
  for (const theme of ["light", "dark"]) {
    await page.goto(`${url}sheets.html?ruleset=count${theme === "dark" ? "&theme=dark" : ""}`);
    await page.waitForSelector('[data-sheet="character"]');
    for (const sheet of theme === "light" ? PREVIEW_SHEETS : ["character"]) {
      const name = `sheet-${sheet}${theme === "dark" ? "-dark" : ""}.png`;
      await page.locator(`[data-sheet="${sheet}"]`).screenshot({ path: join(out, name) });
      console.log(`docs/screenshots/${name}`);
    }
  }
} finally {
  await close();
}
