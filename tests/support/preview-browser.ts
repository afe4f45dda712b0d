/**
 * The preview page served by vite and opened in Debian's Chromium, as the browser tests, the render
 * benchmark and the screenshot script all need it. `CHROMIUM_PATH` points at another Chromium build.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { createServer } from "vite";
import { ROOT } from "./source-files.ts";

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

export interface PreviewBrowser {
  /** The preview's URL, without a query. */
  readonly url: string;
  readonly browser: Browser;
  readonly page: Page;
  close(): Promise<void>;
}

/** Serves the preview on a free port and opens one page of `width` × `height` in Chromium. */
export async function openPreviewBrowser(width: number, height: number): Promise<PreviewBrowser> {
  const server = await createServer({
    configFile: join(ROOT, "vite.preview.config.ts"),
    server: { port: 0 },
    logLevel: "error",
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) {
    await server.close();
    throw new Error("The preview server has no local URL.");
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage({ viewport: { width, height } });
  return {
    url,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
