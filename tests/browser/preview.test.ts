import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolationsOnPage } from "../support/axe.ts";
import { openPreviewBrowser, type PreviewBrowser } from "../support/preview-browser.ts";
import { ROOT } from "../support/source-files.ts";

const SCREENSHOTS = join(ROOT, "test-results", "screenshots");

/**
 * A full-page screenshot in test-results/screenshots/ for a person to look at, taken only when
 * TEMPO_SCREENSHOTS=1: no test reads them, and Chromium's paint and PNG encoding of sixteen full pages
 * was about a tenth of this file's CPU. (`npm run screenshots` refreshes the README's own images.)
 */
async function screenshot(name: string): Promise<void> {
  if (process.env.TEMPO_SCREENSHOTS === "1") await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: true });
}

let preview: PreviewBrowser | undefined;
let page: Page;
let baseUrl: string;

beforeAll(async () => {
  preview = await openPreviewBrowser(900, 1000);
  page = preview.page;
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  baseUrl = preview.url;
  await page.goto(baseUrl);
  await page.waitForSelector(".tempo-tracker", { timeout: 30_000 });
  if (errors.length > 0) throw new Error(errors.join("\n"));
  if (process.env.TEMPO_SCREENSHOTS === "1") mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await preview?.close();
});

/** axe violations of every impact on the page now (tests/support/axe.ts). */
function axeViolations(theme: "light" | "dark" = "light"): Promise<string[]> {
  // The dark theme changes colours only: on a page checked whole in the light theme, its colour rules.
  return axeViolationsOnPage(page, theme === "dark" ? "colours" : "all");
}

async function open(query: string): Promise<void> {
  await page.goto(`${baseUrl}${query}`);
  await page.waitForSelector(".tempo-tracker", { timeout: 30_000 });
}

const acting = () => page.locator(".tempo-row.is-acting .tempo-row__name").first();
const status = () => page.getByRole("status").textContent();

