import type { I18nKey } from "../engine/core/result.ts";
import { RULESET_IDS, type RulesetId } from "../engine/initiative/index.ts";

/** What the Foundry layer needs to know about one ruleset. */
export interface RulesetConfig {
  readonly id: RulesetId;
  readonly label: I18nKey;
}

/** Written out key by key so the i18n audit finds every label (no concatenated keys). */
const RULESET_LABELS: Readonly<Record<RulesetId, I18nKey>> = {
  count: "TEMPO.RULESETS.count",
  standard: "TEMPO.RULESETS.standard",
  phase: "TEMPO.RULESETS.phase",
  segment: "TEMPO.RULESETS.segment",
  rotation: "TEMPO.RULESETS.rotation",
};

/** `CONFIG.TEMPO`: the system's configuration, in the engine's ruleset order. */
export const TEMPO = {
  rulesets: RULESET_IDS.map((id): RulesetConfig => ({ id, label: RULESET_LABELS[id] })),
} as const;
