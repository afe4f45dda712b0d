import Handlebars from "handlebars";
import { registerTempoHelpers } from "../view/handlebars/register-helpers.ts";
import { createLocalizer, type Dictionary } from "../view/i18n/localizer.ts";

type HashOptions = { readonly hash?: Readonly<Record<string, string | number>> };

/**
 * A Handlebars environment that renders Tempo's templates outside Foundry: the same helpers the
 * templates use inside Foundry (core's `localize`, Tempo's `tempoMessage`), backed by a dictionary.
 */
export function createHandlebarsHost(dictionary: Dictionary): typeof Handlebars {
  const env = Handlebars.create();
  const i18n = createLocalizer(dictionary);
  // Mirrors core's `localize` helper: with hash arguments it formats, without it localizes.
  env.registerHelper("localize", (key: string, options: HashOptions) => {
    const hash = options.hash ?? {};
    return Object.keys(hash).length > 0 ? i18n.format(key, hash) : i18n.localize(key);
  });
  registerTempoHelpers(env, i18n);
  return env;
}