describe("preview page: the count track", () => {
  it("CNT-2: rolls initiative from the GM's bar and shows the encounter in count order, lowest count first", async () => {
    await open("?ruleset=count");
    expect(await status()).toContain("waiting for 6 roll(s)");
    await page.getByRole("button", { name: "Roll all" }).click();
    const names = await page.locator(".tempo-count-track__slots .tempo-row--turn .tempo-row__name").allTextContents();
    expect(names).toHaveLength(6);
    expect(await acting().textContent()).toBe(names[0]);
    await screenshot("preview-count.png");
  });

  it("CNT-3: Next turn moves the acting creature down the track, and Previous turn undoes it", async () => {
    const first = await acting().textContent();
    await page.getByRole("button", { name: "Next turn" }).click();
    const second = await acting().textContent();
    expect(second).not.toBe(first);
    await page.getByRole("button", { name: "Previous turn" }).click();
    expect(await acting().textContent()).toBe(first);
  });

  // Headless Chromium never asks for /favicon.ico; tests/templates/preview-pages.test.ts holds the icon link.
  it("loaded with no failed request", () => {
    expect(preview?.failedRequests).toEqual([]);
  });

  it("is usable from the keyboard, and the live region announces the turn", async () => {
    await page.getByRole("button", { name: "Next turn" }).focus();
    await page.keyboard.press("Enter");
    const name = await acting().textContent();
    await expect.poll(status).toContain(`${name ?? ""} acts`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("nextTurn");
  });

  it("tells who has acted and which side each creature is on in words, not by grey alone", async () => {
    const rows = page.locator(".tempo-count-track__slots .tempo-row--turn");
    const texts = await rows.allTextContents();
    expect(texts.some((t) => /Player character/.test(t))).toBe(true);
    expect(texts.some((t) => /Enemy/.test(t))).toBe(true);
    expect(texts.some((t) => /Has acted|Acting now/.test(t))).toBe(true);
  });

  it("CNT-6, CNT-8: the acting creature declares a spell on the form; the track shows where it lands and whose it is", async () => {
    await open("?ruleset=count");
    await page.getByRole("button", { name: "Roll all" }).click();
    const actor = (await acting().textContent()) ?? "";
    const count = Number(await page.locator(".tempo-count-track__slot.is-active").getAttribute("data-count"));
    await page.locator(".tempo-row.is-acting").getByRole("button", { name: "Declare" }).click();
    const dialog = page.locator("#tempo-preview-declare");
    // Issue 22: only the chosen kind's fields are shown (an attack: how many, no slot level).
    await dialog.locator('select[name="kind"]').selectOption("attack");
    expect(await dialog.locator('input[name="attacks"]').isVisible()).toBe(true);
    expect(await dialog.locator('input[name="slotLevel"]').isVisible()).toBe(false);
    await dialog.locator('select[name="kind"]').selectOption("spell");
    expect(await dialog.locator('input[name="attacks"]').isVisible()).toBe(false);
    expect(await dialog.locator('input[name="delay"]').isVisible()).toBe(false);
    await dialog.locator('input[name="slotLevel"]').fill("3");
    await dialog.getByRole("button", { name: "Declare" }).click();
    expect(await page.getByRole("alert").count()).toBe(0);
    const pending = page.locator(".tempo-count-track__slots .tempo-row--pending").first();
    const text = (await pending.textContent())?.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("Spell (level 3)");
    expect(text).toContain(`Lands at count ${count + 3} — ${actor}'s action`);
    // Its Declare is now refused with the engine's reason as its tooltip.
    const declare = page.locator(".tempo-row.is-acting").getByRole("button", { name: "Declare" });
    expect(await declare.getAttribute("title")).toBe("This creature has already spent its action this round.");
    expect(await axeViolations()).toEqual([]);
  });

  it("CNT-9: an action declared with no delay is said to have resolved at once (the track has nothing to show)", async () => {
    await open("?ruleset=count");
    await page.getByRole("button", { name: "Roll all" }).click();
    const actor = (await acting().textContent()) ?? "";
    const count = Number(await page.locator(".tempo-count-track__slot.is-active").getAttribute("data-count"));
    await page.locator(".tempo-row.is-acting").getByRole("button", { name: "Declare" }).click();
    const dialog = page.locator("#tempo-preview-declare");
    await dialog.locator('select[name="kind"]').selectOption("other");
    await dialog.locator('input[name="delay"]').fill("0");
    await dialog.getByRole("button", { name: "Declare" }).click();
    expect(await page.locator(".tempo-preview__notice").textContent()).toBe(
      `${actor}'s action has no delay: it resolved at once, on count ${count}.`,
    );
    // The next click clears it.
    await page.getByRole("button", { name: "Next turn" }).click();
    expect(await page.locator(".tempo-preview__notice").count()).toBe(0);
  });
});

const SCHEMES = ["count", "standard", "phase", "segment", "rotation"] as const;

describe.each(SCHEMES)("preview page: the %s tracker", (ruleset) => {
  it("steps through an encounter: roll, next, next, previous", async () => {
    await open(`?ruleset=${ruleset}`);
    expect(await page.locator(`.tempo-tracker--${ruleset}`).count()).toBe(1);
    const rollAll = page.getByRole("button", { name: "Roll all" });
    if (await rollAll.isEnabled()) await rollAll.click();
    // The bar's Next says what it moves on: a turn, or a phase (phase rounds) or step (segment rounds) when nobody acts.
    const next = page.getByRole("button", { name: /^Next (turn|phase|step)$/ });
    await next.click();
    await next.click();
    const before = await status();
    await next.click();
    await page.getByRole("button", { name: "Previous turn" }).click();
    expect(await status()).toBe(before);
    expect(await page.locator(".tempo-row.is-acting").count()).toBeGreaterThan(0);
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("shows a player no GM bar and no hidden creature", async () => {
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await page.getByRole("toolbar", { name: "Combat controls" }).count()).toBe(0);
    expect(await page.content()).not.toContain("Lurker in the reeds");
    await page.getByLabel("Viewpoint").selectOption("gm");
    expect(await page.content()).toContain("Lurker in the reeds");
  });

  it.each(["light", "dark"] as const)("has no axe violation of any impact in the %s theme", async (theme) => {
    await page.getByLabel("Dark theme").setChecked(theme === "dark");
    expect(await page.evaluate(() => document.body.classList.contains("theme-dark"))).toBe(theme === "dark");
    expect(await axeViolations(theme)).toEqual([]);
    await screenshot(`tracker-${ruleset}-${theme}.png`);
  });
});

const rowNamed = (text: string) => page.locator(".tempo-row", { hasText: text });

describe("preview page: the standard part", () => {
  it("STD-6: shows the acting creature's actions left as labelled pips", async () => {
    await open("?ruleset=standard");
    await page.getByRole("button", { name: "Roll all" }).click();
    const pips = page.locator(".tempo-row.is-acting").getByRole("list", { name: "Actions left" });
    expect((await pips.getByRole("listitem").allTextContents()).map((t) => t.trim())).toEqual([
      "Action: left",
      "Quick Action: left",
      "Interaction: left",
      "Reaction: left",
    ]);
  });

  it("STD-4, Delay: Delay steps the acting creature out; Act brings it back right after the creature acting now", async () => {
    const delayer = await acting().textContent();
    await page.locator(".tempo-row.is-acting").getByRole("button", { name: "Delay" }).click();
    expect(await rowNamed("Delaying").locator(".tempo-row__name").textContent()).toBe(delayer);
    expect(await acting().textContent()).not.toBe(delayer);
    await rowNamed("Delaying").getByRole("button", { name: "Act now" }).click();
    expect(await rowNamed("Acts next, out of a delay").locator(".tempo-row__name").textContent()).toBe(delayer);
    await page.getByRole("button", { name: "Next turn" }).click();
    expect(await acting().textContent()).toBe(delayer);
    await expect.poll(status).toContain(`${delayer ?? ""} acts`);
  });

  it("STD-6, Ready: Ready asks what the action waits for; a player sees that it is readied, not its trigger", async () => {
    const readier = await acting().textContent();
    page.once("dialog", (dialog) => void dialog.accept("when the ogre moves"));
    await page.locator(".tempo-row.is-acting").getByRole("button", { name: "Ready an action" }).click();
    const readied = rowNamed("Readied: when the ogre moves");
    expect(await readied.locator(".tempo-row__name").textContent()).toBe(readier);
    expect(await readied.getByRole("button", { name: "Trigger readied action" }).isEnabled()).toBe(true);
    await screenshot("tracker-standard-delay-ready.png");
    // The sample's first creature is an enemy: a player does not own it.
    expect(await readied.getAttribute("class")).toContain("is-side-enemy");
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await page.content()).not.toContain("when the ogre moves");
    expect(await rowNamed("Readied an action").locator(".tempo-row__name").textContent()).toBe(readier);
    await page.getByLabel("Viewpoint").selectOption("gm");
  });

  it.each(["light", "dark"] as const)(
    "has no axe violation of any impact with notes, pips and row actions in the %s theme",
    async (theme) => {
      await page.getByLabel("Dark theme").setChecked(theme === "dark");
      expect(await axeViolations(theme)).toEqual([]);
    },
  );

  it("STD-6, Ready: Trigger resolves the readied action and spends the Reaction", async () => {
    const readied = rowNamed("Readied: when the ogre moves");
    const name = await readied.locator(".tempo-row__name").textContent();
    await readied.getByRole("button", { name: "Trigger readied action" }).click();
    expect(await rowNamed("Readied:").count()).toBe(0);
    const row = page.locator(".tempo-row", { has: page.locator(".tempo-row__name", { hasText: name ?? "" }) });
    expect(await row.getByRole("list", { name: "Actions left" }).textContent()).toContain("Reaction: spent");
  });
});

describe("preview page: the rotation part", () => {
  it("ROT-7: the planning phase is a banner until the first rotation", async () => {
    await open("?ruleset=rotation&size=30");
    await page.getByRole("button", { name: "Roll all" }).click();
    expect(await page.locator(".tempo-rotation__planning").textContent()).toContain("Planning phase");
    await page.getByRole("button", { name: "Next round" }).click();
    expect(await page.locator(".tempo-rotation__planning").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Round 1" }).count()).toBe(1);
  });

  it("ROT-5, ROT-6: enemy bands are group rows with their members, and a moved entry says why", async () => {
    const band = page.locator(".tempo-rotation__group").first();
    expect(await band.locator(".tempo-row").count()).toBeGreaterThan(1);
    expect(await band.locator(".tempo-row--group .tempo-row__name").textContent()).toMatch(/^Goblin band \d+$/);
    expect(await page.locator(".tempo-note--moved").first().textContent()).toMatch(
      /Moved up ahead of .+: .+ acted in a row, and no three player characters may/,
    );
  });

  it("AP-1: a player sees the AP of its own creatures only", async () => {
    expect(await page.locator(".is-side-enemy .tempo-note--ap").count()).toBeGreaterThan(0);
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await page.locator(".is-side-enemy .tempo-note--ap").count()).toBe(0);
    expect(await page.locator(".is-side-pc .tempo-note--ap").count()).toBeGreaterThan(0);
    await page.getByLabel("Viewpoint").selectOption("gm");
  });

  it.each(["light", "dark"] as const)(
    "has no axe violation of any impact with groups and notes in the %s theme",
    async (theme) => {
      await page.getByLabel("Dark theme").setChecked(theme === "dark");
      expect(await axeViolations(theme)).toEqual([]);
      await screenshot(`tracker-rotation-30-${theme}.png`);
    },
  );
});

describe("preview page: size", () => {
  it("runs 300 combatants", async () => {
    await open("?ruleset=standard&size=300");
    await page.getByRole("button", { name: "Roll all" }).click();
    expect(await page.locator(".tempo-row--turn").count()).toBe(300);
    await page.getByRole("button", { name: "Next turn" }).click();
    expect(await page.locator(".tempo-row.is-acting").count()).toBe(1);
  });
});

describe("preview page: core's row controls", () => {
  it("shows every icon-only control's name as text (the preview has no icon font): a row's hide and defeat toggles are no empty squares", async () => {
    await open("?ruleset=standard");
    await page.getByRole("button", { name: "Roll all" }).click();
    const drawn = await page.locator(".tempo-icon-control").evaluateAll((buttons) =>
      buttons.map((b) => ({
        label: b.getAttribute("aria-label") ?? "",
        text: getComputedStyle(b, "::after").content,
        width: b.getBoundingClientRect().width,
        height: b.getBoundingClientRect().height,
      })),
    );
    const ogre = page.locator('li[data-combatant-id="ogre"]');
    expect(await ogre.locator(".tempo-icon-control").count()).toBe(2);
    expect(drawn.length).toBeGreaterThan(0);
    for (const button of drawn) {
      expect(button.label).not.toBe("");
      expect(button.text).toBe(JSON.stringify(button.label));
      // Wider than the icon's square: the name's text is laid out in it.
      expect(button.width).toBeGreaterThan(button.height * 2);
    }
    expect(drawn.map((b) => b.label)).toEqual(expect.arrayContaining(["Hide from players", "Mark defeated"]));
  });

  it("DEF-1: the GM marks a creature defeated from its row and back; the row says so in words and keeps its place", async () => {
    await open("?ruleset=standard");
    await page.getByRole("button", { name: "Roll all" }).click();
    const ogre = page.locator('li[data-combatant-id="ogre"]');
    const before = await page
      .locator("li.tempo-row--turn")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-combatant-id")));
    await ogre.getByRole("button", { name: "Mark defeated" }).click();
    expect(await ogre.locator(".tempo-row__status").textContent()).toContain("Defeated");
    expect(await ogre.getByRole("button", { name: "Mark defeated" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("toggleDefeated");
    const after = await page
      .locator("li.tempo-row--turn")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-combatant-id")));
    expect(after).toEqual(before);
    await ogre.getByRole("button", { name: "Mark defeated" }).click();
    expect(await ogre.locator(".tempo-row__status").textContent()).not.toContain("Defeated");
  });
});

describe("preview page: the segment tracker's round", () => {
  const step = (n: number) => page.locator(`.tempo-segment__step[data-step="${n}"]`);
  const grid = () => page.getByRole("table", { name: /segment by segment/ });
  const lane = (name: string | RegExp) =>
    grid()
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name }) });
  const rowOf = (name: string) => page.locator(".tempo-row", { hasText: name }).first();

  it("SEG-2: shows the declarations of step 1, then the groups' d6 with HIGH and LOW, then the fast actions", async () => {
    await open("?ruleset=segment");
    expect(await step(1).getAttribute("aria-current")).toBe("step");
    expect(await step(1).textContent()).toContain("Now");
    expect(await rowOf("Ilsa").textContent()).toContain("Spell (3 segment(s))");
    expect(await rowOf("Ogre").textContent()).toContain("Melee (speed 7, 2 routine(s))");
    await page.getByRole("button", { name: "Next step" }).click();
    const groups = await step(2).locator(".tempo-segment__group").allTextContents();
    expect(groups.map((g) => g.replace(/\s+/g, " ").trim())).toEqual([
      "The party Group initiative: 5 HIGH",
      "Enemies Group initiative: 2 LOW",
    ]);
    await page.getByRole("button", { name: "Next step" }).click();
    expect(await step(3).getAttribute("aria-current")).toBe("step");
    expect(await acting().textContent()).toBe("Lurker in the reeds");
    expect(await lane(/Fast actions/).textContent()).toMatch(/Charge \(fast action, 3rd\)[\s\S]*Goes first/);
    // Fast actions happen in segment 1: the current column, said in words.
    const now = grid().locator('th[aria-current="true"]');
    expect(await now.count()).toBe(1);
    expect(await now.getAttribute("data-segment")).toBe("1");
    expect(await now.textContent()).toContain("Now");
  });

  it("SEG-1, SEG-2, SEG-5: the grid: ten segment columns, routines and HIGH/LOW lanes with their d6, the spell across segments 1–3", async () => {
    expect(await grid().getByRole("columnheader").count()).toBe(11);
    expect(await lane(/First attack routines/).textContent()).toContain("First attack routine");
    expect(await lane(/Remaining attack routines/).textContent()).toContain("1 more attack routine(s)");
    expect(await lane(/^HIGH/).getByRole("rowheader").textContent()).toContain("The party: Group initiative: 5");
    expect(await lane(/^LOW/).getByRole("rowheader").textContent()).toContain("Enemies: Group initiative: 2");
    const spell = lane(/Spells going off in segment 3/)
      .getByRole("cell")
      .first();
    expect(await spell.getAttribute("colspan")).toBe("3");
    expect(await spell.textContent()).toMatch(/Cast over segments 1–3, goes off in segment 3[\s\S]*Ilsa/);
    expect(await axeViolations()).toEqual([]);
  });

  it("SEG-2: a player sees its own declarations and not the others' until the GM reveals them", async () => {
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await rowOf("Ilsa").textContent()).toContain("Spell (3 segment(s))");
    expect(await rowOf("Ogre").textContent()).toContain("Declared");
    expect(await page.content()).not.toContain("Melee (speed 7");
    // Where the ogre's routines fall would tell its declaration: the player's grid has no routine lane.
    expect(await lane(/First attack routines/).count()).toBe(0);
    expect(await lane(/^LOW/).textContent()).toContain("Ogre");
    expect(await axeViolations()).toEqual([]);
    await page.getByLabel("Viewpoint").selectOption("gm");
    await page.getByRole("button", { name: "Reveal declarations" }).click();
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await rowOf("Ogre").textContent()).toContain("Melee (speed 7, 2 routine(s))");
    expect(await lane(/First attack routines/).textContent()).toContain("Ogre");
    expect(await page.content()).not.toContain("Lurker in the reeds");
    await page.getByLabel("Viewpoint").selectOption("gm");
  });

  it("SEG-2 step 1: a player declares for its own creature through the form, by keyboard", async () => {
    await open("?ruleset=segment&view=player");
    const declare = rowOf("Brannoc").getByRole("button", { name: "Declare" });
    await declare.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Declare actions" });
    await dialog.locator('select[name="action"]').selectOption("missile");
    await dialog.locator('input[name="weaponSpeed"]').fill("2");
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole("button", { name: "Declare" }).click();
    // The dialog answers on its close event, after the click returns.
    await expect.poll(() => rowOf("Brannoc").textContent()).toContain("Missile");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-combatant-id"))).toBe("brannoc");
    await screenshot("segment-declared.png");
  });
});

