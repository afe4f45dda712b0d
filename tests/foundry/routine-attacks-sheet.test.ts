/**
 * Issue 19, SEG-16 mixed routines from the weapon's sheet: a GM building a monster ("two arrows") types the
 * weapon's "Attacks in routine" on its item sheet (the real sheet rendered through the model of core's
 * render pipeline, tests/support/runtime/application-v2.ts), and the segment declaration's card rolls that
 * many attacks. Dice are scripted totals (the groups' d6 first, then the card's dice).
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installApplicationRuntime } from "../support/runtime/application-v2.ts";
import type { ItemModel } from "../support/runtime/actor.ts";
import { installSegmentTable } from "../support/segment-table.ts";
import { listFiles, readText } from "../support/source-files.ts";

const t = await installSegmentTable(1916);
const { world } = t;
const { TempoItemSheet } = await import("../../src/foundry/applications/sheets/item-sheet.ts");
const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const handlebars = createHandlebarsHost(en, sources);
const runtime = await installApplicationRuntime((path, context) =>
  handlebars.compile(readText(path.replace(/^systems\/tempo\//, "")))(context),
);
afterAll(() => {
  runtime.uninstall();
  t.uninstall();
});

interface SheetApp {
  document: unknown;
  readonly element: HTMLElement;
  render(): Promise<unknown>;
}

/** The GM's item sheet on `item`, switched to edit mode, and its "Attacks in routine" input. */
async function routineInput(item: ItemModel): Promise<HTMLInputElement> {
  const sheet = Object.assign(new (TempoItemSheet as unknown as new () => SheetApp)(), { document: item });
  await sheet.render();
  sheet.element.querySelector<HTMLElement>('[data-action="toggleMode"]')?.click();
  await sheet.render();
  const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.routineAttacks"]');
  if (input === null) throw new Error("the weapon sheet in edit mode has no Attacks in routine input");
  return input;
}

/**
 * The input typed into and the sheet's form submitted as core submits a document sheet (`submitOnChange`):
 * the form's data as one update of the document. Core's FormDataExtended gives an empty number input as
 * null (Causodes/causodes-shipcombat-core v2.1.4 release notes: AppV2 sheets get "null values from empty
 * <input type="number">"); the model does not run forms, so this helper does that one step.
 */
async function typeAndSubmit(item: ItemModel, input: HTMLInputElement, text: string): Promise<string | null> {
  input.value = text;
  const value = input.value === "" ? null : Number(input.value);
  try {
    await world.as(world.gm, () => item.update({ [input.name]: value }));
  } catch (error) {
    await world.idle();
    return (error as Error).message;
  }
  await world.idle();
  return null;
}

const routineOf = (item: ItemModel): unknown => (item._source.system as Record<string, unknown>).routineAttacks;

describe("SEG-16: Attacks in routine on the weapon sheet", () => {
  it("SEG-16 ruling: a GM types 2 in the Longbow's Attacks in routine (0 and 1.5 are refused and change nothing), and the archer's one declared attack rolls two arrows at the Hero", async () => {
    const archer = await t.creature("Archer", "npc", { hitDice: "4" });
    const bow = await ownedItem(world, archer, "Longbow", "weapon", { ...ITEM_DEFAULTS.weapon, group: "bows" });
    const input = await routineInput(bow);
    expect(input.value).toBe("");
    expect(input.getAttribute("aria-describedby")).toMatch(/hint-system\.routineAttacks$/);
    for (const bad of ["0", "1.5"]) {
      const before = structuredClone(bow._source);
      expect(await typeAndSubmit(bow, input, bad)).toBe(
        `TEMPO.ERRORS.Item.NotWhole {"field":"routineAttacks","value":"${bad}","min":"1"}`,
      );
      expect(bow._source).toEqual(before);
    }
    expect(await typeAndSubmit(bow, input, "2")).toBeNull();
    expect(routineOf(bow)).toBe(2);
    expect((await routineInput(bow)).value).toBe("2");

    const hero = await t.creature("Hero", "npc", { defenses: { descendingAc: 6 } });
    const combat = await t.fight([
      { actor: archer, side: "enemy" },
      { actor: hero, side: "pc" },
    ]);
    expect(await t.sheetAttack(world.gm, archer, "Longbow", [hero], { modifier: "0" }, {})).toBe(true);
    await t.declare(combat, world.gm, "Hero", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(15, 4, 3); // the first arrow hits for 4, the second misses
    const { posted } = await t.press(world.gm, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([
      ["attack", "Hero"],
      ["damage", "Hero"],
      ["attack", "Hero"],
    ]);
    await combat.delete();
  }, 15_000);

  it("SEG-16 ruling: emptying Attacks in routine takes the Longbow out of the routine: its declared attack rolls one arrow", async () => {
    const archer = await t.creature("Scout", "npc", { hitDice: "4" });
    const bow = await ownedItem(world, archer, "Longbow", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      group: "bows",
      routineAttacks: 2,
    });
    expect(await typeAndSubmit(bow, await routineInput(bow), "")).toBeNull();
    expect(routineOf(bow)).toBeNull();
    const hero = await t.creature("Squire", "npc", { defenses: { descendingAc: 6 } });
    const combat = await t.fight([
      { actor: archer, side: "enemy" },
      { actor: hero, side: "pc" },
    ]);
    expect(await t.sheetAttack(world.gm, archer, "Longbow", [hero], { modifier: "0" }, {})).toBe(true);
    await t.declare(combat, world.gm, "Squire", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    world.scriptedTotals.push(3);
    const { posted } = await t.press(world.gm, card, "resolve");
    expect(posted.map((m) => [m.type, t.inputOf(m).target])).toEqual([["attack", "Squire"]]);
    await combat.delete();
  }, 15_000);
});
