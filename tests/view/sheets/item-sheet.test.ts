import { describe, expect, it } from "vitest";
import {
  DAMAGE_KINDS,
  armorDerived,
  featDerived,
  gearDerived,
  powerDerived,
  spellDerived,
  weaponDerived,
} from "../../../src/engine/index.ts";
import { createHandlebarsHost } from "../../../src/preview/handlebars-host.ts";
import { SAMPLE_ITEMS } from "../../../src/preview/sample-sheets.ts";
import { buildItemSheetContext } from "../../../src/view/sheets/item-sheet-context.ts";
import type { SheetItem } from "../../../src/view/sheets/sheet-input.ts";
import { listFiles, readText } from "../../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const host = createHandlebarsHost(en, sources);
const render = (context: object) =>
  ["header", "details", "description"]
    .map((part) => host.compile(readText(`templates/sheets/item/${part}.hbs`))(context))
    .join("\n");

const owner = { ap: 80, primaryModifier: 3 };
const byType = new Map(SAMPLE_ITEMS.map((item) => [item.type, item]));

/** The engine's derived values of each sample item, in the numbers the sheet shows. */
function engineNumbers(item: SheetItem): string[] {
  switch (item.type) {
    case "weapon": {
      const d = weaponDerived(item.stats, owner);
      return [String(d.ladderLevel), String(d.delay), String(d.swingsPerAction)];
    }
    case "spell": {
      const d = spellDerived(item.stats);
      return [String(d.delay), String(d.resolvesInSegment), String(d.castingSeconds)];
    }
    case "armor":
      return [];
    case "feat":
      return [featDerived(item.stats).rule];
    case "power":
      return [String(powerDerived(item.stats).feet)];
    case "gear":
      return [];
  }
}

