/**
 * The encounter sheet (issue 12): ActorSheetV2 with Handlebars parts for the `encounter` Actor type,
 * drawn by templates/sheets/encounter/*.hbs from src/view/sheets/encounter-sheet.ts, as dnd5e's
 * encounter sheet and Draw Steel's let a GM build a fight by dragging creatures onto it.
 * - Form edits (counts, sides, groups, names, ruleset, surprise) go through the sheet's own form handler:
 *   the whole new encounter is decided by src/view/sheets/encounter-edits.ts and written in ONE update;
 *   a value the engine refuses writes nothing and its reason is shown (notice and inline).
 * - An Actor dropped on the sheet (world or compendium NPC) adds an entry or one more of it; a dropped
 *   encounter is refused with a reason (ActorSheetV2 hands an Actor drop to `_onDropActor`).
 * - Deploy and Undo last deploy call the directory menu's own flow (encounter-controls.ts).
 */
import type { Message, Result, EncounterData } from "../../../engine/index.ts";
import {
  addGroup,
  changeCount,
  encounterFromForm,
  removeEntry,
  removeGroup,
} from "../../../view/sheets/encounter-edits.ts";
import { buildEncounterSheet } from "../../../view/sheets/encounter-sheet.ts";
import { showNotice } from "../../notice.ts";
import { encounterDataOf } from "../../data/actor/encounter-model.ts";
import { latestDeployOf } from "../../encounters/deploy-record.ts";
import { undoDeploy } from "../../encounters/undo-deploy.ts";
import { deployAt, pickPoint } from "../encounter-controls.ts";
import { SHEET_TEMPLATES, TempoActorSheetBase, type SheetPart } from "./sheet-bases.ts";
import { dropOnEncounter, encounterSheetInputOf, writeEncounter } from "./encounter-sheet-documents.ts";

const ENCOUNTER = `${SHEET_TEMPLATES}/encounter`;

type Action = (this: TempoEncounterSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;
type FormHandler = (
  this: TempoEncounterSheet,
  event: Event,
  form: HTMLFormElement,
  formData: { readonly object: Record<string, unknown> },
) => Promise<void>;

function indexOf(target: HTMLElement): number {
  return Number(target.dataset.index ?? "-1");
}

export class TempoEncounterSheet extends TempoActorSheetBase {
  /** The reason the last edit was refused, shown inline until the next edit is taken. */
  #refusal: Message | null = null;

  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-sheet", "actor", "tempo-encounter"],
    position: { width: 640, height: 640 },
    window: { resizable: true },
    form: {
      handler: TempoEncounterSheet.#onSubmit as FormHandler,
      submitOnChange: true,
      closeOnSubmit: false,
    },
    actions: {
      decreaseCount: TempoEncounterSheet.#onDecrease as Action,
      increaseCount: TempoEncounterSheet.#onIncrease as Action,
      removeEntry: TempoEncounterSheet.#onRemoveEntry as Action,
      addGroup: TempoEncounterSheet.#onAddGroup as Action,
      removeGroup: TempoEncounterSheet.#onRemoveGroup as Action,
      deployEncounter: TempoEncounterSheet.#onDeploy as Action,
      undoDeploy: TempoEncounterSheet.#onUndo as Action,
    },
  };

  static PARTS: Record<string, SheetPart> = {
    header: { template: `${ENCOUNTER}/header.hbs` },
    entries: { template: `${ENCOUNTER}/entries.hbs`, scrollable: [""] },
    groups: { template: `${ENCOUNTER}/groups.hbs` },
    deploy: { template: `${ENCOUNTER}/deploy.hbs` },
  };

  override async _prepareContext(
    options: Parameters<InstanceType<typeof TempoActorSheetBase>["_prepareContext"]>[0],
  ): ReturnType<InstanceType<typeof TempoActorSheetBase>["_prepareContext"]> {
    const base = await super._prepareContext(options);
    const input = encounterSheetInputOf(this.document, this.isEditable, this.#refusal);
    // Issue 22: the templates' ids start with the application's own id (`tempoId`), unique per open sheet.
    return input === null ? base : { ...base, ...buildEncounterSheet(input), rootId: this.id };
  }

  /** Applies one edit: written in one update, or refused (nothing written, the reason shown). */
  async applyEdit(edit: (data: EncounterData) => Result<EncounterData>, name?: string): Promise<void> {
    const data = encounterDataOf(this.document);
    if (data === null) return;
    this.#refusal = await writeEncounter(this.document, edit(data), name);
    // A refused edit re-draws the stored values and the reason; a taken one re-renders with the update.
    if (this.#refusal !== null) await this.render();
  }

  /**
   * An Actor dropped on the sheet, world or compendium: ActorSheetV2's drop handler resolves the dropped
   * document and hands an Actor to `_onDropActor(event, actor)` as it hands an Item to `_onDropItem` (the
   * actor sheet relies on that one). fvtt-types does not declare these protected handlers, hence no `override`.
   */
  async _onDropActor(_event: DragEvent, actor: unknown): Promise<boolean> {
    if (!this.isEditable) return false;
    this.#refusal = await dropOnEncounter(this.document, actor);
    if (this.#refusal !== null) await this.render();
    return this.#refusal === null;
  }

  static async #onSubmit(
    this: TempoEncounterSheet,
    _event: Event,
    _form: HTMLFormElement,
    formData: { readonly object: Record<string, unknown> },
  ): Promise<void> {
    const form = formData.object;
    const name = typeof form.name === "string" ? form.name : undefined;
    await this.applyEdit((data) => encounterFromForm(data, form), name);
  }

  static async #onDecrease(this: TempoEncounterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.applyEdit((data) => changeCount(data, indexOf(target), -1));
  }

  static async #onIncrease(this: TempoEncounterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.applyEdit((data) => changeCount(data, indexOf(target), 1));
  }

  static async #onRemoveEntry(this: TempoEncounterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.applyEdit((data) => removeEntry(data, indexOf(target)));
  }

  static async #onAddGroup(this: TempoEncounterSheet): Promise<void> {
    await this.applyEdit((data) =>
      addGroup(
        data,
        foundry.utils.randomID(16),
        game.i18n.format("TEMPO.ENCOUNTERS.Sheet.NewGroup", { index: String(data.groups.length + 1) }),
      ),
    );
  }

  static async #onRemoveGroup(this: TempoEncounterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.applyEdit((data) => removeGroup(data, indexOf(target)));
  }

  /** Deploy: the next click on the scene picks the point (the directory menu's flow), then Undo is offered. */
  static async #onDeploy(this: TempoEncounterSheet): Promise<void> {
    await deployAt(this.document, await pickPoint());
    await this.render();
  }

  static async #onUndo(this: TempoEncounterSheet): Promise<void> {
    const combat = latestDeployOf(this.document.uuid);
    if (combat === null) return;
    const undone = await undoDeploy(combat);
    if (!undone.ok) showNotice(undone.error);
    await this.render();
  }
}
