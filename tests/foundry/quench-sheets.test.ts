import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(13);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { sheetsBatch } = await import("../../src/foundry/quench/sheets-batch.ts");

describe("Quench batch tempo.sheets", () => {
  it("registers with Quench like the other batches when Quench is ready", () => {
    const registered: { key: string; fn: unknown; name: string | undefined }[] = [];
    const quench = {
      registerBatch: (key: string, fn: unknown, options: { displayName?: string } = {}) =>
        registered.push({ key, fn, name: options.displayName }),
    };
    world.callHook("quenchReady", quench);
    expect(registered.find((b) => b.key === "tempo.sheets")).toEqual({
      key: "tempo.sheets",
      fn: sheetsBatch,
      name: "TEMPO: actor sheet, edit/play, an action, close",
    });
    expect(registered.map((b) => b.key)).toContain("tempo.chat.damage");
  });

  it("declares its steps in order: create, open, edit/play, an action, close (runnable by a GM in a world)", () => {
    const steps: string[] = [];
    const noop = () => undefined;
    sheetsBatch({
      describe: (_title, fn) => fn.call({ timeout: noop }),
      it: (title) => steps.push(title),
      before: noop,
      after: noop,
      assert: {} as never,
    } as Parameters<typeof sheetsBatch>[0]);
    expect(steps).toEqual([
      "creates a character with a weapon and a piece of gear",
      "opens Tempo's sheet, which lists both items",
      "edit mode draws inputs bound to the model's fields; play mode removes them",
      "pressing a condition button gives the actor that status",
      "closes the sheet",
    ]);
  });
});
