/**
 * The tracker is patched, not redrawn (issue 9, render-ms): `patchPart` (src/view/dom/patch-rows.ts), the
 * function both the preview and Foundry's TempoCombatTracker put a freshly rendered part on screen with,
 * run in Chromium on small parts (with rows drawn as placeholders, row-fingerprint.ts), then the preview
 * stepped in every scheme (300 combatants in one, 30 in the others): the patched part must equal a fresh
 * full render of the same state, and the pressed button must keep the focus. Last, the sample rotation
 * stepped to its first rotation, where the enemies' groups form (issue 22: patching left the grouped rows
 * empty), against a full redraw.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPreviewBrowser, type PreviewBrowser } from "../support/preview-browser.ts";

let preview: PreviewBrowser | undefined;
let page: Page;

beforeAll(async () => {
  preview = await openPreviewBrowser(900, 1000);
  page = preview.page;
  // The built probes page publishes patchPart and drawnRowPrints on window (src/preview/probes-main.ts).
  await page.goto(`${preview.url}probes.html`);
  await page.waitForSelector("body[data-probes=ready]", { timeout: 30_000 });
});

afterAll(async () => {
  await preview?.close();
});

/**
 * Runs `patchPart` in the page on a part drawn from `before` and then patched to `after`; reports which
 * of the drawn nodes (by `data-probe`) are still the same nodes, the part's markup, and what has the focus.
 */
async function patchInPage(
  before: string,
  after: string,
  focusSelector: string | null,
): Promise<{ patched: boolean; kept: string[]; html: string; equal: boolean; focused: string | null }> {
  return page.evaluate(
    ({ before, after, focusSelector }) => {
      const { patchPart } = window as unknown as typeof import("../../src/view/dom/patch-rows.ts");
      const host = document.createElement("div");
      document.body.append(host);
      host.innerHTML = before;
      const part = host.firstElementChild;
      if (part === null) throw new Error("no part");
      const probes = new Map([...part.querySelectorAll("[data-probe]")].map((n) => [n, n.getAttribute("data-probe")]));
      if (focusSelector !== null) part.querySelector<HTMLElement>(focusSelector)?.focus();
      const template = document.createElement("template");
      template.innerHTML = after;
      const next = template.content.firstElementChild;
      if (next === null) throw new Error("no next part");
      const expected = next.cloneNode(true);
      const patched = patchPart(part, next);
      const kept = [...probes].filter(([node]) => part.contains(node)).map(([, name]) => name ?? "");
      const focused = document.activeElement === document.body ? null : (document.activeElement?.outerHTML ?? null);
      const result = { patched, kept, html: part.outerHTML, equal: part.isEqualNode(expected), focused };
      host.remove();
      return result;
    },
    { before, after, focusSelector },
  );
}

describe("patchPart, in Chromium", () => {
  it("keeps the rows whose markup did not change, updates a changed row in place and drops a row that left", async () => {
    const result = await patchInPage(
      `<ol class="tempo-tracker"><li data-key="a" data-probe="a">Aria</li><li data-key="b" data-probe="b">Brute <button type="button" data-action="toggleDefeated" aria-pressed="false" data-probe="b-button">Defeat</button></li><li data-key="c" data-probe="c">Cole</li></ol>`,
      `<ol class="tempo-tracker"><li data-key="c">Cole</li><li data-key="b" class="is-acting">Brute acts <button type="button" data-action="toggleDefeated" aria-pressed="true">Defeat</button></li></ol>`,
      null,
    );
    expect(result.equal).toBe(true);
    expect(result.kept).toEqual(["b", "b-button", "c"]);
    expect(result.html).not.toContain("Aria");
    expect(result.html.indexOf('data-key="c"')).toBeLessThan(result.html.indexOf('data-key="b"'));
  });

  it("keeps the focused button when its row changes around it", async () => {
    const result = await patchInPage(
      `<ol class="tempo-tracker"><li data-key="b">Brute <button type="button" data-action="toggleDefeated" aria-pressed="false">Defeat</button></li></ol>`,
      `<ol class="tempo-tracker"><li data-key="b" class="is-defeated">Brute, defeated <button type="button" data-action="toggleDefeated" aria-pressed="true">Defeat</button></li></ol>`,
      "button",
    );
    expect(result.focused).toContain('aria-pressed="true"');
  });

  it("keeps the focus on the same button when its row moves up the order", async () => {
    const result = await patchInPage(
      `<ol class="tempo-tracker"><li data-key="a">Aria</li><li data-key="b" data-probe="b"><button type="button" data-action="tempoReady" data-probe="b-button">Ready</button></li></ol>`,
      `<ol class="tempo-tracker"><li data-key="b"><button type="button" data-action="tempoReady">Ready</button></li><li data-key="a">Aria</li></ol>`,
      "button",
    );
    expect(result.equal).toBe(true);
    expect(result.kept).toEqual(["b", "b-button"]);
    expect(result.focused).toContain('data-action="tempoReady"');
  });

  it("gives the focus back to the same control of the same combatant when its row moved to another slot", async () => {
    const result = await patchInPage(
      `<section class="tempo-tracker"><ol data-count="3"><li data-key="turn-b" data-probe="row"><button type="button" data-action="endTurn" data-combatant-id="b">End my turn</button></li></ol><ol data-count="7"></ol></section>`,
      `<section class="tempo-tracker"><ol data-count="3"></ol><ol data-count="7"><li data-key="turn-b"><button type="button" data-action="endTurn" data-combatant-id="b">End my turn</button></li></ol></section>`,
      "button",
    );
    expect(result.equal).toBe(true);
    expect(result.kept).toEqual([]);
    expect(result.focused).toContain('data-action="endTurn" data-combatant-id="b"');
  });
});

