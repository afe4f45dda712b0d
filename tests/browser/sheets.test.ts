import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolationsOnPage } from "../support/axe.ts";
import { openPreviewBrowser, PREVIEW_SHEETS, type PreviewBrowser } from "../support/preview-browser.ts";

let preview: PreviewBrowser;
let page: Page;

beforeAll(async () => {
  preview = await openPreviewBrowser(760, 900);
  page = preview.page;
});
afterAll(async () => preview.close());

function axeViolations(theme: "light" | "dark"): Promise<string[]> {
  // The dark theme changes colours only: the same page is checked whole in the light theme.
  return axeViolationsOnPage(page, theme === "dark" ? "colours" : "all");
}

async function open(query: string): Promise<void> {
  await page.goto(`${preview.url}sheets.html${query}`);
  await page.waitForSelector('[data-sheet="character"]', { timeout: 30_000 });
}

describe.each(["light", "dark"] as const)("sheet preview (%s theme)", (theme) => {
  // The README's sheet images (docs/screenshots/sheet-*.png) are taken by `npm run screenshots`, not here: a test
  // run leaves the working tree as it found it.
  it("renders every sheet with no axe violation of any impact", async () => {
    await open(`?ruleset=count${theme === "dark" ? "&theme=dark" : ""}`);
    expect(await page.evaluate(() => document.body.classList.contains("theme-dark"))).toBe(theme === "dark");
    // Issue 22: native drop-downs follow the theme (color-scheme), not the browser's light default.
    expect(await page.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe(theme);
    expect(await axeViolations(theme)).toEqual([]);
    for (const sheet of PREVIEW_SHEETS) await expect(page.locator(`[data-sheet="${sheet}"]`).count()).resolves.toBe(1);
  });
});

describe("sheet preview at 300 px and 1280 px wide (issue 22)", () => {
  it.each([300, 1280])(
    "at %i px, light and dark: no sheet scrolls sideways and no button's text is cut (at 300 px: tabs and the encounter's rows wrap; no axe violation)",
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      for (const theme of ["light", "dark"] as const) {
        await open(`?ruleset=count${theme === "dark" ? "&theme=dark" : ""}`);
        const fit = await page.evaluate(() => ({
          sheets: [...document.querySelectorAll<HTMLElement>("[data-sheet]")]
            .filter((s) => s.scrollWidth > s.clientWidth)
            .map((s) => `${s.dataset.sheet ?? "?"} (${s.scrollWidth} > ${s.clientWidth})`),
          clipped: [...document.querySelectorAll("button")]
            .filter((b) => b.clientWidth > 0 && b.scrollWidth > b.clientWidth)
            .map((b) => `${b.getAttribute("aria-label") ?? b.textContent ?? ""} (${b.scrollWidth} > ${b.clientWidth})`),
          page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
        }));
        expect(fit.sheets, `${width} px, ${theme}`).toEqual([]);
        expect(fit.clipped, `${width} px, ${theme}`).toEqual([]);
        expect(fit.page.scroll, `${width} px, ${theme}`).toBeLessThanOrEqual(fit.page.client);
        if (width === 300 && theme === "light") expect(await axeViolations(theme)).toEqual([]);
      }
      await page.setViewportSize({ width: 760, height: 900 });
    },
  );
});

describe("sheet preview: what a user sees and does", () => {
  it("CNT-7: the character sheet shows each weapon's delay and an attack button; edit mode shows inputs", async () => {
    await open("?ruleset=count");
    const character = page.locator('[data-sheet="character"]');
    await expect(character.locator(".tempo-sheet__name").textContent()).resolves.toBe("Ilsa");
    await character.getByRole("tab", { name: "Inventory" }).click();
    const sword = page.locator('[data-sheet="character"] .tempo-item[data-item-id="longsword"]');
    await expect(sword.textContent()).resolves.toContain("Delay");
    await expect(sword.getByRole("button", { name: "Attack with Longsword" }).count()).resolves.toBe(1);
    await page.locator('[data-sheet="character"]').getByRole("button", { name: "Edit" }).click();
    await expect(page.locator('[data-sheet="character"] input[name="system.hp.value"]').count()).resolves.toBe(1);
  });

  it("SEG-2: the sample combat's immediate spell is refused (one spell a round: a spell is declared) with the engine's reason; declaring a Javelin attack instead lifts the refusal", async () => {
    await open("?ruleset=segment");
    const sheet = page.locator('[data-sheet="character"]');
    const immediate = sheet.getByRole("button", { name: "Immediate spell" });
    await expect(immediate.isDisabled()).resolves.toBe(true);
    await expect(immediate.getAttribute("title")).resolves.toBe(
      "Only one spell can be cast per round, an immediate one included.",
    );
    await sheet.getByRole("tab", { name: "Inventory" }).click();
    const attack = sheet.getByRole("button", { name: "Attack with Javelin" });
    await expect(attack.isDisabled()).resolves.toBe(false);
    await attack.click();
    await sheet.getByRole("tab", { name: "Combat" }).click();
    await expect(sheet.getByRole("button", { name: "Immediate spell" }).isDisabled()).resolves.toBe(false);
  });
});

