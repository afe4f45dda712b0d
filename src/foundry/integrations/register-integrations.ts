/**
 * Issue 22: the hooks Tempo listens to for the modules GMs run with it (README "Works with"). Each
 * listens to the module's own hooks only, so nothing runs when the module is absent.
 */
import { registerAutomatedAnimations } from "./automated-animations.ts";
import { registerDiceSoNice } from "./dice-so-nice.ts";
import { registerCarousel } from "./carousel.ts";
import { registerTokenActionHud } from "./token-action-hud.ts";

export function registerIntegrations(): void {
  registerDiceSoNice();
  registerAutomatedAnimations();
  registerCarousel();
  registerTokenActionHud();
}
