import "../../styles/tempo.css";
import "./page.css";
import en from "../../lang/en.json";
import pageTemplate from "./page.hbs?raw";
import type { HostCommand } from "../engine/index.ts";
import {
  buildPreviewPageContext,
  readPreviewSettings,
  writePreviewSettings,
  type PreviewSettings,
} from "../view/preview/page-context.ts";
import { buildTrackerContext } from "../view/tracker/tracker-context.ts";
import { createLocalizer } from "../view/i18n/localizer.ts";
import { createHandlebarsHost } from "./handlebars-host.ts";
import { PreviewCombat } from "./preview-combat.ts";
import { previewTrackerInput } from "./preview-tracker-input.ts";
import { previewCombatants } from "./sample-encounters.ts";

/** Every system template, by its path relative to this file (`../../templates/…`), as Foundry would load them. */
const templates = import.meta.glob<string>("../../templates/**/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
});
const handlebars = createHandlebarsHost(en, templates);
const i18n = createLocalizer(en);
const renderTracker = handlebars.compile(templates["../../templates/combat/tracker.hbs"] ?? "");
const renderPage = handlebars.compile(pageTemplate);
const root = document.querySelector<HTMLElement>("#tempo-preview");
const SEED = 20261121;

let settings: PreviewSettings = readPreviewSettings(window.location.search);
let combat = newCombat();

/** A fresh encounter of the chosen ruleset and size, started (initiative waits for "Roll all"). */
function newCombat(): PreviewCombat {
  const created = new PreviewCombat(settings.ruleset, previewCombatants(settings.size, settings.ruleset), SEED);
  created.run({ type: "start" });
  return created;
}

function render(): void {
  if (root === null) return;
  const tracker = renderTracker(buildTrackerContext(previewTrackerInput(combat, { isGM: settings.isGM })));
  root.innerHTML = renderPage(buildPreviewPageContext(settings, tracker, combat.error));
  document.body.classList.toggle("theme-dark", settings.dark);
  document.body.classList.toggle("theme-light", !settings.dark);
  root.setAttribute("aria-busy", "false");
}

/** Core's tracker actions, run the way the Foundry tracker runs them (through the same table steps). */
function perform(button: HTMLElement): void {
  const action = button.dataset.action;
  const combatantId = button.dataset.combatantId;
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
    case "tempoCommand": {
      const command: unknown = JSON.parse(button.dataset.command ?? "null");
      if (typeof command === "object" && command !== null && "type" in command && typeof command.type === "string")
        combat.run(command as HostCommand);
      return;
    }
  }
}

/** Re-renders replace the buttons, so focus is put back on the one the user pressed. */
root?.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button[data-action]") : null;
  if (button === null || button.hasAttribute("disabled")) return;
  const focusKey = `[data-action="${button.dataset.action ?? ""}"]${button.dataset.combatantId === undefined ? "" : `[data-combatant-id="${button.dataset.combatantId}"]`}`;
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
