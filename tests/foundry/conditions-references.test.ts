/**
 * Issue 10 item 3: each condition's status effect links its page in the conditions journal pack (the
 * `reference` UUID dnd5e gives its condition status effects), and the page is that condition's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONDITION_IDS } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ROOT } from "../support/source-files.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");

interface Page {
  readonly _id: string;
  readonly name: string;
  readonly flags: { readonly tempo?: { readonly condition?: string } };
}

const journal = JSON.parse(readFileSync(join(ROOT, "packs/conditions/conditions.json"), "utf8")) as {
  _id: string;
  pages: Page[];
};

describe("conditions: journal references", () => {
  it("every condition's status effect links its own page of the Conditions journal by compendium UUID", () => {
    const list = CONFIG.statusEffects as unknown as { id: string; reference?: string }[];
    for (const id of CONDITION_IDS) {
      const reference = list.find((s) => s.id === id)?.reference ?? "";
      const match = /^Compendium\.tempo\.conditions\.JournalEntry\.([^.]+)\.JournalEntryPage\.([^.]+)$/.exec(reference);
      expect(match, `${id}: ${reference}`).not.toBeNull();
      expect(match?.[1]).toBe(journal._id);
      const page = journal.pages.find((p) => p._id === match?.[2]);
      expect(page?.flags.tempo?.condition, id).toBe(id);
    }
  });

  it("the pack is declared as the system's conditions compendium (the UUID's middle part)", () => {
    const system = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
      packs: { name: string; type: string; path: string }[];
    };
    expect(system.packs.find((p) => p.name === "conditions")).toMatchObject({
      type: "JournalEntry",
      path: "packs/conditions",
    });
  });
});
