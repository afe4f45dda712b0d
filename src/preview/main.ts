import "../../styles/tempo.css";
import en from "../../lang/en.json";
import {
  countScheduler,
  createCountState,
  unwrap,
  withHistory,
  withHistoryState,
  type CountCommand,
  type CountEvent,
  type CountState,
  type HistoryEvent,
} from "../engine/index.ts";
import { buildPreviewPageContext } from "../view/preview/page-context.ts";
import { buildCountTrackContext } from "../view/tracker/count-track-context.ts";
import { EncounterDriver } from "./encounter-driver.ts";
import { createHandlebarsHost } from "./handlebars-host.ts";
import { SAMPLE_ENCOUNTER } from "./sample-encounter.ts";
import { ScriptedDice } from "./scripted-dice.ts";

/** Every template, by its path relative to this file (`../../templates/…`), as Foundry would load them. */
const templates = import.meta.glob<string>("../../templates/**/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
});
const handlebars = createHandlebarsHost(en, templates);
const renderTrack = handlebars.compile(templates["../../templates/combat/count-track.hbs"] ?? "");
const renderPage = handlebars.compile(templates["../../templates/preview/page.hbs"] ?? "");
const scheduler = withHistory(countScheduler);
const root = document.querySelector<HTMLElement>("#tempo-preview");

let dark = false;
let driver = newEncounter();

/** A fresh sample encounter, started: initiative and tie contests rolled with the scripted dice. */
function newEncounter(): EncounterDriver<CountState, CountCommand, CountEvent | HistoryEvent> {
  const script = Object.fromEntries(SAMPLE_ENCOUNTER.map((c) => [c.id, c.d20]));
  const state = unwrap(createCountState(SAMPLE_ENCOUNTER));
  const encounter = new EncounterDriver(scheduler, withHistoryState(state), new ScriptedDice(script, 20261121));
  encounter.start();
  return encounter;
}

function render(): void {
  if (root === null) return;
  const state = driver.state.present;
  const acting = scheduler.current(driver.state);
  const tracker = renderTrack(
    buildCountTrackContext({
      round: state.round,
      timeline: scheduler.timeline(driver.state),
      combatants: SAMPLE_ENCOUNTER,
      viewerIsGM: true,
    }),
  );
  root.innerHTML = renderPage(
    buildPreviewPageContext({
      canUndo: driver.canUndo(),
      dark,
      round: state.round,
      actingName: SAMPLE_ENCOUNTER.find((c) => c.id === acting)?.name ?? null,
      error: driver.error,
      tracker,
    }),
  );
  document.body.classList.toggle("theme-dark", dark);
  document.body.classList.toggle("theme-light", !dark);
  root.setAttribute("aria-busy", "false");
}

/** Re-renders replace the buttons, so focus is put back on the one the user pressed. */
function act(action: string, run: () => void): void {
  run();
  render();
  root?.querySelector<HTMLElement>(`[data-action="${action}"]`)?.focus();
}

root?.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
  const action = target?.dataset.action;
  if (action === "next") act(action, () => driver.next());
  else if (action === "previous") act(action, () => driver.previous());
  else if (action === "restart") act(action, () => (driver = newEncounter()));
  else if (action === "heavy") act(action, declareHeavyAttacks);
});

/** CNT-6, CNT-7: the acting creature swings a Heavy weapon twice; the attacks resolve 2 and 4 counts later. */
function declareHeavyAttacks(): void {
  const acting = scheduler.current(driver.state);
  if (acting === null) return;
  driver.perform({
    type: "declare",
    combatantId: acting,
    action: { kind: "attack", properties: ["heavy"], targets: [null, null] },
  });
}

root?.addEventListener("change", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.dataset.action === "theme") {
    act("theme", () => (dark = event.target instanceof HTMLInputElement && event.target.checked));
  }
});

render();
