/**
 * Issue 22: the hooks Tempo listens to for the modules GMs run with it (README "Works with"). Each
 * listens to the module's own hooks only, so nothing runs when the module is absent. Token Action HUD has
 * its own module (src/modules/token-action-hud/), built on `CONFIG.TEMPO.actions`.
 */
import { registerAutomatedAnimations } from "./automated-animations.ts";
import { registerDiceSoNice } from "./dice-so-nice.ts";
import { registerCarousel } from "./carousel.ts";

export function registerIntegrations(): void {
  registerDiceSoNice();
  registerAutomatedAnimations();
  registerCarousel();
}