describe("encounter sheet preview (issue 12)", () => {
  it("shows the creatures and the summary; + adds one; a count of 0 is refused with the engine's reason", async () => {
    await open("?ruleset=count");
    const sheet = page.locator('[data-sheet="encounter"]');
    await expect(sheet.locator(".tempo-encounter__summary").textContent()).resolves.toBe("6 creatures, 2 groups");
    await expect(sheet.locator(".tempo-encounter__entry .tempo-item__name").allTextContents()).resolves.toEqual([
      "Goblin",
      "Wolf",
      "Ogre",
    ]);
    await sheet.getByRole("button", { name: "One more Goblin" }).click();
    await expect(page.locator('[data-sheet="encounter"] .tempo-encounter__summary').textContent()).resolves.toBe(
      "7 creatures, 2 groups",
    );
    const count = page.locator('[data-sheet="encounter"] input[name="system.entries.2.count"]');
    await count.fill("0");
    await count.dispatchEvent("change");
    const after = page.locator('[data-sheet="encounter"]');
    await expect(after.locator(".tempo-encounter__problems").textContent()).resolves.toContain(
      "Ogre: the count must be a whole number from 1 to 50.",
    );
    await expect(after.locator('input[name="system.entries.2.count"]').inputValue()).resolves.toBe("1");
    await expect(after.getByRole("button", { name: "Deploy on the scene" }).isDisabled()).resolves.toBe(true);
    await expect(after.locator(".tempo-encounter__deploy").textContent()).resolves.toContain("No scene is viewed");
  });
});

describe("two actor sheets open at once (issue 22: ids unique per sheet)", () => {
  it("every id on the page is unique; a label focuses its own sheet's field; a tab switches its own sheet only", async () => {
    // The preview draws the character's and the NPC's sheets side by side, each with its own root id, as
    // Foundry gives each open sheet its application id; edit mode draws the labelled fields.
    await open("?ruleset=count&mode=edit");
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
    // Every label, aria-controls and aria-labelledby names an element of its own sheet.
    const strays = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-sheet]")].flatMap((sheet) =>
        [...sheet.querySelectorAll("label[for], [aria-controls], [aria-labelledby]")].flatMap((element) =>
          ["for", "aria-controls", "aria-labelledby"]
            .map((name) => element.getAttribute(name))
            .filter((id): id is string => id !== null && sheet.querySelector(`[id="${id}"]`) === null)
            .map((id) => `${sheet.dataset.sheet ?? "?"}: ${id}`),
        ),
      ),
    );
    expect(strays).toEqual([]);

    const focusedSheet = () =>
      page.evaluate(() => ({
        sheet: document.activeElement?.closest<HTMLElement>("[data-sheet]")?.dataset.sheet ?? null,
        name: document.activeElement?.getAttribute("name") ?? null,
      }));
    for (const sheet of ["npc", "character", "npc"]) {
      const label = page.locator(`[data-sheet="${sheet}"] label[for$="system.hp.value"]`);
      await expect(label.count()).resolves.toBe(1);
      await label.click();
      await expect(focusedSheet()).resolves.toEqual({ sheet, name: "system.hp.value" });
    }

    const selectedTabs = (sheet: string) =>
      page.locator(`[data-sheet="${sheet}"] [role="tab"][aria-selected="true"]`).allTextContents();
    const shownPanels = (sheet: string) =>
      page.evaluate(
        (kind) =>
          [...document.querySelectorAll<HTMLElement>(`[data-sheet="${kind}"] [role="tabpanel"]`)]
            .filter((panel) => panel.checkVisibility())
            .map((panel) => panel.dataset.tab),
        sheet,
      );
    await expect(selectedTabs("character")).resolves.toEqual(["Combat"]);
    await expect(selectedTabs("npc")).resolves.toEqual(["Combat"]);
    await page.locator('[data-sheet="character"]').getByRole("tab", { name: "Inventory" }).click();
    await expect(selectedTabs("character")).resolves.toEqual(["Inventory"]);
    await expect(shownPanels("character")).resolves.toEqual(["inventory"]);
    await expect(selectedTabs("npc")).resolves.toEqual(["Combat"]);
    await expect(shownPanels("npc")).resolves.toEqual(["combat"]);
    await page.locator('[data-sheet="npc"]').getByRole("tab", { name: "Biography" }).click();
    await expect(selectedTabs("npc")).resolves.toEqual(["Biography"]);
    await expect(shownPanels("npc")).resolves.toEqual(["biography"]);
    await expect(selectedTabs("character")).resolves.toEqual(["Inventory"]);
    await expect(shownPanels("character")).resolves.toEqual(["inventory"]);
  });
});
