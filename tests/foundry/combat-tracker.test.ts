import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { listFiles, readText } from "../support/source-files.ts";

const world = installFoundryWorld(5);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await import("../../src/foundry/init.ts");
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const renderTracker = createHandlebarsHost(en, sources).compile(readText("templates/combat/tracker.hbs"));

/** The part hooks of Tempo's tracker, as core's render pipeline calls them (see combat-tracker-double.ts). */
interface TrackerHooks {
  viewed: unknown;
  _preparePartContext(partId: string, context: object, options: object): Promise<Record<string, unknown>>;
  _getEntryContextOptions(): { name: string }[];
}

async function encounter(ruleset: RulesetId): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ilsa", owners: [player.id], system: { side: "pc", initiativeBonus: 3, int: 1, agi: 2 } },
    { name: "Ogre", system: { side: "enemy", initiativeBonus: 0 } },
    { name: "Lurker", hidden: true, system: { side: "enemy", initiativeBonus: 2, int: 1, agi: 1 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  return combat;
}

function tracker(combat: Tempo): TrackerHooks {
  const app = new (TempoCombatTracker as unknown as new () => TrackerHooks)();
  app.viewed = combat;
  return app;
}

describe.each(RULESET_IDS)("Tempo's combat tracker in Foundry (%s)", (ruleset) => {
  it("draws the tracker part from the view builders: the GM's bar for the GM, the owner's roll for the player, no hidden creature for the player", async () => {
    const combat = await encounter(ruleset);
    const gmHtml = renderTracker(await tracker(combat)._preparePartContext("tracker", {}, {}));
    expect(gmHtml).toContain(`tempo-tracker--${ruleset}`);
    expect(gmHtml).toMatch(/data-action="nextTurn"/);
    expect(gmHtml).toContain("Lurker");
    const playerHtml = await world.as(player, async () =>
      renderTracker(await tracker(combat)._preparePartContext("tracker", {}, {})),
    );
    expect(playerHtml).not.toMatch(/data-action="nextTurn"/);
    expect(playerHtml).not.toContain("Lurker");
    // Core's row markup stays, so core's click, double-click, hover and ping keep working.
    expect(playerHtml).toMatch(/<li class="tempo-row combatant [^"]*" data-key="[^"]+" data-combatant-id="/);
    if (ruleset !== "segment") expect(playerHtml).toMatch(/data-action="rollInitiative"\s+data-combatant-id="/);
  });

  it("marks every creature's row as core's row (activateCombatant: click pans, double-click opens the sheet) with core's active, hide and defeated classes", async () => {
    const combat = await encounter(ruleset);
    const lurker = combat.combatants.contents.find((c) => c.name === "Lurker")?.id ?? "";
    const ogre = combat.combatants.contents.find((c) => c.name === "Ogre");
    await (ogre as unknown as { update(d: object): Promise<unknown> }).update({ defeated: true });
    await world.idle();
    const html = renderTracker(await tracker(combat)._preparePartContext("tracker", {}, {}));
    const rows = [...html.matchAll(/<li class="tempo-row combatant ([^"]*)"[^>]*>/g)];
    const creatureRows = rows.filter((m) => m[0].includes("data-combatant-id="));
    expect(creatureRows.length).toBeGreaterThanOrEqual(3);
    for (const [tag] of creatureRows) expect(tag).toContain('data-action="activateCombatant"');
    // A row that is no creature's (a group, a step) activates no one.
    for (const [tag] of rows.filter((m) => !m[0].includes("data-combatant-id=")))
      expect(tag).not.toContain("data-action");
    const classesOf = (id: string): string[][] =>
      creatureRows.filter((m) => m[0].includes(`data-combatant-id="${id}"`)).map((m) => (m[1] ?? "").split(" "));
    expect(classesOf(lurker).every((c) => c.includes("hide"))).toBe(true);
    expect(classesOf(ogre?.id ?? "").every((c) => c.includes("defeated") && !c.includes("hide"))).toBe(true);
    const active = creatureRows.filter((m) => (m[1] ?? "").split(" ").includes("active"));
    for (const [tag] of active) expect(tag).toContain('aria-current="step"');
    if (combat.combatant) expect(active.length).toBeGreaterThan(0);
  });

  it("keeps core's header part and core's combatant menu entries, adding Tempo's", async () => {
    const combat = await encounter(ruleset);
    const parts = (TempoCombatTracker as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
    expect(parts.header?.template).toBe("templates/sidebar/tabs/combat/header.hbs");
    expect(parts.tracker?.template).toBe("systems/tempo/templates/combat/tracker.hbs");
    const entries = tracker(combat)
      ._getEntryContextOptions()
      .map((e) => e.name);
    expect(entries.slice(0, 2)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove"]);
    expect(entries).toContain("TEMPO.TRACKER.Menu.SetInitiative");
  });
});

describe("Tempo's combat tracker in Foundry: templates and actions", () => {
  it("lists every partial its tracker template includes, so Foundry loads them with the part", () => {
    const parts = (TempoCombatTracker as unknown as { PARTS: Record<string, { templates?: string[] }> }).PARTS;
    const included = new Set<string>();
    const visit = (path: string): void => {
      for (const m of readText(path).matchAll(/\{\{>\s*"systems\/tempo\/([^"]+)"/g)) {
        const partial = m[1] ?? "";
        if (included.has(partial)) continue;
        included.add(partial);
        visit(partial);
      }
    };
    visit("templates/combat/tracker.hbs");
    expect(included).toContain("templates/combat/parts/segment.hbs");
    expect([...included].map((p) => `systems/tempo/${p}`).sort()).toEqual([...(parts.tracker?.templates ?? [])].sort());
  });

  it("SEG-2 step 1: handles the row's Declare control (it opens the declare form)", () => {
    const options = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, unknown> } })
      .DEFAULT_OPTIONS;
    expect(Object.keys(options.actions)).toEqual(expect.arrayContaining(["tempoCommand", "endTurn", "segmentDeclare"]));
  });

  it("CNT-6, CNT-12: handles the count row's Declare and React controls (they open the count forms)", () => {
    const options = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, unknown> } })
      .DEFAULT_OPTIONS;
    expect(Object.keys(options.actions)).toEqual(expect.arrayContaining(["countDeclare", "countReact"]));
  });

  it("SEG-2: draws the segment part with its steps for the GM and a player, no hidden creature for the player", async () => {
    const combat = await encounter("segment");
    const gmHtml = renderTracker(await tracker(combat)._preparePartContext("tracker", {}, {}));
    expect(gmHtml).toMatch(/data-step="1" aria-current="step"/);
    expect(gmHtml).toMatch(/data-action="segmentDeclare"/);
    const playerHtml = await world.as(player, async () =>
      renderTracker(await tracker(combat)._preparePartContext("tracker", {}, {})),
    );
    expect(playerHtml).toContain('aria-label="Round sequence"');
    expect(playerHtml).not.toContain("Lurker");
  });
});
