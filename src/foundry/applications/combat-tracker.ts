/**
 * Tempo's combat tracker (issue 9): core's v13 sidebar tracker with one part per scheme (./tracker-parts.ts),
 * drawn by Tempo's templates from the same view builders as the preview page; a render draws only the
 * viewed combat's scheme part. Core's own behaviours are kept by keeping
 * its markup: rows are `li.combatant[data-combatant-id]` with `data-action="activateCombatant"` (click
 * selects and pans, double-click opens the sheet, hover highlights the token), the header part is core's,
 * and the bar's buttons carry core's action names (startCombat, nextTurn, previousTurn, nextRound,
 * previousRound, rollAll, rollNPC, endCombat, rollInitiative) so core's handlers call the combat's
 * methods, which Tempo's Combat sends through `tempoCommand`. This markup and part layout follow what
 * v13 systems do with the same class: Draw Steel (applications/sidebar/tabs/combat-tracker.mjs), dnd5e
 * (applications/combat/combat-tracker.mjs), RuneQuest (src/combat/rqg-combat-tracker.ts).
 * A combat of another type is drawn by core's own parts, unchanged. The popped-out tracker is the same class.
 */
import type { HostCommand } from "../../engine/index.ts";
import { drawnRowPrints, patchPart } from "../../view/dom/patch-rows.ts";
import { buildTrackerContext, type TrackerContext } from "../../view/tracker/tracker-context.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { askCountReaction } from "./count-dialogs.ts";
import { declareOnCount } from "../chat/count-declare-use.ts";
import { askPhaseDelay } from "./phase-delay-dialog.ts";
import { activateFromTracker } from "./phase-activate-dialog.ts";
import { PHASE_ACTIVATE_ACTION } from "../../view/tracker/phase-actions.ts";
import { askSegmentDeclaration, askSegmentTarget } from "./segment-declare-dialog.ts";
import { trackerContextEntries } from "./tracker-context-menu.ts";
import { askText } from "./tracker-dialogs.ts";
import { trackerInputOf } from "./tracker-input.ts";
import {
  isSchemePartId,
  partsRequested,
  partsToRender,
  removeStaleParts,
  schemeParts,
  shownParts,
  type SchemePartId,
} from "./tracker-parts.ts";
import { resetTrackerContextOf } from "./tracker-reset.ts";

type ConfigureArguments = Parameters<foundry.applications.sidebar.tabs.CombatTracker["_configureRenderOptions"]>;
type ReplaceArguments = Parameters<foundry.applications.sidebar.tabs.CombatTracker["_replaceHTML"]>;
const CORE_PARTS = foundry.applications.sidebar.tabs.CombatTracker.PARTS;

