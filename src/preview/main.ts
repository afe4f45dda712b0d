import "../../styles/tempo.css";
import "./page.css";
import en from "../../lang/en.json";
import pageTemplate from "./page.hbs?raw";
import type { HostCommand, Message } from "../engine/index.ts";
import {
  buildPreviewPageContext,
  readPreviewSettings,
  writePreviewSettings,
  type PreviewSettings,
} from "../view/preview/page-context.ts";
import { PHASE_ACTIVATE_ACTION, phaseDelayChoices } from "../view/tracker/phase-actions.ts";
import { segmentTargetChoices } from "../view/tracker/segment-declare.ts";
import { SEGMENT_NAME_TARGET_ACTION } from "../view/tracker/tracker-controls.ts";
import { countResolvedNowNote } from "../view/tracker/count-feedback.ts";
import { buildTrackerContext } from "../view/tracker/tracker-context.ts";
import type { TrackerInput } from "../view/tracker/tracker-input.ts";
import declareTemplate from "./declare-dialog.hbs?raw";
import delayTemplate from "./delay-dialog.hbs?raw";
import { nameTargetDialogContext, openChoiceDialog, openDelayDialog } from "./delay-dialog.ts";
import countTemplate from "./count-dialog.hbs?raw";
import { openCountDeclareDialog, openCountReactDialog, type CountDialogHost } from "./count-dialog.ts";
import { openDeclareDialog, type DeclareDialogHost } from "./declare-dialog.ts";
import { drawnRowPrints, patchPart } from "../view/dom/patch-rows.ts";
import { createHandlebarsHost } from "./handlebars-host.ts";
import { PreviewCombat } from "./preview-combat.ts";
import { playPreviewOpening } from "./preview-opening.ts";
import { createLocalizer } from "../view/i18n/localizer.ts";
import { previewTrackerInput } from "./preview-tracker-input.ts";
import { previewCombatants } from "./sample-encounters.ts";
import { creatureNamesOf, UNSEEN_CREATURE } from "../view/i18n/creature-names.ts";

/** Every system template, by its path relative to this file (`../../templates/…`), as Foundry would load them. */
const templates = import.meta.glob<string>("../../templates/**/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
});
const i18n = createLocalizer(en);
// Issue 18: an engine message names a creature as the page's viewer may know it (a hidden one is unseen to a player).
const handlebars = createHandlebarsHost(en, templates, (id) =>
  creatureNamesOf(trackerInput().combatants, settings.isGM, i18n.localize(UNSEEN_CREATURE))(id),
);
const renderTracker = handlebars.compile(templates["../../templates/combat/tracker.hbs"] ?? "");
const renderPage = handlebars.compile(pageTemplate);
const renderDeclare = handlebars.compile(declareTemplate);
const renderDelay = handlebars.compile(delayTemplate);
const renderCount = handlebars.compile(countTemplate);
const root = document.querySelector<HTMLElement>("#tempo-preview");
const declareDialog = document.querySelector<HTMLDialogElement>("#tempo-preview-declare");
const SEED = 20261121;

let settings: PreviewSettings = readPreviewSettings(window.location.search);
/** The GM's hide toggles (a Foundry combatant's `hidden`), by combatant id; reset with the encounter. */
const hiddenNow = new Map<string, boolean>();
let combat = newCombat();
/** Why the last form could not be read (the combat's own refusals are `combat.error`). */
let formError: Message | null = null;
/** What the last count form did when the track does not show it (count-feedback.ts); cleared by the next click. */
let notice: Message | null = null;

/** A fresh encounter of the chosen ruleset and size, started (initiative waits for "Roll all"). */
function newCombat(): PreviewCombat {
  hiddenNow.clear();
  const created = new PreviewCombat(settings.ruleset, previewCombatants(settings.size, settings.ruleset), SEED);
  created.run({ type: "start" });
  playPreviewOpening(created, settings.ruleset, settings.size);
  return created;
}

/**
 * Each render is measured (`performance.measure("tempo-render")`: builders, templates and the DOM, with
 * layout forced), so the render benchmark (bench/tracker-render.bench.ts) reads Chromium's own figures.
 */
function render(): void {
  performance.mark("tempo-render-start");
  draw();
  void root?.offsetHeight;
  performance.measure("tempo-render", "tempo-render-start");
}

/** The tracker's input for the page's viewer, as the Foundry layer builds it from documents. */
function trackerInput(): TrackerInput {
  return previewTrackerInput(combat, { isGM: settings.isGM, hidden: hiddenNow });
}

/** The page frame (settings, error) as last drawn, without the tracker: redrawn only when it changes. */
let drawnFrame = "";

