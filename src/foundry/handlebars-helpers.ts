/**
 * Tempo's Handlebars helpers in Foundry: the same `registerTempoHelpers` the preview calls, on Foundry's
 * global Handlebars, with `game.i18n` read when a template renders (translations load after `init`).
 * Without them every Tempo template that uses `tempoMessage` or the row helpers would fail to render.
 * Registering helpers on the global Handlebars at `init` is what v13 systems do (dnd5e's
 * `registerHandlebarsHelpers`, Draw Steel's `registerHandlebars` helpers).
 */
import { registerTempoHelpers, type HelperRegistry } from "../view/handlebars/register-helpers.ts";
import { foundryLocalizer } from "./localize.ts";

export function registerHandlebarsHelpers(registry: HelperRegistry = Handlebars): void {
  registerTempoHelpers(registry, foundryLocalizer);
}