describe("preview page: the phase tracker's round", () => {
  const lane = (key: string) => page.locator(`.tempo-phase__lane[data-phase="${key}"]`);
  const rowOf = (name: string) => page.locator(".tempo-row", { hasText: name }).first();

  it("PHS-1, PHS-4, PHS-9, PHS-10: the sample opens in its battle phase with a seize, a defend and a delay", async () => {
    await open("?ruleset=phase");
    expect(await lane("battle").getAttribute("aria-current")).toBe("step");
    expect(await lane("battle").locator(".tempo-phase__lane-label").textContent()).toMatch(
      /Battle\s*Highest initiative first\s*Now/,
    );
    expect(await lane("movement").textContent()).toMatch(/Done\s*6 creature\(s\), all through/);
    expect(await rowOf("Brannoc").textContent()).toContain("Seized the initiative");
    expect(await rowOf("Ilsa").textContent()).toContain("Defending");
    expect(await rowOf("Goblin Archer").textContent()).toContain("Waits for Ogre to finish");
    // Issue 22: a badge does not push a row's status, value and toggles off its first line.
    const statusTop = (name: string) =>
      rowOf(name).evaluate((row) => {
        const status = row.querySelector(".tempo-row__status");
        return Math.round((status?.getBoundingClientRect().top ?? 0) - row.getBoundingClientRect().top);
      });
    expect(await statusTop("Brannoc")).toBe(await statusTop("Wren the guide"));
    // Only the current lane is drawn row by row.
    expect(await page.locator(".tempo-row").count()).toBe(6);
    await screenshot("phase-battle.png");
  });

  it("PHS-9: the acting creature delays after a named one by keyboard; a player sees it, never the hidden one", async () => {
    await open("?ruleset=phase&view=player");
    // Wren is the party's ally: the player does not act for it.
    expect(await page.getByRole("button", { name: "Delay until after…" }).count()).toBe(0);
    await open("?ruleset=phase");
    const delay = rowOf("Wren the guide").getByRole("button", { name: "Delay until after…" });
    await delay.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delay" });
    const select = dialog.getByLabel("Wren the guide acts right after");
    expect(await select.locator("option").allTextContents()).toEqual(["Brannoc", "Ogre", "Lurker in the reeds"]);
    await select.selectOption({ label: "Brannoc" });
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole("button", { name: "Delay" }).click();
    // The dialog's close event (which gives the command) comes a task after the click.
    await expect.poll(() => rowOf("Wren the guide").textContent()).toContain("Waits for Brannoc to finish");
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Viewpoint").selectOption("player");
    expect(await rowOf("Wren the guide").textContent()).toContain("Waits for Brannoc to finish");
    expect(await page.content()).not.toContain("Lurker in the reeds");
    await page.getByLabel("Viewpoint").selectOption("gm");
  });

  it("PHS-3, PHS-4: stepping back to the movement phase shows it lowest first with the seizer moving first", async () => {
    await open("?ruleset=phase");
    for (let i = 0; i < 10 && (await lane("movement").getAttribute("aria-current")) !== "step"; i++)
      await page.getByRole("button", { name: "Previous turn" }).click();
    expect(await lane("movement").getAttribute("aria-current")).toBe("step");
    const names = await lane("movement").locator(".tempo-row__name").allTextContents();
    expect(names[0]).toBe("Brannoc");
    expect(await lane("battle").textContent()).toMatch(/To come\s*6 creature\(s\); first: /);
  });
});
