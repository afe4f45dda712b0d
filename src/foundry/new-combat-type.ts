import { SYSTEM_ID } from "./system-id.ts";

/**
 * The Combat subtype a new combat gets: the world's `ruleset` setting, as long as that ruleset's
 * Combat subtype is registered (rulesets reach Foundry one at a time). `null` leaves core's type.
 */
export function newCombatType(): Combat.SubType | null {
  const ruleset = game.settings.get(SYSTEM_ID, "ruleset");
  return isRegistered(ruleset) ? ruleset : null;
}

function isRegistered(type: string): type is Combat.SubType {
  return Object.hasOwn(CONFIG.Combat.dataModels, type);
}
