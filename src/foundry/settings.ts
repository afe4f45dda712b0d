import type { RulesetId } from "../engine/initiative/index.ts";
import { TEMPO } from "./config.ts";
import { SYSTEM_ID } from "./system-id.ts";

/**
 * World settings. `ruleset` is the ruleset a NEW combat gets; a running combat keeps its own type
 * (its Combat subtype), so changing the setting never breaks an encounter in progress.
 */
export function registerSettings(): void {
  const choices: Record<string, string> = {};
  for (const ruleset of TEMPO.rulesets) choices[ruleset.id] = ruleset.label;

  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "TEMPO.SETTINGS.ruleset.name",
    hint: "TEMPO.SETTINGS.ruleset.hint",
    scope: "world",
    config: true,
    type: String,
    choices,
    default: "count" satisfies RulesetId,
  });
}
