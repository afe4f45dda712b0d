import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import {
  installApplicationRuntime,
  listenerCount,
  partAttachCount,
  type RenderRecord,
} from "../support/runtime/application-v2.ts";
import { coreTemplateStandIn, isCoreTemplate } from "../support/runtime/combat-tracker-model.ts";
import { listFiles, readText } from "../support/source-files.ts";

/**
 * Issue 17, item 5: Tempo's real TempoCombatTracker driven through the model of core's render pipeline
 * (tests/support/runtime/application-v2.ts): partial renders by core's part ids, per-part state and
 * listeners on patched rows.
 */
const world = installFoundryWorld(5);
const p1 = world.addUser("p1");

await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { partsRequested } = await import("../../src/foundry/applications/tracker-parts.ts");

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const handlebars = createHandlebarsHost(en, sources);
const compiled = new Map<string, HandlebarsTemplateDelegate>();
type HandlebarsTemplateDelegate = ReturnType<typeof handlebars.compile>;

/** Foundry's renderTemplate for the model: Tempo's templates compiled here, core's drawn as stand-ins. */
function renderTemplate(path: string, context: object): string {
  if (isCoreTemplate(path)) return coreTemplateStandIn(path);
  const template = compiled.get(path) ?? handlebars.compile(readText(path.replace(/^systems\/tempo\//, "")));
  compiled.set(path, template);
  return template(context);
}

const runtime = await installApplicationRuntime(renderTemplate);
afterAll(() => {
  runtime.uninstall();
  world.uninstall();
});

/** What a test reads and drives on the tracker (its pipeline hooks run inside the model's render). */
interface TrackerApp {
  viewed: unknown;
  readonly element: HTMLElement;
  readonly renders: RenderRecord[];
  render(options?: { parts?: string[] }): Promise<unknown>;
}

function tracker(combat: unknown): TrackerApp {
  const app = new (TempoCombatTracker as unknown as new () => TrackerApp)();
  app.viewed = combat;
  return app;
}

async function encounter(ruleset: RulesetId): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ilsa", owners: [p1.id], system: { side: "pc", initiativeBonus: 3, int: 1, agi: 2 } },
    { name: "Ogre", system: { side: "enemy", initiativeBonus: 0 } },
    { name: "Lurker", system: { side: "enemy", initiativeBonus: 2, int: 1, agi: 1 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  await combat.rollAll();
  await world.idle();
  return combat;
}

const part = (app: TrackerApp, id: string): HTMLElement | null =>
  app.element.querySelector<HTMLElement>(`:scope > [data-application-part="${id}"]`);

const shown = (app: TrackerApp): string[] =>
  Array.from(app.element.children, (child) => child.getAttribute("data-application-part") ?? "");

const lastDrawn = (app: TrackerApp): string[] => app.renders.at(-1)?.drawn ?? [];

/** Every element of `root` (itself included). */
const elementsOf = (root: Element): Element[] => [root, ...Array.from(root.querySelectorAll("*"))];

describe.each(RULESET_IDS)("Tempo's tracker through core's render pipeline (%s)", (ruleset) => {
  it("a render asking for core's `tracker` redraws the scheme part, patched in place, with the new state", async () => {
    const combat = await encounter(ruleset);
    const app = tracker(combat);
    await app.render({ force: true } as { parts?: string[] });
    expect(shown(app)).toEqual(["header", ruleset]);
    const scheme = part(app, ruleset);
    const before = scheme?.outerHTML ?? "";
    await combat.nextTurn();
    await world.idle();
    await app.render({ parts: ["tracker"] });
    expect(lastDrawn(app)).toEqual([ruleset]);
    // The same node, patched (core's scroll position and focus stay with it), now showing the new turn.
    expect(part(app, ruleset)).toBe(scheme);
    expect(part(app, ruleset)?.outerHTML).not.toBe(before);
    expect(shown(app)).toEqual(["header", ruleset]);
  });

  it("core's `footer` is the scheme part too; a render of `header` leaves the scheme part as it is", async () => {
    const combat = await encounter(ruleset);
    const app = tracker(combat);
    await app.render();
    const header = part(app, "header");
    const scheme = part(app, ruleset);
    const drawn = scheme?.outerHTML;
    await combat.nextTurn();
    await world.idle();
    await app.render({ parts: ["header"] });
    expect(lastDrawn(app)).toEqual(["header"]);
    expect(part(app, "header")).not.toBe(header);
    expect(part(app, ruleset)).toBe(scheme);
    expect(part(app, ruleset)?.outerHTML).toBe(drawn);
    await app.render({ parts: ["footer"] });
    expect(lastDrawn(app)).toEqual([ruleset]);
    expect(part(app, ruleset)?.outerHTML).not.toBe(drawn);
  });

  it("never binds a part's listeners twice: every element on screen was given to _attachPartListeners once", async () => {
    const combat = await encounter(ruleset);
    const app = tracker(combat);
    await app.render();
    for (let step = 0; step < 3; step++) {
      await combat.nextTurn();
      await world.idle();
      await app.render(step === 1 ? {} : { parts: ["tracker"] });
      await app.render({ parts: ["header"] });
    }
    for (const element of elementsOf(app.element).slice(1)) expect(partAttachCount(element)).toBe(1);
    expect(listenerCount(app.element, "click")).toBe(1);
  });
});

describe("Tempo's tracker through core's render pipeline: state, actions, other combats", () => {
  it("(standard) the acting row changes after a next turn, and the scheme part's scroll position stays", async () => {
    const combat = await encounter("standard");
    const app = tracker(combat);
    await app.render();
    const acting = (): string | null =>
      part(app, "standard")?.querySelector(".combatant.active")?.getAttribute("data-combatant-id") ?? null;
    const first = acting();
    expect(first).not.toBeNull();
    const scheme = part(app, "standard");
    if (scheme !== null) scheme.scrollTop = 40;
    await combat.nextTurn();
    await world.idle();
    await app.render({ parts: ["tracker"] });
    expect(acting()).not.toBeNull();
    expect(acting()).not.toBe(first);
    expect(part(app, "standard")?.scrollTop).toBe(40);
  });

  it("a click on a kept row's or the bar's action runs once, after any number of renders", async () => {
    const combat = await encounter("standard");
    const app = tracker(combat);
    await app.render();
    for (let k = 0; k < 3; k++) await app.render({ parts: ["tracker"] });
    const turn = combat.turn;
    part(app, "standard")?.querySelector<HTMLElement>('[data-action="nextTurn"]')?.click();
    await world.idle();
    expect(combat.turn).toBe(((turn ?? 0) + 1) % combat.turns.length);
  });

  it("a combat Tempo does not run gets core's parts, and a render of `tracker` redraws core's tracker only", async () => {
    const other = new (Combat as unknown as new (data: object) => unknown)({ type: "base" });
    const app = tracker(other);
    await app.render();
    expect(shown(app)).toEqual(["header", "tracker", "footer"]);
    const header = part(app, "header");
    const footer = part(app, "footer");
    await app.render({ parts: ["tracker"] });
    expect(lastDrawn(app)).toEqual(["tracker"]);
    expect(part(app, "header")).toBe(header);
    expect(part(app, "footer")).toBe(footer);
  });

  it("a partial render after the viewed combat changed draws the new combat's parts and removes the old ones", async () => {
    const count = await encounter("count");
    const phase = await encounter("phase");
    const app = tracker(count);
    await app.render();
    app.viewed = phase;
    await app.render({ parts: ["header"] });
    expect(shown(app)).toEqual(["header", "phase"]);
    app.viewed = new (Combat as unknown as new (data: object) => unknown)({ type: "base" });
    await app.render({ parts: ["header"] });
    expect(shown(app)).toEqual(["header", "tracker", "footer"]);
    app.viewed = count;
    await app.render({ parts: ["tracker"] });
    expect(shown(app)).toEqual(["header", "count"]);
  });
});

describe("issue 22: ids unique per application", () => {
  it("(count) the sidebar's tracker and a popped-out one open at once share no id, and each names its own heading", async () => {
    const combat = await encounter("count");
    const apps = [tracker(combat), tracker(combat)];
    for (const app of apps) {
      await app.render();
      runtime.document.body.append(app.element);
    }
    const ids = apps.map((app) => Array.from(app.element.querySelectorAll("[id]"), (e) => e.id));
    expect(ids[0]?.length).toBeGreaterThan(0);
    expect(ids[0]?.filter((id) => ids[1]?.includes(id))).toEqual([]);
    for (const app of apps) {
      for (const labelled of Array.from(app.element.querySelectorAll("[aria-labelledby]"))) {
        const heading = runtime.document.getElementById(labelled.getAttribute("aria-labelledby") ?? "");
        expect(app.element.contains(heading)).toBe(true);
      }
      app.element.remove();
    }
  });
});

describe("partsRequested (the parts a partial render redraws)", () => {
  it("maps core's tracker and footer, and any scheme part's id, to the viewed Tempo combat's scheme part", () => {
    expect(partsRequested(["tracker"], "count", ["header", "count"])).toEqual(["count"]);
    expect(partsRequested(["footer"], "count", ["header", "count"])).toEqual(["count"]);
    expect(partsRequested(["header", "tracker", "footer"], "phase", ["header", "phase"])).toEqual(["header", "phase"]);
    expect(partsRequested(["segment"], "phase", ["header", "phase"])).toEqual(["phase"]);
    expect(partsRequested(["header"], "phase", ["header", "phase"])).toEqual(["header"]);
    expect(partsRequested([], "phase", ["header", "phase"])).toEqual([]);
  });

  it("keeps core's ids for a combat core draws, a scheme part's id meaning core's tracker and footer", () => {
    const core = ["header", "tracker", "footer"];
    expect(partsRequested(["tracker"], null, core)).toEqual(["tracker"]);
    expect(partsRequested(["header"], null, core)).toEqual(["header"]);
    expect(partsRequested(["count"], null, core)).toEqual(["tracker", "footer"]);
  });

  it("adds the parts that draw the combat when they are not on screen (the viewed combat changed)", () => {
    expect(partsRequested(["header"], "phase", ["header", "count"])).toEqual(["header", "phase"]);
    expect(partsRequested(["header"], null, ["header", "count"])).toEqual(["header", "tracker", "footer"]);
    expect(partsRequested(["header"], "count", ["header", "tracker", "footer"])).toEqual(["header", "count"]);
  });
});
