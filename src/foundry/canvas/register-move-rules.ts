/**
 * Issue 21 items 2 and 3: the moves chosen from the sheet, and the one judge of a landed move (who may move
 * now, allowance, budget), which passes an accepted move on to opportunity attacks, jostling and sneaking.
 * Issue 20 item 4: areas placed as Regions by the GM.
 */
import { registerAreaRegions } from "./area-regions.ts";
import { registerLandedMoves } from "./landed-move.ts";
import { registerMoveChoices } from "./move-choices.ts";

export function registerMoveRules(): void {
  registerMoveChoices();
  registerAreaRegions();
  registerLandedMoves();
}
