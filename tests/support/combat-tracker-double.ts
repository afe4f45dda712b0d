/**
 * Stand-in for v13's `foundry.applications.sidebar.tabs.CombatTracker`, with only what Tempo's subclass
 * builds on, as open-source v13 systems show it:
 * - static `PARTS` `header` / `tracker` / `footer`, whose templates are core's
 *   `templates/sidebar/tabs/combat/*.hbs` (Draw Steel restates all three; RuneQuest keeps core's footer);
 * - static `DEFAULT_OPTIONS.actions`, merged down the class chain by ApplicationV2 (Draw Steel and
 *   Daggerheart declare only their own actions);
 * - `viewed`, the combat the tracker shows;
 * - `_preparePartContext(partId, context, options)` returning the part's context (Draw Steel overrides it);
 * - `_configureRenderParts(options)` returning a deep copy of the class's static `PARTS`, which a subclass
 *   trims to the parts one render draws (Draw Steel's comment on it: "deep clone of static PARTS");
 * - `_getEntryContextOptions()` returning core's combatant menu entries, v13 shape
 *   `{ name, icon, condition, callback }` (Draw Steel, Lancer and earthdawn4e add to it).
 */
export class CombatTrackerDouble {
  static PARTS: Record<string, { template: string }> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  static DEFAULT_OPTIONS: Record<string, unknown> = {};

  viewed: unknown = null;

  async _preparePartContext(_partId: string, context: object): Promise<object> {
    return Promise.resolve({ ...context });
  }

  _configureRenderParts(_options: object): Record<string, { template: string }> {
    const parts = (this.constructor as typeof CombatTrackerDouble).PARTS;
    return structuredClone(parts);
  }

  _getEntryContextOptions(): { name: string }[] {
    return [{ name: "COMBAT.CombatantUpdate" }, { name: "COMBAT.CombatantRemove" }];
  }
}
