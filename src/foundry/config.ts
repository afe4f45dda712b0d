import type { I18nKey } from "../engine/core/result.ts";
import { RULESET_IDS, RULESET_LABELS, type RulesetId } from "../engine/initiative/index.ts";
import { useItem, type UseItemOptions } from "./chat/attack-flow.ts";

/** What the Foundry layer needs to know about one ruleset. */
export interface RulesetConfig {
  readonly id: RulesetId;
  readonly label: I18nKey;
}

/** `CONFIG.TEMPO`: the system's configuration, in the engine's ruleset order. */
export const TEMPO = {
  rulesets: RULESET_IDS.map((id): RulesetConfig => ({ id, label: RULESET_LABELS[id] })),
  /**
   * A hotbar macro's action (hotbar-macro.ts): attack or cast now with the item's actor; in a count or
   * segment combat the sheet's declaration, else rolled cards on the targets (chat/attack-flow.ts).
   */
  useItem: (uuid: string, options?: UseItemOptions): Promise<boolean> => useItem(uuid, options),
} as const;
