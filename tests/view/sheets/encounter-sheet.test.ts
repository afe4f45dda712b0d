import { describe, expect, it } from "vitest";
import type { EncounterData } from "../../../src/engine/index.ts";
import { SAMPLE_ENCOUNTER } from "../../../src/preview/encounter-sheet-preview.ts";
import {
  addActorToEncounter,
  addGroup,
  changeCount,
  encounterFromForm,
  removeEntry,
  removeGroup,
} from "../../../src/view/sheets/encounter-edits.ts";
import { buildEncounterSheet, type EncounterSheetInput } from "../../../src/view/sheets/encounter-sheet.ts";
import { createHandlebarsHost } from "../../../src/preview/handlebars-host.ts";
import { listFiles, readText } from "../../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const host = createHandlebarsHost(en, sources);
const render = (context: object) =>
  ["header", "entries", "groups", "deploy"]
    .map((part) => host.compile(readText(`templates/sheets/encounter/${part}.hbs`))(context))
    .join("\n");
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const WOLF = "Actor.wo1f000000000001";

function input(over: Partial<EncounterSheetInput> = {}): EncounterSheetInput {
  return {
    name: "Goblin ambush",
    img: null,
    data: SAMPLE_ENCOUNTER,
    portraits: { "Compendium.tempo.npcs.Actor.gob1in0000000001": "goblin.webp" },
    editable: true,
    gm: true,
    hasScene: true,
    canUndo: false,
    refusal: null,
    ...over,
  };
}

const value = (result: ReturnType<typeof changeCount>): EncounterData => {
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
};

describe("encounter sheet context (issue 12)", () => {
  it("lists each creature with its portrait when known, its count, side, and group; the summary counts them", () => {
    const sheet = buildEncounterSheet(input());
    expect(sheet.entries.map((e) => [e.name, e.count, e.img])).toEqual([
      ["Goblin", 3, "goblin.webp"],
      ["Wolf", 2, null],
      ["Ogre", 1, null],
    ]);
    expect(sheet.summary).toEqual([
      { key: "TEMPO.ENCOUNTERS.Sheet.Summary.Creatures", data: { count: 6 } },
      { key: "TEMPO.ENCOUNTERS.Sheet.Summary.Groups", data: { count: 2 } },
    ]);
    expect(sheet.entries[0]?.groups?.find((o) => o.selected)?.text).toBe("Skirmishers");
    expect(sheet.entries[2]?.groups?.find((o) => o.selected)?.value).toBe("");
    expect(sheet.rulesets.find((o) => o.selected)?.value).toBe("rotation");
  });

  it("ROT-4: the group select and the groups list are shown only where the ruleset has groups", () => {
    const phase = buildEncounterSheet(
      input({ data: { ...SAMPLE_ENCOUNTER, ruleset: "phase", groups: [], entries: [] } }),
    );
    expect(phase.groupsShown).toBe(false);
    const ogre = SAMPLE_ENCOUNTER.entries.filter((e) => e.group === null);
    const standard = buildEncounterSheet(
      input({ data: { ...SAMPLE_ENCOUNTER, ruleset: "standard", groups: [], entries: ogre } }),
    );
    expect(standard.entries[0]?.groups).toBeNull();
    expect(buildEncounterSheet(input()).groupsShown).toBe(true);
  });

  it("the - button is disabled at one creature, + at the most an entry holds", () => {
    const sheet = buildEncounterSheet(input());
    expect(sheet.entries[2]?.canDecrease).toBe(false);
    expect(sheet.entries[0]?.canDecrease).toBe(true);
    const full = value(changeCount(SAMPLE_ENCOUNTER, 0, 47));
    expect(buildEncounterSheet(input({ data: full })).entries[0]?.canIncrease).toBe(false);
  });

  it("Deploy and Undo are the GM's, and each is disabled with its reason when it cannot be used", () => {
    expect(buildEncounterSheet(input({ gm: false })).deploy.shown).toBe(false);
    const noScene = buildEncounterSheet(input({ hasScene: false }));
    expect(noScene.deploy).toEqual({
      shown: true,
      disabled: true,
      reason: { key: "TEMPO.ENCOUNTERS.Sheet.NoScene" },
    });
    expect(noScene.undo.reason).toEqual({ key: "TEMPO.ENCOUNTERS.Sheet.NothingToUndo" });
    const empty = buildEncounterSheet(input({ data: { ...SAMPLE_ENCOUNTER, entries: [] } }));
    expect(empty.deploy.reason).toEqual({ key: "TEMPO.ERRORS.Encounter.Empty" });
    const ready = buildEncounterSheet(input({ canUndo: true }));
    expect([ready.deploy.disabled, ready.undo.disabled]).toEqual([false, false]);
  });

  it("the engine's problems and the last refusal are shown inline", () => {
    const bad = { ...SAMPLE_ENCOUNTER, ruleset: "phase" } as EncounterData;
    const sheet = buildEncounterSheet(input({ data: bad, refusal: { key: "TEMPO.ENCOUNTERS.Sheet.NoEntry" } }));
    expect(sheet.problems[0]).toEqual({ key: "TEMPO.ENCOUNTERS.Sheet.NoEntry" });
    expect(sheet.problems[1]?.key).toBe("TEMPO.ERRORS.Encounter.NoGroups");
    expect(sheet.deploy.disabled).toBe(true);
  });
});

