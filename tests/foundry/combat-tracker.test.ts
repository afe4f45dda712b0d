import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { menuEntries } from "../support/runtime/context-menu.ts";

const world = installFoundryWorld(5);
afterAll(() => world.uninstall());
const p1 = world.addUser("p1");

await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { partsToRender } = await import("../../src/foundry/applications/tracker-parts.ts");

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const handlebars = createHandlebarsHost(en, sources);

/** The part hooks of Tempo's tracker, as core's render pipeline calls them (tests/support/runtime/combat-tracker-model.ts; tracker-render-parts.test.ts runs the whole pipeline). */
interface TrackerHooks {
  viewed: unknown;
  _configureRenderParts(options: object): Record<string, { template: string; templates?: string[] }>;
  _preparePartContext(partId: string, context: object, options: object): Promise<Record<string, unknown>>;
  _getEntryContextOptions(): unknown[];
}

const SCHEME_PARTS = ["count", "standard", "phase", "segment", "rotation", "list"];
const CORE_PARTS = ["header", "tracker", "footer"];
const sourcePath = (template: string): string => template.replace(/^systems\/tempo\//, "");
const sourceOf = (template: string): string => readText(sourcePath(template));

/** One render of the tracker as core's pipeline runs it: the parts chosen, then each Tempo part drawn with its context. */
async function render(app: TrackerHooks): Promise<{ parts: string[]; html: string }> {
  const parts = app._configureRenderParts({});
  let html = "";
  for (const [id, part] of Object.entries(parts)) {
    if (!SCHEME_PARTS.includes(id)) continue;
    html += handlebars.compile(sourceOf(part.template))(await app._preparePartContext(id, {}, {}));
  }
  return { parts: Object.keys(parts), html };
}

async function encounter(ruleset: RulesetId): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ilsa", owners: [p1.id], system: { side: "pc", initiativeBonus: 3, int: 1, agi: 2 } },
    { name: "Ogre", system: { side: "enemy", initiativeBonus: 0 } },
    { name: "Lurker", hidden: true, system: { side: "enemy", initiativeBonus: 2, int: 1, agi: 1 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  return combat;
}

function tracker(combat: Tempo | null): TrackerHooks {
  const app = new (TempoCombatTracker as unknown as new () => TrackerHooks)();
  app.viewed = combat;
  return app;
}

describe.each(RULESET_IDS)("Tempo's combat tracker in Foundry (%s)", (ruleset) => {
  it("draws only the combat's own scheme part beside core's header: the GM's bar for the GM, the owner's roll for the player, no hidden creature for the player", async () => {
    const combat = await encounter(ruleset);
    const gm = await render(tracker(combat));
    expect(gm.parts).toEqual(["header", ruleset]);
    expect(gm.html).toContain(`tempo-tracker--${ruleset}`);
    expect(gm.html).toMatch(/data-action="nextTurn"/);
    expect(gm.html).toContain("Lurker");
    const player = await world.as(p1, () => render(tracker(combat)));
    expect(player.parts).toEqual(["header", ruleset]);
    expect(player.html).not.toMatch(/data-action="nextTurn"/);
    expect(player.html).not.toContain("Lurker");
    // Core's row markup stays, so core's click, double-click, hover and ping keep working.
    expect(player.html).toMatch(/<li class="tempo-row combatant [^"]*" data-key="[^"]+" data-combatant-id="/);
    if (ruleset !== "segment") expect(player.html).toMatch(/data-action="rollInitiative"\s+data-combatant-id="/);
  });

  it("marks every creature's row as core's row (activateCombatant: click pans, double-click opens the sheet) with core's active, hide and defeated classes", async () => {
    const combat = await encounter(ruleset);
    const lurker = combat.combatants.contents.find((c) => c.name === "Lurker")?.id ?? "";
    const ogre = combat.combatants.contents.find((c) => c.name === "Ogre");
    await (ogre as unknown as { update(d: object): Promise<unknown> }).update({ defeated: true });
    await world.idle();
    const { html } = await render(tracker(combat));
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
    expect(parts[ruleset]?.template).toBe(`systems/tempo/templates/combat/tracker-parts/${ruleset}.hbs`);
    const entries = menuEntries(tracker(combat)._getEntryContextOptions()).map((e) => e.label);
    expect(entries.slice(0, 2)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove"]);
    expect(entries).toContain("TEMPO.TRACKER.Menu.SetInitiative");
  });
});

describe("Tempo's combat tracker in Foundry: parts and actions", () => {
  it("draws a combat Tempo does not run, and no combat at all, with core's own parts and no Tempo part", async () => {
    const other = new (Combat as unknown as new (data: object) => unknown)({ type: "base" });
    for (const viewed of [other, null]) {
      const app = tracker(null);
      app.viewed = viewed;
      const drawn = await render(app);
      expect(drawn.parts).toEqual(CORE_PARTS);
      expect(drawn.html).toBe("");
    }
    const parts = (TempoCombatTracker as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
    expect(parts.tracker?.template).toBe("templates/sidebar/tabs/combat/tracker.hbs");
    expect(parts.footer?.template).toBe("templates/sidebar/tabs/combat/footer.hbs");
  });

  it("switches parts when the viewed combat changes: another scheme's part, or core's, is no longer drawn", async () => {
    const count = await encounter("count");
    const phase = await encounter("phase");
    const app = tracker(count);
    expect((await render(app)).parts).toEqual(["header", "count"]);
    app.viewed = phase;
    const drawn = await render(app);
    expect(drawn.parts).toEqual(["header", "phase"]);
    expect(drawn.html).toContain("tempo-tracker--phase");
    expect(drawn.html).not.toContain("tempo-tracker--count");
    app.viewed = null;
    expect((await render(app)).parts).toEqual(CORE_PARTS);
  });

  it("draws the order list part, and only it, when the context's body falls back to the list (a scheme with nothing of its own to draw)", () => {
    const parts = (TempoCombatTracker as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
    expect(Object.keys(partsToRender(parts, "list"))).toEqual(["header", "list"]);
    expect(Object.keys(partsToRender(parts, "rotation"))).toEqual(["header", "rotation"]);
    expect(Object.keys(partsToRender(parts, null))).toEqual(CORE_PARTS);
  });

  it("lists, for every scheme part, every partial its template includes, so Foundry loads them with the part", () => {
    const parts = (
      TempoCombatTracker as unknown as { PARTS: Record<string, { template: string; templates?: string[] }> }
    ).PARTS;
    for (const id of SCHEME_PARTS) {
      const part = parts[id];
      expect(part?.template).toBe(`systems/tempo/templates/combat/tracker-parts/${id}.hbs`);
      const included = new Set<string>();
      const visit = (path: string): void => {
        for (const m of readText(path).matchAll(/\{\{#?>\s*"systems\/tempo\/([^"]+)"/g)) {
          const partial = m[1] ?? "";
          if (included.has(partial)) continue;
          included.add(partial);
          visit(partial);
        }
      };
      visit(sourcePath(part?.template ?? ""));
      expect(included).toContain(`templates/combat/parts/${id}.hbs`);
      // Its own scheme's partial only: no other scheme's part is loaded or drawn with it.
      expect([...included].filter((p) => p.startsWith("templates/combat/parts/"))).toEqual([
        `templates/combat/parts/${id}.hbs`,
      ]);
      expect([...included].map((p) => `systems/tempo/${p}`).sort()).toEqual([...(part?.templates ?? [])].sort());
    }
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
    const gmHtml = (await render(tracker(combat))).html;
    expect(gmHtml).toMatch(/data-step="1" aria-current="step"/);
    expect(gmHtml).toMatch(/data-action="segmentDeclare"/);
    const playerHtml = (await world.as(p1, () => render(tracker(combat)))).html;
    expect(playerHtml).toContain('aria-label="Round sequence"');
    expect(playerHtml).not.toContain("Lurker");
  });

  it("STD-2, issue 18: a player's tracker tells no tie with a hidden creature or with an NPC whose total the setting withholds", async () => {
    const combat = await encounter("standard");
    // Ilsa (DEX +3), the Ogre (+0) and the hidden Lurker (+2) all total 15: DEX decides between them.
    world.scriptedTotals.push(15, 15, 15);
    await combat.rollAll();
    await world.idle();
    expect((await render(tracker(combat))).html).toContain("Same total: DEX");
    const playerHtml = (await world.as(p1, () => render(tracker(combat)))).html;
    expect(playerHtml).not.toContain("Same total: DEX");
    world.scriptedTotals.length = 0;
  });
});
