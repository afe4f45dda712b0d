import { afterAll, describe, expect, it } from "vitest";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installApplicationRuntime } from "../support/runtime/application-v2.ts";
import { listFiles, readText } from "../support/source-files.ts";

/**
 * Issue 22, "two sheets open at once share element ids": Tempo's real item sheets rendered through the
 * model of core's render pipeline (tests/support/runtime/application-v2.ts), two at once on one page.
 */
const world = installFoundryWorld(22);
await world.loadSystem();
world.callHook("init");
const { TempoItemSheet } = await import("../../src/foundry/applications/sheets/item-sheet.ts");

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const handlebars = createHandlebarsHost(en, sources);
const renderTemplate = (path: string, context: object): string =>
  handlebars.compile(readText(path.replace(/^systems\/tempo\//, "")))(context);
const runtime = await installApplicationRuntime(renderTemplate);
afterAll(() => {
  runtime.uninstall();
  world.uninstall();
});

interface SheetApp {
  document: unknown;
  readonly id: string;
  readonly element: HTMLElement;
  render(): Promise<unknown>;
}

/** An item sheet open on the page for `item`, switched to edit mode (its fields and their labels). */
async function openSheet(item: unknown): Promise<SheetApp> {
  const sheet = Object.assign(new (TempoItemSheet as unknown as new () => SheetApp)(), { document: item });
  await sheet.render();
  runtime.document.body.append(sheet.element);
  sheet.element.querySelector<HTMLElement>('[data-action="toggleMode"]')?.click();
  await sheet.render();
  return sheet;
}

const idsIn = (root: Element): string[] => Array.from(root.querySelectorAll("[id]")).map((element) => element.id);

describe("issue 22: element ids are unique per sheet", () => {
  it("two weapon sheets open at once have disjoint ids, and each label and heading reference points into its own sheet", async () => {
    const actor = await world.addActor("Ilsa");
    const [axe, bow] = (await actor.createEmbeddedDocuments("Item", [
      { name: "Axe", type: "weapon" },
      { name: "Bow", type: "weapon" },
    ])) as unknown[];
    await world.idle();
    const sheets = [await openSheet(axe), await openSheet(bow)];
    const [first, second] = sheets.map((sheet) => idsIn(sheet.element));
    expect(first?.length).toBeGreaterThan(3);
    expect(first?.filter((id) => second?.includes(id))).toEqual([]);
    for (const sheet of sheets) {
      const labels = Array.from(sheet.element.querySelectorAll("label[for]"));
      expect(labels.length).toBeGreaterThan(0);
      for (const reference of [
        ...labels.map((label) => label.getAttribute("for")),
        ...Array.from(sheet.element.querySelectorAll("[aria-labelledby]")).map((e) =>
          e.getAttribute("aria-labelledby"),
        ),
      ]) {
        const target = runtime.document.getElementById(reference ?? "");
        expect(target, `${reference ?? ""} in ${sheet.id}`).not.toBeNull();
        expect(sheet.element.contains(target)).toBe(true);
      }
    }
    // The second sheet's label is the label of the second sheet's field (a click on it focuses that one).
    const label = sheets[1]?.element.querySelector<HTMLLabelElement>("label[for]");
    expect(label?.control).toBeTruthy();
    expect(sheets[1]?.element.contains(label?.control ?? null)).toBe(true);
  });
});

describe("issue 22: an actor sheet's tabs and panels are its own", () => {
  it("two actor sheets drawn with their applications' ids: each tab controls its own sheet's panel", async () => {
    const { actorSheet } = await import("../templates/sheet-fixtures.ts");
    const parts = ["header", "tabs", "attributes", "combat", "inventory", "spells", "effects", "biography"];
    const sheets = ["TempoActorSheet-1", "TempoActorSheet-2"].map((rootId) => {
      const element = runtime.document.createElement("section");
      element.innerHTML = parts
        .map((p) => renderTemplate(`systems/tempo/templates/sheets/actor/${p}.hbs`, { ...actorSheet, rootId }))
        .join("");
      runtime.document.body.append(element);
      return element;
    });
    for (const sheet of sheets) {
      const tabs = Array.from(sheet.querySelectorAll('[role="tab"]'));
      expect(tabs.length).toBeGreaterThan(1);
      for (const tab of tabs) {
        const panel = runtime.document.getElementById(tab.getAttribute("aria-controls") ?? "");
        expect(sheet.contains(panel)).toBe(true);
        expect(panel?.getAttribute("aria-labelledby")).toBe(tab.id);
      }
      for (const label of Array.from(sheet.querySelectorAll("label[for]"))) {
        expect(sheet.contains(runtime.document.getElementById(label.getAttribute("for") ?? ""))).toBe(true);
      }
    }
    for (const sheet of sheets) sheet.remove();
  });
});
