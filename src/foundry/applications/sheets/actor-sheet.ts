/**
 * Tempo's actor sheet (character and npc): ActorSheetV2 with Handlebars parts drawn by Tempo's templates
 * from the same view builders as the preview's sheet page (src/view/sheets). Play mode shows what the
 * world's ruleset uses and the buttons its owner may press now; edit mode draws inputs bound to the
 * model's fields (a value the model refuses is refused with its localized reason, nothing saved).
 * Buttons give the tracker's commands through the combat's `tempoCommand` (sheet-commands.ts); an item's
 * Attack/Cast and count's Declare…/React… are sheet-item-use.ts's; items
 * dropped on the sheet are created by ActorSheetV2's own `_onDropItem`; an item row dragged to the hotbar
 * carries the item's drag data (hotbar-macro.ts makes the macro); the AAC0 input's "20*" is aac0-input.ts's.
 */
import type { HostCommand } from "../../../engine/index.ts";
import { CONDITION_IDS } from "../../../engine/index.ts";
import { buildActorSheetContext, type ActorTabId } from "../../../view/sheets/actor-sheet-context.ts";
import type { SheetMode } from "../../../view/sheets/sheet-input.ts";
import { parseCommand } from "../combat-tracker.ts";
import { askPhaseDelay } from "../phase-delay-dialog.ts";
import { askSegmentDeclaration, askSegmentTarget } from "../segment-declare-dialog.ts";
import { askText } from "../tracker-dialogs.ts";
import { CONTROL_TEMPLATE, SHEET_TEMPLATES, TempoActorSheetBase, type SheetPart } from "./sheet-bases.ts";
import { actorCombatOf, sendSheetCommand } from "./sheet-commands.ts";
import { actorSheetInputOf } from "./sheet-documents.ts";
import { enrichActorInput, foundryEnricher } from "./sheet-enrich.ts";
import { attachItemDragData } from "./item-drag.ts";
import { attachAac0Inputs } from "./aac0-input.ts";
import { rollHitDiceHitPoints } from "./hit-dice-rolls.ts";
import { sheetCountDeclare, sheetCountReact, useSheetItem } from "./sheet-item-use.ts";
import { childWindowOptions } from "../../compat/detached-window.ts";
import { rotationContest, rotationStandUp } from "../../chat/rotation-contest.ts";
import { segmentFreeAttack } from "../../chat/segment-free-attack.ts";
import { segmentAttackKindOf } from "../../../view/sheets/segment-attacks.ts";

const ACTOR = `${SHEET_TEMPLATES}/actor`;
const part = (name: string, templates: string[] = []): SheetPart => ({
  template: `${ACTOR}/${name}.hbs`,
  templates: [`${SHEET_TEMPLATES}/field.hbs`, CONTROL_TEMPLATE, ...templates],
});

