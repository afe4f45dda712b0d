// `npm run screenshots`: refreshes the README's tracker screenshots (docs/screenshots/<ruleset>.png) from the
// preview page in Chromium: the sample encounter of each ruleset, initiative rolled, two turns in, as the GM.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}docs/screenshots`;
mkdirSync(out, { recursive: true });
const server = await createServer({
  configFile: `${root}vite.preview.config.ts`,
  server: { port: 0 },
  logLevel: "error",
});
await server.listen();
const url = server.resolvedUrls?.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
  for (const ruleset of ["count", "standard", "phase", "segment", "rotation"]) {
    await page.goto(`${url}?ruleset=${ruleset}`);
    await page.waitForSelector(".tempo-tracker");
    const roll = page.locator('button[data-action="rollAll"]:not([disabled])');
    if ((await roll.count()) > 0) await roll.click();
    for (let i = 0; i < 2; i++) await page.locator('button[data-action="nextTurn"]').click();
    await page.locator(".tempo-preview__tracker").screenshot({ path: `${out}/${ruleset}.png` });
    console.log(`docs/screenshots/${ruleset}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
