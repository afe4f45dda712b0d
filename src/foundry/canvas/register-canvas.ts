/**
 * Issue 21: movement on the canvas. Tempo's cost function on core's walk, swim, climb and fly actions,
 * its token ruler, and the over-budget setting. The movement API is the same in v13 and v14 (the pages
 * cited in these files exist for both), so nothing here goes through src/foundry/compat/.
 */
import { registerMovementCosts } from "./movement-costs.ts";
import { registerMovementGuard } from "./movement-guard.ts";
import { tempoTokenRulerClass, WAYPOINT_LABEL_TEMPLATE } from "./token-ruler.ts";

export function registerCanvas(): void {
  registerMovementCosts();
  CONFIG.Token.rulerClass = tempoTokenRulerClass() as typeof CONFIG.Token.rulerClass;
  registerMovementGuard();
  Hooks.once("setup", () => void foundry.applications.handlebars.loadTemplates([WAYPOINT_LABEL_TEMPLATE]));
}
