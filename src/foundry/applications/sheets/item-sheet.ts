/**
 * Tempo's item sheet, one class for every item type (weapon, spell, armor, feat, power, gear): its
 * fields and the engine's derived values, from src/view/sheets/item-sheet-context.ts, in play or edit mode.
 */
import { buildItemSheetContext } from "../../../view/sheets/item-sheet-context.ts";
import type { SheetMode } from "../../../view/sheets/sheet-input.ts";
import { SHEET_TEMPLATES, TempoItemSheetBase, type SheetPart } from "./sheet-bases.ts";
import { itemSheetInputOf } from "./sheet-documents.ts";

const ITEM = `${SHEET_TEMPLATES}/item`;

export class TempoItemSheet extends TempoItemSheetBase {
  #mode: SheetMode = "play";

  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: TempoItemSheet.#onToggleMode as (this: TempoItemSheet) => Promise<void>,
    },
  };

  static PARTS: Record<string, SheetPart> = {
    header: { template: `${ITEM}/header.hbs` },
    details: { template: `${ITEM}/details.hbs`, templates: [`${SHEET_TEMPLATES}/field.hbs`] },
    description: { template: `${ITEM}/description.hbs` },
  };

  override async _prepareContext(
    options: Parameters<InstanceType<typeof TempoItemSheetBase>["_prepareContext"]>[0],
  ): ReturnType<InstanceType<typeof TempoItemSheetBase>["_prepareContext"]> {
    const base = await super._prepareContext(options);
    const input = itemSheetInputOf(this.document, this.#mode, this.isEditable);
    // Issue 22: the templates' ids start with the application's own id (`tempoId`), unique per open sheet.
    return input === null ? base : { ...base, ...buildItemSheetContext(input), rootId: this.id };
  }

  static async #onToggleMode(this: TempoItemSheet): Promise<void> {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    await this.render();
  }
}
