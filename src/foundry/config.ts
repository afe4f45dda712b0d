import type { UseItemOptions } from "./chat/attack-flow.ts";
import { useItem } from "./chat/attack-with-dialog.ts";
import { RULESET_CONFIGS } from "./ruleset-configs.ts";

/** `CONFIG.TEMPO`: the system's configuration, in the engine's ruleset order. */
export const TEMPO = {
  rulesets: RULESET_CONFIGS,
  /**
   * A hotbar macro's action (hotbar-macro.ts): attack (through the attack dialog, issue 19) or cast now with
   * the item's actor; in a count or segment combat the sheet's declaration, else rolled cards on the targets
   * (chat/attack-with-dialog.ts, chat/attack-flow.ts).
   */
  useItem: (uuid: string, options?: UseItemOptions): Promise<boolean> => useItem(uuid, options),
} as const;