describe("encounter sheet edits (checked by the engine)", () => {
  it("a dropped actor becomes a new enemy entry of one; dropped again, its count goes up", () => {
    const once = value(addActorToEncounter(SAMPLE_ENCOUNTER, { uuid: WOLF, name: "Dire wolf" }));
    expect(once.entries.at(-1)).toEqual({ uuid: WOLF, name: "Dire wolf", count: 1, side: "enemy", group: null });
    const twice = value(addActorToEncounter(once, { uuid: WOLF, name: "Dire wolf" }));
    expect(twice.entries).toHaveLength(once.entries.length);
    expect(twice.entries.at(-1)?.count).toBe(2);
  });

  it("the form's values replace the stored ones; a bad count is refused with the engine's reason", () => {
    const edited = value(
      encounterFromForm(SAMPLE_ENCOUNTER, {
        "system.surprise": "party",
        "system.entries.1.count": "4",
        "system.entries.1.group": "",
        "system.groups.0.name": "Archers",
      }),
    );
    expect(edited.surprise).toBe("party");
    expect(edited.entries[1]).toMatchObject({ count: 4, group: null });
    expect(edited.groups[0]?.name).toBe("Archers");
    const refused = encounterFromForm(SAMPLE_ENCOUNTER, { "system.entries.0.count": 0 });
    expect(refused).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Encounter.Count", data: { name: "Goblin", max: 50 } },
    });
  });

  it("ROT-5: switching to a ruleset without groups is refused while the encounter has groups", () => {
    const refused = encounterFromForm(SAMPLE_ENCOUNTER, { "system.ruleset": "count" });
    expect(!refused.ok && refused.error.key).toBe("TEMPO.ERRORS.Encounter.NoGroups");
  });

  it("removing a group leaves its creatures in the encounter, in no group; - below one is refused", () => {
    const removed = value(removeGroup(SAMPLE_ENCOUNTER, 1));
    expect(removed.groups.map((g) => g.id)).toEqual(["skirmish"]);
    expect(removed.entries[1]).toMatchObject({ name: "Wolf", count: 2, group: null });
    expect(changeCount(SAMPLE_ENCOUNTER, 2, -1).ok).toBe(false);
    expect(value(removeEntry(SAMPLE_ENCOUNTER, 2)).entries.map((e) => e.name)).toEqual(["Goblin", "Wolf"]);
  });

  it("ROT-4: a group can be added in rotation, and is refused in a ruleset without groups", () => {
    expect(value(addGroup(SAMPLE_ENCOUNTER, "g3", "Group 3")).groups).toHaveLength(3);
    const standard: EncounterData = { ...SAMPLE_ENCOUNTER, ruleset: "standard", groups: [], entries: [] };
    expect(addGroup(standard, "g1", "Group 1").ok).toBe(false);
  });
});

describe("encounter sheet templates", () => {
  it("show the summary, each creature's count input and group select, and why Deploy is disabled", () => {
    const html = render(buildEncounterSheet(input({ hasScene: false })));
    expect(text(html)).toContain("6 creatures, 2 groups");
    expect(html).toMatch(/name="system\.entries\.0\.count" value="3"/);
    expect(html).toMatch(/<option value="skirmish" selected>Skirmishers<\/option>/);
    expect(html).toMatch(/data-action="deployEncounter" disabled/);
    expect(text(html)).toContain("No scene is viewed");
  });

  it("a player (not GM) sees no Deploy; a viewer who may not edit gets disabled inputs and no remove buttons", () => {
    const html = render(buildEncounterSheet(input({ gm: false, editable: false })));
    expect(html).not.toContain('data-action="deployEncounter"');
    expect(html).not.toContain('data-action="removeEntry"');
    expect(html).toMatch(/name="system\.entries\.0\.count"[^>]*disabled/);
  });
});