describe.each([...byType.keys()])("item sheet (%s)", (type) => {
  const item = byType.get(type);
  if (item === undefined) throw new Error(`no sample ${type}`);

  it("renders in play and edit mode with every label localized; edit mode binds inputs to system fields", () => {
    for (const mode of ["play", "edit"] as const) {
      const html = render(buildItemSheetContext({ item, ruleset: "count", mode, editable: true, owner }));
      expect(html).not.toMatch(/TEMPO\.[A-Z]/);
      expect(html).toContain(item.name);
      expect(/name="system\./.test(html)).toBe(mode === "edit");
    }
  });

  it("its derived values are the engine's", () => {
    const context = buildItemSheetContext({ item, ruleset: "count", mode: "play", editable: true, owner });
    const shown = context.derived.map((d) => d.value);
    for (const value of engineNumbers(item)) expect(shown).toContain(value);
  });
});

/** The action kind the engine derives for an item (what donning, using or activating it spends). */
function engineKind(item: SheetItem): { label: string; kind: string | null } | null {
  if (item.type === "armor") return { label: "TEMPO.SHEET.Item.DonCost", kind: armorDerived(item.stats).donCost };
  if (item.type === "gear") return { label: "TEMPO.SHEET.Item.UseCost", kind: gearDerived(item.stats).useCost };
  if (item.type === "power") return { label: "TEMPO.SHEET.Item.Spends", kind: powerDerived(item.stats).spends };
  return null;
}

describe("item sheet action kinds", () => {
  const en = JSON.parse(readText("lang/en.json")) as { TEMPO: { SHEET: { ActionKind: Record<string, string> } } };
  const words = en.TEMPO.SHEET.ActionKind;

  it.each(["armor", "gear", "power"] as const)(
    "a %s's derived action kind is shown in words from the lang file, never the engine's raw id",
    (type) => {
      const item = byType.get(type);
      const derived = item === undefined ? null : engineKind(item);
      if (item === undefined || derived?.kind == null) throw new Error(`no sample ${type} with an action kind`);
      const context = buildItemSheetContext({ item, ruleset: "rotation", mode: "play", editable: true, owner });
      const shown = context.derived.find((d) => d.label.key === derived.label);
      expect(shown?.words).toEqual([{ key: `TEMPO.SHEET.ActionKind.${derived.kind}` }]);
      const html = render(context);
      expect(html).toContain(words[derived.kind]);
      expect(html).not.toMatch(new RegExp(`>\\s*${derived.kind}\\s*<`));
    },
  );

  it("a shield, which takes no time to don, shows — instead of an action kind", () => {
    const armor = byType.get("armor");
    if (armor?.type !== "armor") throw new Error("no sample armor");
    const shield = { ...armor, stats: { ...armor.stats, category: "shield" as const } };
    const context = buildItemSheetContext({ item: shield, ruleset: "rotation", mode: "play", editable: true, owner });
    expect(context.derived.find((d) => d.label.key === "TEMPO.SHEET.Item.DonCost")).toMatchObject({
      value: "—",
      words: [],
    });
  });
});

describe("item sheet fields", () => {
  it("FEAT-VERSATILE, FEAT-CHARGED: a weapon shows the engine's two-handed and charged die and delay (— when none)", () => {
    const sword = byType.get("weapon");
    if (sword?.type !== "weapon") throw new Error("no sample weapon");
    const d = weaponDerived(sword.stats, owner);
    const context = buildItemSheetContext({ item: sword, ruleset: "count", mode: "play", editable: true, owner });
    const shown = (key: string) => context.derived.find((v) => v.label.key === key)?.value;
    const pair = (t: { damage: string; delay: number } | null) => (t === null ? "—" : `${t.damage} / ${t.delay}`);
    expect(shown("TEMPO.SHEET.Item.TwoHanded")).toBe(pair(d.twoHanded));
    expect(shown("TEMPO.SHEET.Item.Charged")).toBe(pair(d.charged));
  });

  it("DR-1: weapons and spells show their damage kind in words; edit mode offers every engine kind, the item's chosen", () => {
    for (const type of ["weapon", "spell"] as const) {
      const sample = byType.get(type);
      if (sample?.type !== type) throw new Error(`no sample ${type}`);
      const item = { ...sample, stats: { ...sample.stats, damageKind: "fire" } } as SheetItem;
      const play = render(buildItemSheetContext({ item, ruleset: "count", mode: "play", editable: true, owner }));
      expect(play).toMatch(/Damage kind<\/span>\s*<span class="tempo-field__value">Fire<\/span>/);
      const edit = render(buildItemSheetContext({ item, ruleset: "count", mode: "edit", editable: true, owner }));
      const select = /<select[^>]*name="system\.damageKind">(.*?)<\/select>/s.exec(edit)?.[1] ?? "";
      expect([...select.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([...DAMAGE_KINDS]);
      expect(select).toMatch(/<option value="fire" selected>Fire<\/option>/);
    }
  });

  it("SEG-16 ruling: a weapon's Attacks in routine is a whole-number input from 1 with its hint in edit mode (empty when the weapon is in no routine) and its number in play mode (— when none)", () => {
    const sample = byType.get("weapon");
    if (sample?.type !== "weapon") throw new Error("no sample weapon");
    const drawn = (routineAttacks: number | null, mode: "play" | "edit") => {
      const item = { ...sample, stats: { ...sample.stats, routineAttacks } };
      return render(buildItemSheetContext({ item, ruleset: "segment", mode, editable: true, owner }));
    };
    const input = (html: string) => /<input[^>]*name="system\.routineAttacks"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input(drawn(null, "edit"))).toMatch(/type="number" name="system\.routineAttacks" value="" step="1" min="1"/);
    expect(input(drawn(2, "edit"))).toContain('value="2"');
    const edit = drawn(2, "edit");
    expect(edit).toContain(">Attacks in routine</label>");
    const hint = /id="([^"]*hint-system\.routineAttacks)">([^<]*)</.exec(edit);
    expect(hint?.[2]).toMatch(/^Segment ruleset: how many attacks this weapon makes/);
    expect(input(edit)).toContain(`aria-describedby="${hint?.[1] ?? "?"}"`);
    expect(drawn(2, "play")).toMatch(/Attacks in routine<\/span>\s*<span class="tempo-field__value">2<\/span>/);
    expect(drawn(null, "play")).toMatch(/Attacks in routine<\/span>\s*<span class="tempo-field__value">—<\/span>/);
  });

  it("a viewer who may not edit gets no edit toggle", () => {
    const gear = byType.get("gear");
    if (gear === undefined) throw new Error("no sample gear");
    const context = buildItemSheetContext({ item: gear, ruleset: "count", mode: "play", editable: false, owner: null });
    expect(context.modeToggle.shown).toBe(false);
    expect(render(context)).not.toContain('data-action="toggleMode"');
  });
});
