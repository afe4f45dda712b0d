import type { Message } from "../../engine/index.ts";

/** The two i18n operations the templates need, supplied by the host (Foundry's game.i18n or the preview). */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Readonly<Record<string, string | number>>): string;
}

/** The slice of Handlebars the helpers need; both Foundry's global Handlebars and the npm package fit. */
export interface HelperRegistry {
  registerHelper(name: string, fn: (message: Message | null | undefined) => string): void;
}

/**
 * `{{tempoMessage message}}` renders an engine Message ({key, data}) in either host. Core's
 * `localize` helper cannot take a data object, and the engine's results carry one.
 */
export function formatMessage(i18n: Localizer, message: Message | null | undefined): string {
  if (message === null || message === undefined) return "";
  return message.data === undefined ? i18n.localize(message.key) : i18n.format(message.key, message.data);
}

export function registerTempoHelpers(handlebars: HelperRegistry, i18n: Localizer): void {
  handlebars.registerHelper("tempoMessage", (message: Message | null | undefined) => formatMessage(i18n, message));
}
