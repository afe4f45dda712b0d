/**
 * The rulesets as the Foundry layer lists them (`CONFIG.TEMPO.rulesets`, the world setting's choices),
 * in the engine's order. A leaf: settings.ts reads it without pulling in the rest of config.ts.
 */
import type { I18nKey } from "../engine/core/result.ts";
import { RULESET_IDS, RULESET_LABELS, type RulesetId } from "../engine/initiative/index.ts";

/** What the Foundry layer needs to know about one ruleset. */
export interface RulesetConfig {
  readonly id: RulesetId;
  readonly label: I18nKey;
}

export const RULESET_CONFIGS: readonly RulesetConfig[] = RULESET_IDS.map((id): RulesetConfig => ({
  id,
  label: RULESET_LABELS[id],
}));
