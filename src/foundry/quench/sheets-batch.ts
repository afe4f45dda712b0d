/**
 * Quench batch `tempo.sheets` (issue 10): Tempo's actor sheet in a real world, as a GM. A character
 * "Quench Sheets Ilsa" is made with a weapon and a piece of gear; its sheet is opened (both items are
 * listed), switched to edit mode (inputs bound to the model's fields appear) and back to play mode
 * (they are gone), a condition button is pressed (the actor gets that status, as the token HUD would
 * give it), and the sheet is closed. The actor is deleted afterwards.
 */
import { TempoActorSheet } from "../applications/sheets/actor-sheet.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";

const SUITE_TIMEOUT_MS = 30_000;
const CONDITION = "hidden";

interface Run {
  actor: Actor.Implementation | null;
}

function sheetOf(run: Run): TempoActorSheet {
  const sheet: unknown = run.actor?.sheet;
  if (!(sheet instanceof TempoActorSheet)) throw new Error("Quench: the actor's sheet is not Tempo's actor sheet");
  return sheet;
}

/** Clicks the sheet's button matching `selector` and waits for the re-render it causes. */
async function press(sheet: TempoActorSheet, selector: string): Promise<void> {
  const button = sheet.element.querySelector<HTMLElement>(selector);
  if (button === null) throw new Error(`Quench: no ${selector} on the sheet`);
  button.click();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

export const sheetsBatch: QuenchBatchFunction = ({ describe, it, after, assert }) => {
  const run: Run = { actor: null };

  describe("Tempo actor sheet: open, edit/play, an action, close", function () {
    this.timeout(SUITE_TIMEOUT_MS);

    after(async () => {
      const id = run.actor?.id ?? null;
      if (id !== null && game.actors?.get(id) !== undefined) await Actor.deleteDocuments([id]);
    });

    it("creates a character with a weapon and a piece of gear", async () => {
      const data = {
        name: "Quench Sheets Ilsa",
        type: "character",
        items: [
          { name: "Quench Longsword", type: "weapon", system: { damage: "1d8" } },
          { name: "Quench Rope", type: "gear" },
        ],
      };
      run.actor = (await Actor.create(data as Actor.CreateData)) ?? null;
      assert.strictEqual(run.actor?.items.size, 2, "both items are on the actor");
    });

    it("opens Tempo's sheet, which lists both items", async () => {
      const sheet = sheetOf(run);
      await sheet.render({ force: true });
      assert.isTrue(sheet.rendered, "the sheet is open");
      const text = sheet.element.textContent ?? "";
      assert.ok(text.includes("Quench Longsword") && text.includes("Quench Rope"), "both items are listed");
    });

    it("edit mode draws inputs bound to the model's fields; play mode removes them", async () => {
      const sheet = sheetOf(run);
      await press(sheet, 'button[data-action="toggleMode"]');
      assert.ok(sheet.element.querySelector('input[name="system.hp.value"]') !== null, "edit: hit points input");
      await press(sheet, 'button[data-action="toggleMode"]');
      assert.isNull(sheet.element.querySelector('input[name="system.hp.value"]'), "play: no inputs");
    });

    it("pressing a condition button gives the actor that status", async () => {
      const sheet = sheetOf(run);
      await press(sheet, `button[data-action="toggleCondition"][data-condition="${CONDITION}"]`);
      assert.isTrue(run.actor?.statuses.has(CONDITION) ?? false, `the actor is ${CONDITION}`);
    });

    it("closes the sheet", async () => {
      const sheet = sheetOf(run);
      await sheet.close();
      assert.isFalse(sheet.rendered, "the sheet is closed");
    });
  });
};
