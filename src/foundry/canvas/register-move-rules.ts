/** Issue 21 items 2 and 3: who may move now, the moves chosen from the sheet, and opportunity attacks. */
import { registerLandedMoves } from "./landed-move.ts";
import { registerMoveChoices } from "./move-choices.ts";
import { registerOpportunityAttacks } from "./opportunity-attacks.ts";

export function registerMoveRules(): void {
  registerMoveChoices();
  registerLandedMoves();
  registerOpportunityAttacks();
}
