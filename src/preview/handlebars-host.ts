import Handlebars from "handlebars";
import { registerTempoHelpers } from "../view/handlebars/register-helpers.ts";
import type { CreatureName } from "../view/i18n/creature-names.ts";
import { createLocalizer, type Dictionary } from "../view/i18n/localizer.ts";

type HashOptions = { readonly hash?: Readonly<Record<string, string | number>> };

/** Where Foundry serves a template from, which is also the name its partial is registered under. */
export function foundryTemplatePath(repositoryPath: string): string {
  return `systems/tempo/${repositoryPath.replace(/^(\.\.\/)+/, "")}`;
}

/**
 * A Handlebars environment that renders Tempo's templates outside Foundry: the same helpers the
 * templates use inside Foundry (core's `localize`, Tempo's `tempoMessage`), backed by a dictionary,
 * and every template registered as a partial under its Foundry path, as Foundry's loadTemplates does.
 * `creatureName`: the page's creatures by id, so an engine message names them (view/i18n/creature-names.ts).
 */
export function createHandlebarsHost(
  dictionary: Dictionary,
  templates: Readonly<Record<string, string>> = {},
  creatureName?: CreatureName,
): typeof Handlebars {
  const env = Handlebars.create();
  const i18n = { ...createLocalizer(dictionary), ...(creatureName === undefined ? {} : { creatureName }) };
  // Mirrors core's `localize` helper: with hash arguments it formats, without it localizes.
  env.registerHelper("localize", (key: string, options: HashOptions) => {
    const hash = options.hash ?? {};
    return Object.keys(hash).length > 0 ? i18n.format(key, hash) : i18n.localize(key);
  });
  registerTempoHelpers(env, i18n);
  for (const [path, source] of Object.entries(templates)) env.registerPartial(foundryTemplatePath(path), source);
  return env;
}
