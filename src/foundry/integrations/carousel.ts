/**
 * Issue 22 item 1: Tempo's combats in the Carousel Combat Tracker (module id `combat-tracker-dock`). Not
 * run against the module: written from its public code at commit 4ff9ee9 of
 * github.com/theripper93/combat-tracker-dock (module.json: Foundry 13 verified):
 * - scripts/main.js: on `init` it fills `CONFIG.combatTrackerDock` (`CombatDock`, `CombatantPortrait`,
 *   `defaultAttributesConfig`, `generateDescription`) and calls the `combat-tracker-dock-init` hook with it;
 *   the dock builds every portrait as `new CONFIG.combatTrackerDock.CombatantPortrait(combatant)`
 *   (scripts/app/CombatDock.js), and the world's tracked attributes default to
 *   `defaultAttributesConfig()[game.system.id]`, read when its settings are registered on `ready`
 *   (scripts/settings.js);
 * - scripts/app/CombatantPortrait.js: a portrait's `getInitiativeDisplay()`, `getSystemIcons()` (its
 *   `showSystemIcons` setting: 0 none, 1 tooltip, 2 portrait, 3 both; the icons kept in `_systemIcons` for
 *   the click listeners, a click calling `icon.callback(event, combatant, index, id)`) and
 *   `getDescription()`; `getData()` hides the initiative when `isInitiativeNaN`.
 * Tempo replaces `CombatantPortrait` with a subclass that draws a Tempo combat's portraits from the
 * tracker's own context (src/view/integrations/carousel-portrait.ts decides what) and leaves any other
 * combat to the module; it adds Tempo's default attributes. Patched from the module's hook, and again on
 * `setup` in case the module's `init` ran before Tempo's listener existed; patching twice changes nothing.
 */
import type { Message } from "../../engine/index.ts";
import { buildTrackerContext } from "../../view/tracker/tracker-context.ts";
import {
  CAROUSEL_ATTRIBUTES,
  portraitView,
  type PortraitIcon,
  type PortraitView,
} from "../../view/integrations/carousel-portrait.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";
import { localizeMessage } from "../localize.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { runTrackerControl } from "./tracker-control.ts";

const MODULE_ID = "combat-tracker-dock";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** The module's portrait, as much of it as Tempo's subclass uses. */
interface DockPortrait {
  readonly combatant: Combatant.Implementation;
  _systemIcons?: unknown;
  getInitiativeDisplay(): unknown;
  getSystemIcons(): unknown;
  getDescription(): unknown;
  getData(): Promise<unknown>;
}
type PortraitClass = new (combatant: Combatant.Implementation) => DockPortrait;

interface DockConfig {
  CombatantPortrait: PortraitClass;
  defaultAttributesConfig: () => Record<string, unknown>;
}

const isDockConfig = (value: unknown): value is DockConfig =>
  isObj(value) && typeof value.CombatantPortrait === "function" && typeof value.defaultAttributesConfig === "function";

/** The portrait view of a Tempo combat's combatant for this user, or null (not a Tempo combat, not drawn). */
export function tempoPortraitOf(combatant: Combatant.Implementation): PortraitView | null {
  const combat = combatant.combat;
  if (combat === null || combatant.id === null) return null;
  const input = trackerInputOf(combat, game.user);
  if (input === null) return null;
  return portraitView(buildTrackerContext(input), combatant.id, input.groups);
}

/** The module's icon objects from the view's icons; a control's click gives the tracker's command. */
function dockIcons(combatant: Combatant.Implementation, icons: readonly PortraitIcon[]): Obj[] {
  return icons.map((icon) => {
    const control = icon.control;
    return {
      id: icon.id,
      icon: icon.icon,
      color: icon.control === null ? "var(--color-text-primary, inherit)" : "var(--color-text-emphatic, inherit)",
      enabled: icon.enabled,
      visible: true,
      tooltip: localizeMessage(icon.label),
      ...(control === null || !icon.enabled
        ? {}
        : { callback: () => void runTrackerControl(combatant.combat, control), hasCallback: true }),
    };
  });
}

/** The module's `showSystemIcons` setting (1, the tooltip, when it cannot be read). */
function showSystemIcons(): number {
  try {
    const value: unknown = (game.settings as unknown as { get(ns: string, key: string): unknown }).get(
      MODULE_ID,
      "showSystemIcons",
    );
    return typeof value === "number" ? value : 1;
  } catch {
    return 1;
  }
}

const describe = (lines: readonly Message[]): string | null =>
  lines.length === 0 ? null : lines.map(localizeMessage).join(" · ");

function tempoPortraitClass(Base: PortraitClass): PortraitClass {
  return class TempoCombatantPortrait extends Base {
    static readonly tempoPortrait = true;

    /** The view for one `getData` (which asks for the initiative, icons and description in turn). */
    #drawing: PortraitView | null = null;

    #view(): PortraitView | null {
      return this.#drawing ?? tempoPortraitOf(this.combatant);
    }

    override getInitiativeDisplay(): unknown {
      const view = this.#view();
      if (view === null) return super.getInitiativeDisplay();
      const value = view.valueLabel === null ? view.value : localizeMessage(view.valueLabel);
      return { value, icon: view.icon, rollIcon: view.icon };
    }

    override getSystemIcons(): unknown {
      const view = this.#view();
      if (view === null) return super.getSystemIcons();
      const setting = showSystemIcons();
      const icons = setting > 0 ? dockIcons(this.combatant, view.icons) : [];
      this._systemIcons = icons;
      if (icons.length === 0) return { resource: null, tooltip: null };
      return { resource: setting >= 2 ? icons : null, tooltip: setting === 1 || setting === 3 ? icons : null };
    }

    override getDescription(): unknown {
      const view = this.#view();
      return view === null ? super.getDescription() : describe(view.description);
    }

    override async getData(): Promise<unknown> {
      const view = tempoPortraitOf(this.combatant);
      this.#drawing = view;
      let data: unknown;
      try {
        data = await super.getData();
      } finally {
        this.#drawing = null;
      }
      if (!isObj(data) || view === null) return data;
      // A phase lane or a segment is shown even though the combatant has no initiative number.
      const shown = view.value !== "" || view.valueLabel !== null;
      return { ...data, isInitiativeNaN: !shown, hasRolled: shown || data.hasRolled === true };
    }
  };
}

/** Puts Tempo's portrait and default attributes into the module's config; a second call changes nothing. */
export function patchCarousel(config: unknown): void {
  if (!isDockConfig(config) || "tempoPortrait" in config.CombatantPortrait) return;
  config.CombatantPortrait = tempoPortraitClass(config.CombatantPortrait);
  const defaults = config.defaultAttributesConfig;
  const attributes = () =>
    CAROUSEL_ATTRIBUTES.map((a) => ({ attr: a.attr, icon: a.icon, units: localizeMessage(a.units) }));
  config.defaultAttributesConfig = () => ({ ...defaults(), [SYSTEM_ID]: attributes() });
}

export function registerCarousel(): void {
  Hooks.on(`${MODULE_ID}-init` as never, patchCarousel as never);
  Hooks.once("setup", () => {
    patchCarousel((CONFIG as unknown as Obj).combatTrackerDock);
  });
}