describe("patchPart with rows the render drew as placeholders, in Chromium", () => {
  const drawn = `<section class="tempo-tracker"><ol data-count="3"><li data-key="a" data-print="p1" data-probe="a">Aria</li><li data-key="b" data-print="p2" data-probe="b">Brute</li></ol><ol data-count="7"></ol></section>`;

  it("keeps the row on screen for each placeholder, as it is, even where it moved to another slot", async () => {
    const result = await patchInPage(
      drawn,
      `<section class="tempo-tracker"><ol data-count="3"><li data-key="c" data-print="p3">Cole</li></ol><ol data-count="7"><li class="tempo-row" data-key="b" data-kept="p2"></li><li class="tempo-row" data-key="a" data-kept="p1"></li></ol></section>`,
      null,
    );
    expect(result.patched).toBe(true);
    expect(result.kept).toEqual(["a", "b"]);
    expect(result.html).toBe(
      `<section class="tempo-tracker"><ol data-count="3"><li data-key="c" data-print="p3">Cole</li></ol><ol data-count="7"><li data-key="b" data-print="p2" data-probe="b">Brute</li><li data-key="a" data-print="p1" data-probe="a">Aria</li></ol></section>`,
    );
  });

  it("changes nothing and says so when a placeholder's row is not on screen as its print says", async () => {
    const placeholder = (attributes: string) => `<li class="tempo-row" ${attributes}></li>`;
    for (const stale of [
      placeholder(`data-key="b" data-kept="old"`),
      placeholder(`data-key="z" data-kept="p2"`),
      placeholder(`data-key="b" data-kept="p2"`).repeat(2),
    ]) {
      const result = await patchInPage(
        drawn,
        `<section class="tempo-tracker"><ol data-count="3"><li data-key="c" data-print="p3">Cole</li>${stale}</ol><ol data-count="7"></ol></section>`,
        null,
      );
      expect(result.patched).toBe(false);
      expect(result.kept).toEqual(["a", "b"]);
      expect(result.html).toBe(drawn);
    }
  });
});

describe("drawnRowPrints, in Chromium", () => {
  it("names each row on screen by its key with its print, and leaves out a key shown twice", async () => {
    const prints = await page.evaluate(() => {
      const { drawnRowPrints } = window as unknown as typeof import("../../src/view/dom/patch-rows.ts");
      const template = document.createElement("template");
      template.innerHTML = `<ol><li data-key="a" data-print="p1"></li><li data-key="b" data-print="p2"></li><li data-key="b" data-print="p3"></li><li data-key="c"></li></ol>`;
      const part = template.content.firstElementChild;
      return part === null ? null : drawnRowPrints(part);
    });
    expect(prints).toEqual({ a: "p1" });
  });
});

// The crowd's size is not what a patch depends on (each row is kept, moved or redrawn alike): 300 combatants
// once, in the standard tracker as the preview's size test, 30 in the other schemes (five 300-row runs were
// most of this file's 17 s on a quiet machine).
const CROWDS = [
  ["count", 30],
  ["standard", 300],
  ["phase", 30],
  ["segment", 30],
  ["rotation", 30],
] as const;

