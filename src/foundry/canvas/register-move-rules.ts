/** Issue 21 items 2 and 3: who may move now, the moves chosen from the sheet, and opportunity attacks; issue 20: areas. */
import { registerAreaRegions } from "./area-regions.ts";
import { registerMoveChoices } from "./move-choices.ts";
import { registerMovePermission } from "./move-permission.ts";
import { registerOpportunityAttacks } from "./opportunity-attacks.ts";

export function registerMoveRules(): void {
  registerMoveChoices();
  registerAreaRegions(); // issue 20 item 4: areas placed as Regions by the GM
  registerMovePermission();
  registerOpportunityAttacks();
}
