import { isMessage, type Message } from "../../engine/index.ts";
import { namedData, UNKNOWN_CREATURE, type CreatureName } from "../i18n/creature-names.ts";
import { rowFingerprint, rowKept } from "../tracker/row-fingerprint.ts";

/** The two i18n operations the templates need, supplied by the host (Foundry's game.i18n or the preview). */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Readonly<Record<string, string | number>>): string;
  /** The name of a creature an engine message gives by id, as this page's user may know it (i18n/creature-names.ts). */
  readonly creatureName?: CreatureName;
}

/** What Handlebars hands a helper last: the render's data, whose `root` is the template's whole context. */
export interface HelperOptions {
  readonly data?: { readonly root?: unknown };
}

/** The slice of Handlebars the helpers need; both Foundry's global Handlebars and the npm package fit. */
export interface HelperRegistry {
  registerHelper(name: string, fn: (value: unknown, options: HelperOptions) => unknown): void;
}

/** The tracker context's `drawnRows` (the prints of the rows the host has on screen), if the render has them. */
function drawnRowsOf(options: HelperOptions): unknown {
  const root = options.data?.root;
  return typeof root === "object" && root !== null && "drawnRows" in root ? root.drawnRows : undefined;
}

/**
 * The element-id prefix of the application a template is drawn for: the context's `rootId`, which a host
 * sets to its application's own id (Foundry's ApplicationV2 `id`, unique among the open windows; systems
 * pass it to their templates the same way, e.g. the DCC system's settings menus: `context.rootId = this.id`),
 * or "tempo" when the render names none (one sheet alone, a template test).
 */
function rootIdOf(options: HelperOptions): string {
  const root = options.data?.root;
  const id = typeof root === "object" && root !== null && "rootId" in root ? root.rootId : undefined;
  return typeof id === "string" && id !== "" ? id : "tempo";
}

/**
 * `{{tempoMessage message}}` renders an engine Message ({key, data}) in either host. Core's
 * `localize` helper cannot take a data object, and the engine's results carry one. Foundry's notices
 * format through here too (src/foundry/localize.ts), so both name creatures the same way.
 */
export function formatMessage(i18n: Localizer, message: Message | null | undefined): string {
  if (message === null || message === undefined) return "";
  if (message.data === undefined) return i18n.localize(message.key);
  // Issue 18: a creature's id reads as its name, never as the raw id (i18n/creature-names.ts).
  return i18n.format(message.key, namedData(message, i18n.creatureName, i18n.localize(UNKNOWN_CREATURE)));
}

export function registerTempoHelpers(handlebars: HelperRegistry, i18n: Localizer): void {
  handlebars.registerHelper("tempoMessage", (message) => formatMessage(i18n, isMessage(message) ? message : null));
  // Issue 9: `{{#if (tempoRowKept this)}}` in the row partial: the host already shows this row as it is.
  handlebars.registerHelper("tempoRowKept", (row, options) => rowKept(row, drawnRowsOf(options)));
  // Issue 22: `id="{{tempoId "field-"}}{{name}}"`: ids unique per application, so two sheets open at once
  // never share one (a label would focus the other sheet's field, a tab switch both).
  handlebars.registerHelper("tempoId", (suffix, options) => `${rootIdOf(options)}-${String(suffix)}`);
  handlebars.registerHelper("tempoRowPrint", (row) =>
    typeof row === "object" && row !== null ? rowFingerprint(row) : "",
  );
}
