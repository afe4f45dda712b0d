/**
 * Issue 17's Quench batches (src/foundry/quench/): registered with Quench beside the others, and their
 * bodies run here on the runtime model with every test passing: `tempo.core.hooks` and
 * `tempo.core.writers` as the active GM, `tempo.core.writers` again from a second GM, and
 * `tempo.socket.endTurn` with the test as the tester at the player's page (it presses End my turn's key
 * when the batch asks), and `tempo.tracker.parts` once the GM's page draws its sidebar tracker on the
 * model's ApplicationV2 (before that it skips, saying why).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld } from "../support/tempo-encounter.ts";
import { runBatch } from "../support/quench-runner.ts";
import { installApplicationRuntime } from "../support/runtime/application-v2.ts";
import { coreTemplateStandIn, isCoreTemplate } from "../support/runtime/combat-tracker-model.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { listFiles, readText } from "../support/source-files.ts";

const t = await installTempoWorld(89);
const { world, gm, owner } = t;
const asGm = (fn: () => Promise<unknown>) => world.as(gm, fn);
afterAll(() => world.uninstall());

const { QUENCH_BATCHES } = await import("../../src/foundry/quench/register-quench-batches.ts");
const { coreHooksBatch } = await import("../../src/foundry/quench/core-hooks-batch.ts");
const { writersBatch } = await import("../../src/foundry/quench/writers-batch.ts");
const { socketBatch } = await import("../../src/foundry/quench/socket-batch.ts");
const { trackerBatch } = await import("../../src/foundry/quench/tracker-batch.ts");

const handlebars = createHandlebarsHost(
  JSON.parse(readText("lang/en.json")) as Record<string, never>,
  Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)])),
);
/** Foundry's renderTemplate for the model's tracker: Tempo's templates, core's drawn as stand-ins. */
const renderTemplate = (path: string, context: object): string =>
  isCoreTemplate(path) ? coreTemplateStandIn(path) : handlebars.compile(`{{> "${path}"}}`)(context);

const failures = (outcomes: Awaited<ReturnType<typeof runBatch>>) =>
  outcomes.filter((o) => o.status !== "passed").map((o) => `${o.suite} › ${o.title}: ${o.status} ${String(o.error)}`);