type Action = (this: TempoActorSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

export class TempoActorSheet extends TempoActorSheetBase {
  /** Play (read and act) or edit (inputs); a new sheet opens in play mode. */
  #mode: SheetMode = "play";

  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-sheet", "actor"],
    position: { width: 720, height: 780 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: TempoActorSheet.#onToggleMode as Action,
      tempoCommand: TempoActorSheet.#onTempoCommand as Action,
      rollInitiative: TempoActorSheet.#onRollInitiative as Action,
      endTurn: TempoActorSheet.#onEndTurn as Action,
      tempoReady: TempoActorSheet.#onReady as Action,
      segmentDeclare: TempoActorSheet.#onSegmentDeclare as Action,
      segmentNameTarget: TempoActorSheet.#onSegmentNameTarget as Action,
      phaseDelay: TempoActorSheet.#onPhaseDelay as Action,
      openItem: TempoActorSheet.#onOpenItem as Action,
      deleteItem: TempoActorSheet.#onDeleteItem as Action,
      toggleCondition: TempoActorSheet.#onToggleCondition as Action,
      useItem: TempoActorSheet.#onUseItem as Action,
      countDeclare: TempoActorSheet.#onCountDeclare as Action,
      countReact: TempoActorSheet.#onCountReact as Action,
      rotationContest: TempoActorSheet.#onRotationContest as Action,
      segmentAttack: TempoActorSheet.#onSegmentAttack as Action,
      rollHitPoints: TempoActorSheet.#onRollHitPoints as Action,
    },
  };

  static PARTS: Record<string, SheetPart> = {
    header: part("header"),
    tabs: part("tabs"),
    attributes: part("attributes"),
    combat: part("combat"),
    inventory: part("inventory", [`${ACTOR}/item-row.hbs`]),
    spells: part("spells", [`${ACTOR}/item-row.hbs`]),
    effects: part("effects"),
    biography: part("biography"),
  };

  /** Which tab is shown (core's tab groups keep it across renders). */
  #tab(): ActorTabId {
    const tab = this.tabGroups.primary;
    return tab === "inventory" || tab === "spells" || tab === "effects" || tab === "biography" ? tab : "combat";
  }

  override async _prepareContext(
    options: Parameters<InstanceType<typeof TempoActorSheetBase>["_prepareContext"]>[0],
  ): ReturnType<InstanceType<typeof TempoActorSheetBase>["_prepareContext"]> {
    const base = await super._prepareContext(options);
    const input = actorSheetInputOf(this.document, this.#mode, this.isEditable);
    if (input === null) return base;
    const enriched = await enrichActorInput(input, foundryEnricher(this.document, this.document.isOwner));
    // Issue 22: the templates' ids start with the application's own id (`tempoId`), unique per open sheet.
    return { ...base, ...buildActorSheetContext(enriched, this.#tab()), rootId: this.id };
  }

  /** Item rows carry the item's drag data, so a row dropped on the hotbar becomes a macro. */
  override async _onRender(
    context: Parameters<InstanceType<typeof TempoActorSheetBase>["_onRender"]>[0],
    options: Parameters<InstanceType<typeof TempoActorSheetBase>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    attachItemDragData(this.element.querySelectorAll<HTMLElement>("li.tempo-item[data-item-id]"), this.document.items);
    if (this.isEditable) attachAac0Inputs(this.element, this.document);
  }

  static async #onToggleMode(this: TempoActorSheet): Promise<void> {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    await this.render();
  }

  /** A command button: given through the combat's entry point unless the rules refuse it now. */
  static async #onTempoCommand(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const found = actorCombatOf(this.document);
    const command: HostCommand | null = parseCommand(target.dataset.command);
    if (found === null || command === null) return;
    await sendSheetCommand(found.combat, command);
  }

  static async #onRollInitiative(this: TempoActorSheet): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found !== null) await found.combat.rollInitiative([found.combatantId]);
  }

  static async #onEndTurn(this: TempoActorSheet): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found !== null) await found.combat.tempoCommand({ type: "endTurn", combatantId: found.combatantId });
  }

  static async #onReady(this: TempoActorSheet): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found === null) return;
    const trigger = await askText("TEMPO.TRACKER.Standard.ReadyTitle", "TEMPO.TRACKER.Standard.ReadyPrompt", this);
    if (trigger !== null) await found.combat.tempoCommand({ type: "ready", combatantId: found.combatantId, trigger });
  }

  static async #onSegmentDeclare(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found === null) return;
    const command = await askSegmentDeclaration(found.combat, found.combatantId, target.dataset.command, this);
    if (command !== null) await found.combat.tempoCommand(command);
  }

  /** SEG-11: "Name target…" on the caster's D1 turn (the tracker row's own control) asks which creature. */
  static async #onSegmentNameTarget(this: TempoActorSheet): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found === null) return;
    const command = await askSegmentTarget(found.combat, found.combatantId, this);
    if (command !== null) await found.combat.tempoCommand(command);
  }

  static async #onPhaseDelay(this: TempoActorSheet): Promise<void> {
    const found = actorCombatOf(this.document);
    if (found === null) return;
    const command = await askPhaseDelay(found.combat, found.combatantId, this);
    if (command !== null) await found.combat.tempoCommand(command);
  }

  static async #onOpenItem(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    // Issue 20: in this sheet's detached window, if it is detached (v14).
    await this.document.items
      .get(target.dataset.itemId ?? "")
      ?.sheet?.render({ force: true, ...childWindowOptions(this) } as never);
  }

  static async #onDeleteItem(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.document.items.get(target.dataset.itemId ?? "")?.delete();
  }

  /** An item row's Attack/Cast: the attack flow, as the hotbar macro (sheet-item-use.ts). */
  static async #onUseItem(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const itemId = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (itemId !== undefined) await useSheetItem(this.document, itemId, this);
  }

  /** CNT-6: Declare… as the count row has it. */
  static async #onCountDeclare(this: TempoActorSheet): Promise<void> {
    await sheetCountDeclare(this.document, this);
  }

  /** CNT-12: React… as the count row has it. */
  static async #onCountReact(this: TempoActorSheet): Promise<void> {
    await sheetCountReact(this.document, this);
  }

  /** ROT-8, ROT-9: Grapple, Trip or Break free against the user's one target, or Stand up (rotation-contest.ts). */
  static async #onRotationContest(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const task = parseCommand(target.dataset.command)?.task;
    if (task === "grapple" || task === "trip" || task === "escape") await rotationContest(this.document, task);
    if (task === "standUp") await rotationStandUp(this.document);
  }

  /** SEG-16: Free attack… or Immediate attack…: weapon and opponent asked, then given and rolled. */
  static async #onSegmentAttack(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const kind = segmentAttackKindOf(parseCommand(target.dataset.command));
    if (kind !== null) await segmentFreeAttack(this.document, kind, this);
  }

  /** SEG-14: hit points rolled from the creature's hit dice (hit-dice-rolls.ts). */
  static async #onRollHitPoints(this: TempoActorSheet): Promise<void> {
    await rollHitDiceHitPoints(this.document);
  }

  /** The same status effect the token HUD toggles (issue 10 item 3). */
  static async #onToggleCondition(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = CONDITION_IDS.find((c) => c === target.dataset.condition);
    if (id !== undefined) await this.document.toggleStatusEffect(id);
  }
}
