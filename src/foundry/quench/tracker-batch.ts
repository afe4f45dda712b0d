/**
 * Quench batch `tempo.tracker.parts` (issue 17, "The tracker's parts match core's"): per ruleset, with a
 * running Tempo combat viewed in the sidebar, a partial render by core's part id
 * (`ui.combat.render({ parts: ["tracker"] })`, as modules call it) draws the Tempo scheme's part: the
 * render asks for that part (the `renderCombatTracker` hook's options, fired for subclasses by their
 * parent's name too, as pf2e-hud's tracker HUD listens to it for pf2e's own tracker; API hookEvents
 * renderApplicationV2: `(application, element, context, options)`), the part holds Tempo's tracker of
 * the ruleset, and core's own `tracker` part is not drawn beside it.
 */
import { RULESET_IDS } from "../../engine/index.ts";
import { SCHEME_PART_IDS } from "../applications/tracker-parts.ts";
import type { QuenchAssert, QuenchBatchFunction } from "./quench-api.ts";
import { QuenchWorld } from "./quench-world.ts";
import { until } from "./combat-batch.ts";

const SUITE_TIMEOUT_MS = 60_000;

/** The scheme parts on screen in the sidebar tracker. */
function schemePartsShown(element: HTMLElement): string[] {
  return SCHEME_PART_IDS.filter((id) => element.querySelector(`[data-application-part="${id}"]`) !== null);
}

const partsOf = (options: unknown): unknown =>
  typeof options === "object" && options !== null ? Reflect.get(options, "parts") : undefined;

export const trackerBatch: QuenchBatchFunction = (context) => {
  const { describe, it, before, after } = context;
  const assert: QuenchAssert = context.assert;
  const worlds: QuenchWorld[] = [];

  describe("Tempo tracker: a partial render by core's part id draws the scheme's part", function () {
    this.timeout(SUITE_TIMEOUT_MS);

    before(function () {
      if (game.user.isGM && ui.combat !== undefined && ui.combat !== null) return;
      console.warn("Tempo | Quench tempo.tracker.parts: run it as a GM with the sidebar loaded.");
      this.skip();
    });

    after(async () => {
      for (const world of worlds.splice(0)) await world.cleanUp();
    });

    for (const ruleset of RULESET_IDS) {
      it(`${ruleset}: ui.combat.render({ parts: ["tracker"] }) redraws the ${ruleset} scheme part, not core's tracker`, async () => {
        const world = new QuenchWorld();
        worlds.push(world);
        const combat = await world.start(ruleset, `Quench Tracker ${ruleset}`);
        const tracker = ui.combat;
        if (tracker === undefined || tracker === null) assert.fail("There is no sidebar tracker.");
        await combat.activate();
        await until(() => tracker.viewed === combat, "the tracker to view the combat");
        // A full draw of the viewed combat first, whether or not core has redrawn it since it was activated.
        await tracker.render({ force: true });
        await until(() => schemePartsShown(tracker.element).length === 1, "the tracker to draw a scheme part");
        const [part] = schemePartsShown(tracker.element);

        const asked: unknown[] = [];
        world.on("renderCombatTracker", (app, _element, _context, options) => {
          if (app === tracker) asked.push(partsOf(options));
        });
        await tracker.render({ parts: ["tracker"] });
        assert.strictEqual(asked.length, 1, "one render");
        const parts = asked[0];
        assert.isTrue(Array.isArray(parts) && parts.includes(part), `the render asked for the scheme part "${part}"`);
        assert.isFalse(Array.isArray(parts) && parts.includes("tracker"), "the render did not ask for core's tracker");
        // A part's element is its template's one root (HandlebarsApplication parts), here the tracker shell.
        const drawn = tracker.element.querySelector(`[data-application-part="${part}"]`);
        const shown =
          drawn?.matches(".tempo-tracker") === true ? drawn : (drawn?.querySelector(".tempo-tracker") ?? null);
        assert.isNotNull(shown, "the scheme part holds Tempo's tracker");
        assert.strictEqual(shown.getAttribute("data-ruleset"), ruleset, "of the combat's ruleset");
        assert.isNull(
          tracker.element.querySelector('[data-application-part="tracker"]'),
          "core's tracker part is not drawn",
        );
      });
    }
  });
};
