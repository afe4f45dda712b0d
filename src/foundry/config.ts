import type { UseItemOptions } from "./chat/attack-flow.ts";
import { useItem } from "./chat/attack-with-dialog.ts";
import { RULESET_CONFIGS } from "./ruleset-configs.ts";
import { markUnsighted, reportSneakMovement } from "./conditions/stealth-flow.ts";
import { forcedMove } from "./canvas/forced-move.ts";
import { TEMPO_ACTIONS } from "./integrations/actions-api.ts";

/** `CONFIG.TEMPO`: the system's configuration, in the engine's ruleset order. */
export const TEMPO = {
  rulesets: RULESET_CONFIGS,
  /**
   * A hotbar macro's action (hotbar-macro.ts): attack (through the attack dialog, issue 19) or cast now with
   * the item's actor; in a count or segment combat the sheet's declaration, else rolled cards on the targets
   * (chat/attack-with-dialog.ts, chat/attack-flow.ts).
   */
  useItem: (uuid: string, options?: UseItemOptions): Promise<boolean> => useItem(uuid, options),
  /**
   * STL-4, STL-2 (conditions/stealth-flow.ts): a sneaking creature's player reports its movement this turn
   * (feet in one Full action, flew, with quiet wings) until issue 21 measures it; the GM marks a creature
   * that has no line of sight to anyone sneaking.
   */
  stealth: { reportSneakMovement, markUnsighted },
  /** ROT-10 (canvas/forced-move.ts): a GM's script pushes or pulls a token; it provokes where the ruleset says. */
  movement: { forcedMove },
  /**
   * Issue 22 item 4 (integrations/actions-api.ts): what a HUD module lists for a creature now and runs on a
   * click, the token HUD's and the sheet's controls (README "Public API for HUD modules").
   */
  actions: TEMPO_ACTIONS,
} as const;