describe("issue 17's Quench batches", () => {
  it("register with Quench when it is ready, after the others", () => {
    const registered: { key: string; fn: unknown; name: string | undefined; checked: boolean }[] = [];
    world.callHook("quenchReady", {
      registerBatch: (key: string, fn: unknown, options: { displayName?: string; preSelected?: boolean } = {}) =>
        registered.push({ key, fn, name: options.displayName, checked: options.preSelected ?? true }),
    });
    // every client's `quenchReady` registers them (the model runs one per user): each key once here
    const byKey = new Map(registered.map((b) => [b.key, b]));
    const issue17 = [...byKey.values()].filter((b) => /^tempo\.(core|socket|tracker)\./.test(b.key));
    expect(issue17.map((b) => b.key)).toEqual([
      "tempo.core.hooks",
      "tempo.core.writers",
      "tempo.socket.endTurn",
      "tempo.tracker.parts",
    ]);
    expect(issue17.map((b) => b.fn)).toEqual([coreHooksBatch, writersBatch, socketBatch, trackerBatch]);
    expect(new Set(registered.map((b) => b.key)).size).toBe(QUENCH_BATCHES.length);
    // The batches that need a second browser (a tester's click, a player's console): unchecked unless chosen.
    expect([...new Set(registered.filter((b) => !b.checked).map((b) => b.key))]).toEqual([
      "tempo.socket.endTurn",
      "tempo.attacks.console",
    ]);
  });

  it("tempo.core.hooks passes on the runtime model for every ruleset: core hooks, turn events and combatant over two rounds", async () => {
    const outcomes = await runBatch(coreHooksBatch, asGm);
    expect(outcomes).toHaveLength(5 * 5);
    expect(failures(outcomes)).toEqual([]);
  }, 120_000);

  it("tempo.core.writers passes on the runtime model for every ruleset: two next commands at once are two steps", async () => {
    const outcomes = await runBatch(writersBatch, asGm);
    expect(outcomes).toHaveLength(5);
    expect(failures(outcomes)).toEqual([]);
  }, 60_000);

  it("tempo.core.writers run by a second GM (not the active one): both steps travel over the system socket and still pass", async () => {
    const gm2 = world.addUser("gm2", true);
    await world.idle();
    expect(world.runtime.as(gm2.id, () => game.users.activeGM?.id)).toBe(gm.id);
    const outcomes = await runBatch(writersBatch, (fn) => world.as(gm2, fn));
    expect(outcomes).toHaveLength(5);
    expect(failures(outcomes)).toEqual([]);
    gm2.active = false;
    await world.idle();
  }, 60_000);

  it("tempo.socket.endTurn passes on the runtime model: the GM side, then the owner presses End my turn's key on their page", async () => {
    const from = world.notices.length;
    let pressed = 0;
    // The tester at the player's page: when the batch asks on the GM's page, they press Shift+E there.
    const tester = setInterval(() => {
      const asked = world.notices.slice(from).some((n) => n.user === gm.id && n.text.includes("press End my turn"));
      if (!asked || pressed > 0) return;
      pressed++;
      void world.as(owner, async () => {
        const actions = (game.keybindings as unknown as { actions: Map<string, { onDown(c: object): unknown }> })
          .actions;
        actions.get("tempo.endMyTurn")?.onDown({});
        return Promise.resolve();
      });
    }, 20);
    try {
      const outcomes = await runBatch(socketBatch, asGm);
      expect(outcomes.map((o) => o.title)).toEqual([
        "the GM side: the request End my turn sends ends the player's character's turn (seq + 1, one combatTurnChange)",
        "the full path, with the tester: press End my turn on the player's client within 60 s",
      ]);
      expect(failures(outcomes)).toEqual([]);
    } finally {
      clearInterval(tester);
    }
    expect(pressed).toBe(1);
  }, 90_000);

  it("tempo.tracker.parts skips, saying so, on a page with no sidebar tracker", async () => {
    const outcomes = await runBatch(trackerBatch, asGm);
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill("skipped"));
  });

  it("tempo.tracker.parts passes on the runtime model for every ruleset, with the GM's sidebar tracker drawn", async () => {
    // The GM's page draws its sidebar: the DOM, Tempo's templates (core's as stand-ins), and `ui.combat`
    // made from CONFIG.ui.combat (Tempo's tracker) as core makes it.
    const runtime = await installApplicationRuntime(renderTemplate);
    const page = world.runtime.clientOf(gm.id);
    const Tracker = (page.CONFIG.ui as { combat: new () => unknown }).combat;
    page.ui.combat = new Tracker();
    try {
      const outcomes = await runBatch(trackerBatch, asGm);
      expect(outcomes).toHaveLength(5);
      expect(failures(outcomes)).toEqual([]);
    } finally {
      delete page.ui.combat;
      runtime.uninstall();
    }
  }, 60_000);
});

describe("issue 21's Quench batch", () => {
  it("MOV-1, STD-7: tempo.canvas.movement passes on the runtime model in a standard world (two diagonals and a step cost 19 ft) and removes its scene and actor", async () => {
    const { movementBatch, expectedPathFeet } = await import("../../src/foundry/quench/movement-batch.ts");
    await asGm(() => game.settings.set("tempo", "ruleset", "standard"));
    await world.idle();
    expect(await asGm(() => Promise.resolve(expectedPathFeet()))).toBe(19);
    const outcomes = await runBatch(movementBatch, asGm);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual(["passed", "passed"]);
    await world.idle();
    expect(game.scenes.contents.map((s) => s.name)).not.toContain("Quench Movement Scene");
    expect(game.actors.contents.map((a) => a.name)).not.toContain("Quench Mover");
  });
});
