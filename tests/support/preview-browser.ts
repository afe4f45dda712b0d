/**
 * The preview page, built by vite and opened in Debian's Chromium, as the browser tests, the render
 * benchmark and the screenshot script all need it. `CHROMIUM_PATH` points at another Chromium build.
 *
 * The pages are built once per process (about 2 s) and served as files: a page load then takes about
 * 0.3 s, where vite's dev server took 1.2–1.4 s to hand Chromium a thousand modules one by one, on
 * every one of the browser tests' page loads.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { build, preview } from "vite";
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

/**
 * The sheets of the preview's sheets page (its `data-sheet` names), in page order: the browser test checks each is
 * there, `npm run screenshots` takes each (docs/screenshots/sheet-<sheet>.png).
 */
export const PREVIEW_SHEETS = [
  "character",
  "npc",
  "item-weapon",
  "item-spell",
  "item-armor",
  "item-feat",
  "item-power",
  "item-gear",
  "encounter",
] as const;

export interface PreviewBrowser {
  /** The preview's URL, without a query. */
  readonly url: string;
  readonly browser: Browser;
  readonly page: Page;
  /** Every request the page made that failed or was answered 400 or above ("404 /favicon.ico"), in order. */
  readonly failedRequests: string[];
  close(): Promise<void>;
}

const CONFIG_FILE = join(ROOT, "vite.preview.config.ts");

let built: Promise<string> | undefined;

/** The preview's pages built into a fresh temporary folder, once per process. */
function builtPreview(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), "tempo-preview-"));
    await build({ configFile: CONFIG_FILE, build: { outDir, emptyOutDir: true }, logLevel: "error" });
    return outDir;
  })();
  return built;
}

/** Serves the built preview on a free port and opens one page of `width` × `height` in Chromium. */
export async function openPreviewBrowser(width: number, height: number): Promise<PreviewBrowser> {
  const outDir = await builtPreview();
  const server = await preview({
    configFile: CONFIG_FILE,
    build: { outDir },
    preview: { port: 0 },
    logLevel: "error",
  });
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
  const failedRequests: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("requestfailed", (request) => failedRequests.push(`failed ${new URL(request.url()).pathname}`));
  return {
    url,
    browser,
    page,
    failedRequests,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
