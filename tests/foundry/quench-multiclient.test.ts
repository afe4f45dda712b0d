/**
 * Issue 17's Quench batches (src/foundry/quench/): registered with Quench beside the others, and the
 * bodies of the ones a GM runs alone (`tempo.core.hooks`, `tempo.core.writers`) run here on the runtime
 * model, as the active GM, with every test passing. The batches that need a browser (`tempo.tracker.parts`:
 * the sidebar) or a second person (`tempo.socket.endTurn`: a player who presses End my turn) declare
 * their steps and skip, saying why, where what they need is missing.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld } from "../support/tempo-encounter.ts";
import { declaredTests, runBatch } from "../support/quench-runner.ts";

const t = await installTempoWorld(89);
const { world, gm } = t;
const asGm = (fn: () => Promise<unknown>) => world.as(gm, fn);
afterAll(() => world.uninstall());

const { QUENCH_BATCHES } = await import("../../src/foundry/quench/register-quench-batches.ts");
const { coreHooksBatch } = await import("../../src/foundry/quench/core-hooks-batch.ts");
const { writersBatch } = await import("../../src/foundry/quench/writers-batch.ts");
const { socketBatch } = await import("../../src/foundry/quench/socket-batch.ts");
const { trackerBatch } = await import("../../src/foundry/quench/tracker-batch.ts");

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

  it("tempo.socket.endTurn and tempo.tracker.parts declare their steps", async () => {
    const socket = await declaredTests(socketBatch);
    expect(socket.flatMap((s) => s.tests.map((test) => test.title))).toEqual([
      "the GM side: the request End my turn sends ends the player's character's turn (seq + 1, one combatTurnChange)",
      "the full path, with the tester: press End my turn on the player's client within 60 s",
    ]);
    const tracker = await declaredTests(trackerBatch);
    expect(tracker.flatMap((s) => s.tests)).toHaveLength(5);
  });
});