/**
 * The page frame and the tracker part, drawn the way Foundry draws its tracker part (TempoCombatTracker
 * does the same in `_preparePartContext` and `_replaceHTML`): the part's template is rendered with the
 * prints of the rows on screen (`drawnRows`), so rows already shown as they are come out as placeholders;
 * the HTML is parsed into an element and `patchPart` brings the drawn part up to it, touching only the
 * rows that changed. A new frame, or a patch that cannot be made, draws the part whole.
 */
function draw(): void {
  if (root === null) return;
  const context = buildTrackerContext(trackerInput());
  const frame = renderPage(buildPreviewPageContext(settings, "", formError ?? combat.error, notice));
  const drawn = frame === drawnFrame ? root.querySelector(".tempo-tracker") : null;
  const next = drawn === null ? null : parsePart(renderTracker({ ...context, drawnRows: drawnRowPrints(drawn) }));
  if (drawn === null || next === null || !patchPart(drawn, next)) {
    root.innerHTML = frame;
    drawnFrame = frame;
    const whole = parsePart(renderTracker(context));
    if (whole !== null) root.querySelector(".tempo-preview__tracker")?.append(whole);
  }
  document.body.classList.toggle("theme-dark", settings.dark);
  document.body.classList.toggle("theme-light", !settings.dark);
  root.setAttribute("aria-busy", "false");
}

/** The part's root element parsed from its HTML, in an inert template (nothing loads or styles before it is placed). */
function parsePart(html: string): Element | null {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild;
}

/** Core's tracker actions, run the way the Foundry tracker runs them (through the same table steps). */
function perform(button: HTMLElement): void {
  const action = button.dataset.action;
  const combatantId =
    button.dataset.combatantId ?? button.closest<HTMLElement>("li[data-combatant-id]")?.dataset.combatantId;
  const side = (id: string): string | undefined => combat.combatants.find((c) => c.id === id)?.side;
  switch (action) {
    case "startCombat":
      return combat.run({ type: "start" });
    case "nextTurn":
      return combat.run({ type: "next" });
    case "previousTurn":
      return combat.run({ type: "undo" });
    case "nextRound":
    case "previousRound":
      return combat.run({ type: action });
    case "endTurn":
      return combat.run({ type: "endTurn" });
    case "rollAll":
      return combat.roll(() => true);
    case "rollNPC":
      return combat.roll((id) => side(id) !== "pc");
    case "rollInitiative":
      return combat.roll((id) => id === combatantId);
    case "toggleDefeated":
      if (combatantId !== undefined)
        combat.run({ type: button.getAttribute("aria-pressed") === "true" ? "revive" : "defeat", combatantId });
      return;
    case "toggleHidden":
      if (combatantId !== undefined) hiddenNow.set(combatantId, button.getAttribute("aria-pressed") !== "true");
      return;
    case "segmentDeclare":
      if (declareDialog !== null) openDeclareDialog(declareHost(declareDialog, combatantId ?? ""), button);
      return;
    case "countDeclare":
      if (declareDialog !== null && combatantId !== undefined)
        openCountDeclareDialog(countHost(declareDialog, "countDeclare", combatantId), combatantId);
      return;
    case "countReact":
      if (declareDialog !== null && combatantId !== undefined)
        openCountReactDialog(countHost(declareDialog, "countReact", combatantId), combatantId);
      return;
    case "phaseDelay":
      if (combatantId !== undefined) delay(combatantId);
      return;
    case SEGMENT_NAME_TARGET_ACTION:
      if (combatantId !== undefined) nameTarget(combatantId);
      return;
    case "endCombat":
    case "restart":
      combat = newCombat();
      return;
    case "tempoReady": {
      // Ready: the trigger text is asked for, as the Foundry tracker's dialog does.
      const trigger = window.prompt(i18n.localize("TEMPO.TRACKER.Standard.ReadyPrompt"));
      if (trigger !== null && combatantId !== undefined) combat.run({ type: "ready", combatantId, trigger });
      return;
    }
    // PHS-7: the preview's creatures carry no items; Activate Item spends the action naming none.
    case PHASE_ACTIVATE_ACTION:
    case "tempoCommand": {
      const command: unknown = JSON.parse(button.dataset.command ?? "null");
      if (typeof command === "object" && command !== null && "type" in command && typeof command.type === "string")
        combat.run(command as HostCommand);
      return;
    }
  }
}

/** A creature's name on the page (its id when it has gone). */
const nameOf = (id: string): string => combat.combatants.find((c) => c.id === id)?.name ?? id;

/** The declare dialog (SEG-2 step 1): its answer is given as a table command; focus goes back to the row's control. */
function declareHost(dialog: HTMLDialogElement, combatantId: string): DeclareDialogHost {
  return {
    dialog,
    render: renderDeclare,
    nameOf,
    done: (outcome) => {
      formError = outcome !== null && "error" in outcome ? outcome.error : null;
      if (outcome !== null && "command" in outcome) combat.run(outcome.command);
      render();
      root?.querySelector<HTMLElement>(`[data-action="segmentDeclare"][data-combatant-id="${combatantId}"]`)?.focus();
    },
  };
}

