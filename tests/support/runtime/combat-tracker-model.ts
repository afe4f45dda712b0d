/**
 * A model of v13's sidebar `CombatTracker` (foundry.applications.sidebar.tabs.CombatTracker) on the
 * ApplicationV2 model (./application-v2.ts), with what Tempo's subclass builds on, as open-source v13
 * systems show it:
 * - static `PARTS` `header` / `tracker` / `footer`, whose templates are core's
 *   `templates/sidebar/tabs/combat/*.hbs` (Draw Steel restates all three, with `scrollable: [""]` on its
 *   own tracker part: src/module/applications/sidebar/tabs/combat-tracker.mjs; Project FU and RuneQuest
 *   keep core's footer);
 * - core's actions on the tracker's buttons (startCombat, endCombat, nextTurn, previousTurn, nextRound,
 *   previousRound, rollAll, rollNPC) call the viewed combat's method of the same name (pf2e's
 *   `_onClickAction` override calls `this.viewed[action]` for rollAll/rollNPC:
 *   src/module/apps/sidebar/encounter-tracker.ts); the row actions (activateCombatant, rollInitiative, …)
 *   are only recorded here;
 * - `viewed`, the combat the tracker shows: the one a test set (null: none), else the page's `game.combat` (a modelling
 *   choice: core's rule for which combat the sidebar views is not in its public API docs);
 * - `_getEntryContextOptions()` returning core's combatant menu entries, v13 shape
 *   `{ name, icon, condition, callback }` (Draw Steel, Lancer and earthdawn4e add to it), v14 shape
 *   `{ label, icon, visible, onClick }` (context-menu.ts); the two stand-in entries keep v13's keys in
 *   both (v14's own keys for them are not in its public API pages).
 * Core's own templates are not available (Foundry's source is not ours to copy): `coreTemplateStandIn`
 * draws a core part as one element naming its template, enough to see which parts a render drew.
 */
import { ApplicationV2Model, type ActionHandler, type PartConfig } from "./application-v2.ts";
import { worldGeneration } from "./generation.ts";

const CORE_TEMPLATES = "templates/sidebar/tabs/combat";

const COMBAT_CONTROLS = [
  "startCombat",
  "endCombat",
  "nextTurn",
  "previousTurn",
  "nextRound",
  "previousRound",
  "rollAll",
  "rollNPC",
] as const;

const ROW_ACTIONS = ["activateCombatant", "rollInitiative", "pingCombatant", "toggleHidden", "toggleDefeated"] as const;

/** Every core action the model's tracker ran, in order (the row actions have nothing else to show). */
export const coreActionsRun: string[] = [];

const combatControl = (name: (typeof COMBAT_CONTROLS)[number]): ActionHandler =>
  async function (this: ApplicationV2Model) {
    coreActionsRun.push(name);
    const combat: unknown = (this as CombatTrackerModel).viewed;
    const method: unknown =
      typeof combat === "object" && combat !== null ? (combat as Record<string, unknown>)[name] : undefined;
    if (typeof method === "function") await (method as () => Promise<unknown>).call(combat);
  };

const recorded =
  (name: string): ActionHandler =>
  () => {
    coreActionsRun.push(name);
  };

export class CombatTrackerModel extends ApplicationV2Model {
  static override CORE_NAME = "CombatTracker";

  static override DEFAULT_OPTIONS = {
    actions: Object.fromEntries([
      ...COMBAT_CONTROLS.map((name) => [name, combatControl(name)] as const),
      ...ROW_ACTIONS.map((name) => [name, recorded(name)] as const),
    ]),
  };

  static override PARTS: Record<string, PartConfig> = {
    header: { template: `${CORE_TEMPLATES}/header.hbs` },
    tracker: { template: `${CORE_TEMPLATES}/tracker.hbs` },
    footer: { template: `${CORE_TEMPLATES}/footer.hbs` },
  };

  /** The combat a test chose (null: none); undefined until one does. */
  #viewed: unknown = undefined;

  get viewed(): unknown {
    if (this.#viewed !== undefined) return this.#viewed;
    return (globalThis as unknown as { game: { combat: unknown } }).game.combat ?? null;
  }

  set viewed(combat: unknown) {
    this.#viewed = combat;
  }

  _getEntryContextOptions(): object[] {
    const keys = ["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove"];
    return keys.map((key) => (worldGeneration.current >= 14 ? { label: key } : { name: key }));
  }
}

/** Whether `path` is one of core's templates (not a system's: those are served under `systems/`). */
export const isCoreTemplate = (path: string): boolean => path.startsWith("templates/");

/** A core part drawn as one element naming its template. */
export const coreTemplateStandIn = (path: string): string =>
  `<section class="core-part" data-template="${path}"></section>`;
