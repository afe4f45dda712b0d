/**
 * Issue 22 ("a favicon 404"): a page without an icon link makes a headed browser ask for /favicon.ico,
 * which the preview server answers 404 in the console. Every preview page declares its icon (an empty
 * data URL). Headless Chromium never asks for it, so the browser tests cannot see this.
 */
import { describe, expect, it } from "vitest";
import { listFiles, readText } from "../support/source-files.ts";

describe("the preview's pages", () => {
  it("each declares an icon, so no browser asks for a /favicon.ico that is not there", () => {
    const pages = listFiles("src/preview", [".html"]);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.filter((path) => !/<link rel="icon" href="data:,"\s*\/?>/.test(readText(path)))).toEqual([]);
  });
});