/** The count forms (CNT-6, CNT-12): the answer is given as a table command; focus goes back to the row's control. */
function countHost(dialog: HTMLDialogElement, action: string, combatantId: string): CountDialogHost {
  return {
    dialog,
    render: renderCount,
    input: trackerInput,
    nameOf,
    done: (outcome) => {
      formError = outcome !== null && "error" in outcome ? outcome.error : null;
      notice = null;
      if (outcome !== null && "command" in outcome) {
        combat.run(outcome.command);
        notice = countResolvedNowNote(combat.lastEvents, combatantId, nameOf);
      }
      render();
      const back = root?.querySelector<HTMLElement>(`[data-action="${action}"][data-combatant-id="${combatantId}"]`);
      (back ?? root?.querySelector<HTMLElement>(".is-acting button"))?.focus();
    },
  };
}

/** The pressed button again after a re-render: by its action and combatant, or its row's. */
function focusSelector(button: HTMLElement): string {
  const action = `[data-action="${button.dataset.action ?? ""}"]`;
  const own = button.dataset.combatantId;
  if (own !== undefined) return `${action}[data-combatant-id="${own}"]`;
  const row = button.closest<HTMLElement>("li[data-combatant-id]")?.dataset.combatantId;
  return row === undefined ? action : `li[data-combatant-id="${row}"] ${action}`;
}

/**
 * PHS-9: "Delay until after…" asks whom to wait for; with nobody to choose, the command is given anyway so
 * the engine's own reason is shown. Focus goes to the acting row's first control afterwards.
 */
function delay(combatantId: string): void {
  const choices = phaseDelayChoices(trackerInput(), combatantId);
  if (declareDialog === null || choices.length === 0) return combat.run({ type: "delay", combatantId, afterId: "" });
  const name = combat.combatants.find((c) => c.id === combatantId)?.name ?? combatantId;
  openDelayDialog(
    {
      dialog: declareDialog,
      render: renderDelay,
      done: (command) => {
        if (command !== null) combat.run(command);
        render();
        const back =
          command === null ? `[data-action="phaseDelay"][data-combatant-id="${combatantId}"]` : ".is-acting button";
        root?.querySelector<HTMLElement>(back)?.focus();
      },
    },
    combatantId,
    name,
    choices,
  );
}

/**
 * SEG-11: "Name target…" on a caster's D1 turn asks which creature, from the creatures the declare form
 * offers (as Foundry's `askSegmentTarget` does); its answer is the `nameTarget` command.
 */
function nameTarget(combatantId: string): void {
  const choices = segmentTargetChoices(trackerInput(), combatantId);
  if (declareDialog === null) return;
  const back = `[data-action="${SEGMENT_NAME_TARGET_ACTION}"][data-combatant-id="${combatantId}"]`;
  openChoiceDialog(
    {
      dialog: declareDialog,
      render: renderDelay,
      done: (command) => {
        if (command !== null) combat.run(command);
        render();
        (root?.querySelector<HTMLElement>(back) ?? root?.querySelector<HTMLElement>(".is-acting button"))?.focus();
      },
    },
    nameTargetDialogContext(nameOf(combatantId), choices),
    (targetId) => ({ type: "nameTarget", combatantId, targetId }),
  );
}

/** A patched tracker keeps the pressed button focused; a redrawn page (a new frame) does not, so focus is put back on it. */
root?.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button[data-action]") : null;
  if (button === null || button.hasAttribute("disabled")) return;
  formError = null;
  notice = null;
  const focusKey = focusSelector(button);
  perform(button);
  render();
  root.querySelector<HTMLElement>(`${focusKey}:not([disabled])`)?.focus();
});

root?.addEventListener("change", (event) => {
  const target = event.target;
  if (!(target instanceof HTMLSelectElement || target instanceof HTMLInputElement)) return;
  const setting = target.dataset.setting;
  if (setting === "theme" && target instanceof HTMLInputElement) settings = { ...settings, dark: target.checked };
  else if (setting === "view") settings = { ...settings, isGM: target.value !== "player" };
  else if (setting === "ruleset" || setting === "size") {
    // The URL parser checks the value (an unknown ruleset or size falls back to the default).
    const picked = readPreviewSettings(`?${setting}=${encodeURIComponent(target.value)}`);
    settings = setting === "ruleset" ? { ...settings, ruleset: picked.ruleset } : { ...settings, size: picked.size };
    combat = newCombat();
  }
  window.history.replaceState(null, "", writePreviewSettings(settings));
  render();
  root?.querySelector<HTMLElement>(`[data-setting="${setting ?? ""}"]`)?.focus();
});

render();