export class TempoCombatTracker extends foundry.applications.sidebar.tabs.CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: {
      tempoCommand: TempoCombatTracker.#onTempoCommand,
      tempoReady: TempoCombatTracker.#onReady,
      endTurn: TempoCombatTracker.#onEndTurn,
      segmentDeclare: TempoCombatTracker.#onSegmentDeclare,
      segmentNameTarget: TempoCombatTracker.#onSegmentNameTarget,
      phaseDelay: TempoCombatTracker.#onPhaseDelay,
      [PHASE_ACTIVATE_ACTION]: TempoCombatTracker.#onPhaseActivate,
      countDeclare: TempoCombatTracker.#onCountDeclare,
      countReact: TempoCombatTracker.#onCountReact,
    },
  };

  static override PARTS: Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> = {
    // Core's header (encounter switcher, roll all/NPCs) stays for every combat; core's tracker and footer
    // draw a combat Tempo does not run; a Tempo combat gets its scheme's part instead (its bar has the footer's buttons).
    header: CORE_PARTS.header ?? { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: CORE_PARTS.tracker ?? { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: CORE_PARTS.footer ?? { template: "templates/sidebar/tabs/combat/footer.hbs" },
    ...schemeParts(),
  };

  /** Set when a patch could not be made: the next render draws the scheme part whole (no placeholders). */
  #drawWhole = false;

  /** The parts the tracker draws now, as `_configureRenderParts` chose them for the viewed combat. */
  #configured: readonly string[] = [];

  /** The tracker context this render chose its parts by, for the scheme part's context. */
  #next: TrackerContext | null = null;

  /** Set while `#next` is this render's: `_configureRenderOptions` built it, `_configureRenderParts` uses it. */
  #nextIsFresh = false;

  /**
   * Issue 17: a partial render asks for parts by core's ids (`ui.combat.render({ parts: ["tracker"] })`, as
   * modules do), and ApplicationV2 draws only the asked parts this render configured, so core's `tracker`
   * and `footer` are turned into the viewed Tempo combat's scheme part before core filters them
   * (partsRequested, ./tracker-parts.ts). The tracker context that chooses the scheme part is built here,
   * once per render, and used by `_configureRenderParts` and the part's context.
   */
  protected override _configureRenderOptions(...[options]: ConfigureArguments): void {
    this.#next = this.#freshContext();
    this.#nextIsFresh = true;
    const asked = options.parts;
    if (asked !== undefined && this.rendered)
      options.parts = partsRequested(asked, this.#next?.body.part ?? null, shownParts(this.element));
    super._configureRenderOptions(options);
  }

  /**
   * The parts of this render: the viewed Tempo combat's scheme part (the one its tracker context's body
   * names: the list when the scheme has nothing of its own to draw) beside core's header, or core's parts
   * for any other combat (./tracker-parts.ts).
   */
  protected override _configureRenderParts(
    options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions,
  ): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    if (!this.#nextIsFresh) this.#next = this.#freshContext();
    this.#nextIsFresh = false;
    const parts = partsToRender(super._configureRenderParts(options), this.#next?.body.part ?? null);
    this.#configured = Object.keys(parts);
    return parts;
  }

  /**
   * A scheme part's context from the view builders, with the prints of the rows this tracker shows now
   * (`drawnRows`, issue 9): a row already on screen as it would be drawn is rendered as a placeholder.
   */
  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContextOf<this>> {
    const prepared = await super._preparePartContext(partId, context, options);
    if (!isSchemePartId(partId)) return prepared;
    const next = this.#next ?? this.#freshContext();
    this.#next = null;
    if (next === null) return prepared;
    const drawn = this.#drawWhole || !this.rendered ? null : tempoPartIn(this.element, partId);
    this.#drawWhole = false;
    const drawnRows = drawn === null ? {} : { drawnRows: drawnRowPrints(drawn) };
    // Issue 22: the part's ids start with this application's id (`tempoId`): the sidebar's tracker and a
    // popped-out one may be open at once.
    return { ...prepared, ...next, ...drawnRows, rootId: this.id };
  }

  /** The viewed combat's tracker context now, or null when it is not a Tempo combat (or cannot be drawn). */
  #freshContext(): TrackerContext | null {
    const combat = tempoCombatOf(this.viewed);
    if (combat === null) return null;
    // Issue 17: a combat saved by another Tempo shows why and offers the GM its Reset (tracker-reset.ts).
    const input = trackerInputOf(combat, game.user);
    return input === null ? resetTrackerContextOf(combat, game.user) : buildTrackerContext(input);
  }

  /**
   * Issue 9 (render-ms): the Tempo scheme part already on screen is patched in place with the freshly rendered
   * one (patchPart: only changed rows are touched, rows drawn as placeholders are kept, focus and scroll
   * stay), as the preview does, instead of being replaced whole; every other part, a first render and a
   * core-drawn combat go to core's own replacement. A patch that cannot be made (a placeholder's row is not
   * on screen as its print says) leaves the part as it is and renders again, whole. The part is found by
   * core's `data-application-part` attribute (dnd5e's actor sheet finds its parts the same way,
   * module/applications/actor/character-sheet.mjs). Core's tracker listens on the application's element,
   * not on the rows (Weird Wizard restates it: module/apps/combat-tracker.mjs, `_attachFrameListeners`;
   * Draw Steel binds its drag-drop to `this.element`), so kept rows lose nothing. Issue 17: the freshly
   * rendered part is given to `_attachPartListeners` before it is patched in, as core gives every part it
   * puts in place (HandlebarsApplicationMixin: "attach event listeners to rendered template parts"), so the
   * rows it brings in get their part listeners once, and the kept rows and the part's element, bound when
   * they were first drawn, are never bound again. A part the tracker no longer draws (another scheme's, or
   * core's tracker when the viewed combat became a Tempo one) goes first.
   */
  protected override _replaceHTML(...[result, content, options]: ReplaceArguments): void {
    removeStaleParts(content, this.#configured);
    const entries = typeof result === "object" && result !== null ? Object.entries(result) : [];
    const partId = entries.map(([id]) => id).find(isSchemePartId);
    if (partId === undefined) {
      super._replaceHTML(result, content, options);
      return;
    }
    const next = entries.find(([id]) => id === partId)?.[1];
    const others = Object.fromEntries(entries.filter(([id]) => id !== partId));
    const drawn = tempoPartIn(content, partId);
    const placeholders = next instanceof HTMLElement && next.querySelector("[data-kept]") !== null;
    if (!(next instanceof HTMLElement) || !isTempoPart(next) || (drawn === null && !placeholders)) {
      super._replaceHTML(result, content, options);
      return;
    }
    super._replaceHTML(others, content, options);
    if (drawn !== null) this._attachPartListeners(partId, next, options);
    if (drawn !== null && patchPart(drawn, next)) return;
    this.#drawWhole = true;
    // Once this render is over: a render started from inside this one could overlap it.
    setTimeout(() => void this.render(), 0);
  }

  protected override _getEntryContextOptions(): foundry.applications.ux.ContextMenu.Entry<HTMLElement>[] {
    const core = super._getEntryContextOptions();
    if (tempoCombatOf(this.viewed) === null) return core;
    return [...core, ...trackerContextEntries(() => tempoCombatOf(this.viewed))];
  }

  /** A Tempo command button (`data-command`): given through the combat's one entry point. */
  static async #onTempoCommand(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const command = parseCommand(target.dataset.command);
    if (combat === null || command === null) return;
    await combat.tempoCommand(command);
  }

  /** Ready (standard): asks what the readied action waits for, then gives the command. */
  static async #onReady(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    const trigger = await askText("TEMPO.TRACKER.Standard.ReadyTitle", "TEMPO.TRACKER.Standard.ReadyPrompt");
    if (trigger !== null) await combat.tempoCommand({ type: "ready", combatantId, trigger });
  }

  /** "End my turn" on the acting creature's row. */
  static async #onEndTurn(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    await combat.tempoCommand({ type: "endTurn", combatantId });
  }

  /** SEG-2 step 1: "Declare" on a creature's row opens the declare form; its answer is given as `declare`. */
  static async #onSegmentDeclare(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    const command = await askSegmentDeclaration(combat, combatantId, target.dataset.command);
    if (command !== null) await combat.tempoCommand(command);
  }

  /** SEG-11: "Name target…" on a caster's D1 turn asks which creature; its answer is given as `nameTarget`. */
  static async #onSegmentNameTarget(
    this: TempoCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    const command = await askSegmentTarget(combat, combatantId);
    if (command !== null) await combat.tempoCommand(command);
  }

  /** PHS-9: "Delay until after…" on the acting row asks whom to wait for, as the context menu's Delay does. */
  static async #onPhaseDelay(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    const command = await askPhaseDelay(combat, combatantId);
    if (command !== null) await combat.tempoCommand(command);
  }

  /** PHS-7: Activate Item on the acting row asks which item, then activates it as the sheet does. */
  static async #onPhaseActivate(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    await activateFromTracker(combat, combatantId);
  }

  /**
   * CNT-6: "Declare…" on a count row asks for the action: one of the creature's weapons or spells (issue 19:
   * through the attack dialog, recorded for its pending card) or an action by hand, given as `declare`.
   */
  static async #onCountDeclare(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    await declareOnCount(combat, combatantId);
  }

  /** CNT-12: "React…" on a count row asks for the reaction; its answer is given as `react`. */
  static async #onCountReact(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = tempoCombatOf(this.viewed);
    const combatantId = target.dataset.combatantId;
    if (combat === null || combatantId === undefined) return;
    const command = await askCountReaction(combat, combatantId);
    if (command !== null) await combat.tempoCommand(command);
  }
}

/** A `data-command` attribute's command, or null when it is not one (the GM side checks it again). */
export function parseCommand(json: string | undefined): HostCommand | null {
  if (json === undefined) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string"
      ? (value as HostCommand)
      : null;
  } catch {
    return null;
  }
}

/** A tracker part drawn by Tempo's template (core draws any other combat's). */
const isTempoPart = (part: Element): boolean => part.classList.contains("tempo-tracker");

/** The Tempo scheme part `partId` on screen inside `element`, if it is there. */
function tempoPartIn(element: Element, partId: SchemePartId): Element | null {
  const part = element.querySelector(`[data-application-part="${partId}"]`);
  return part !== null && isTempoPart(part) ? part : null;
}

/** The viewed combat when it is a Tempo combat with a readable state (core draws any other). */
function tempoCombatOf(combat: unknown): TempoCombat | null {
  return combat instanceof TempoCombat && tempoModelOf(combat) !== null ? combat : null;
}