describe.each(CROWDS)("the %s tracker at %i combatants, patched after each Next turn", (ruleset, size) => {
  it("equals a fresh full render of the same state (no stale row), and Next turn keeps the focus", async () => {
    await page.goto(`${preview?.url ?? ""}?ruleset=${ruleset}&size=${size}`);
    await page.waitForSelector(".tempo-tracker");
    const rollAll = page.getByRole("button", { name: "Roll all" });
    if (await rollAll.isEnabled()) await rollAll.click();
    // Next turn, or Next phase / Next step while nobody acts (phase and segment rounds).
    const next = page.getByRole("button", { name: /^Next (turn|phase|step)$/ });
    await next.focus();
    // A mark on the node object itself (not an attribute): only the very same button, not a redrawn one, has it.
    await next.evaluate((button) => Object.assign(button, { probe: "next" }));
    const before = await page.getByRole("status").textContent();
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press("Enter");
      const focused = await page.evaluate(() => (document.activeElement as { probe?: string } | null)?.probe ?? null);
      expect(focused).toBe("next");
    }
    expect(await page.getByRole("status").textContent()).not.toBe(before);
    // Keep the patched part, then draw the page anew (the theme switch redraws the frame and the whole part).
    await page.evaluate(() => {
      const part = document.querySelector(".tempo-tracker");
      Object.assign(window, { patchedPart: part, patchedCopy: part?.cloneNode(true) });
    });
    await page.getByLabel("Dark theme").setChecked(true);
    const comparison = await page.evaluate(() => {
      const { patchedPart, patchedCopy } = window as unknown as { patchedPart?: Element; patchedCopy?: Element };
      const fresh = document.querySelector(".tempo-tracker");
      const keys = (part: Element | null | undefined) =>
        [...(part?.querySelectorAll("[data-key]") ?? [])].map((row) => row.getAttribute("data-key"));
      return {
        redrawn: fresh !== null && fresh !== patchedPart,
        equal: patchedCopy?.isEqualNode(fresh) === true,
        patchedKeys: keys(patchedCopy),
        freshKeys: keys(fresh),
      };
    });
    expect(comparison.redrawn).toBe(true);
    expect(comparison.patchedKeys).toEqual(comparison.freshKeys);
    expect(comparison.patchedKeys.length).toBeGreaterThanOrEqual(size);
    expect(comparison.equal).toBe(true);
  });
});

describe("the rotation tracker at the first rotation's start (issue 22: rotation rows went blank)", () => {
  it("ROT-5: the groups that form are drawn by patching exactly as a full redraw draws them, every grouped row named", async () => {
    await page.goto(`${preview?.url ?? ""}?ruleset=rotation`);
    await page.waitForSelector(".tempo-tracker");
    const rollAll = page.getByRole("button", { name: "Roll all" });
    if (await rollAll.isEnabled()) await rollAll.click();
    // A mark on the part's node itself: only the part drawn before, patched in place, still carries it.
    await page.evaluate(() => Object.assign(document.querySelector(".tempo-tracker") ?? {}, { probe: "part" }));
    const groups = () => page.locator(".tempo-tracker .tempo-rotation__group").count();
    await expect(groups()).resolves.toBe(0);
    const next = page.getByRole("button", { name: /^Next (turn|round)$/ }).first();
    for (let step = 0; step < 8 && (await groups()) === 0; step++) await next.click();
    expect(await groups()).toBeGreaterThan(0);
    const patched = await page.evaluate(() => {
      const part = document.querySelector(".tempo-tracker");
      Object.assign(window, { patchedPart: part, patchedCopy: part?.cloneNode(true) });
      return {
        samePart: (part as { probe?: string } | null)?.probe === "part",
        groupedNames: [...(part?.querySelectorAll(".tempo-rotation__group li.tempo-row") ?? [])].map(
          (row) => row.querySelector(".tempo-row__name")?.textContent?.trim() ?? "",
        ),
        placeholders: part?.querySelectorAll("[data-kept]").length ?? -1,
      };
    });
    // The step was patched, not drawn whole (the case that left grouped rows as empty slivers).
    expect(patched.samePart).toBe(true);
    expect(patched.placeholders).toBe(0);
    expect(patched.groupedNames.length).toBeGreaterThan(0);
    expect(patched.groupedNames).not.toContain("");
    await page.getByLabel("Dark theme").setChecked(true);
    const comparison = await page.evaluate(() => {
      const { patchedPart, patchedCopy } = window as unknown as { patchedPart?: Element; patchedCopy?: Element };
      const fresh = document.querySelector(".tempo-tracker");
      return { redrawn: fresh !== null && fresh !== patchedPart, equal: patchedCopy?.isEqualNode(fresh) === true };
    });
    expect(comparison.redrawn).toBe(true);
    expect(comparison.equal).toBe(true);
  });
});
