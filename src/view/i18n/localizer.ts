import type { Localizer } from "../handlebars/register-helpers.ts";

/** A nested translation dictionary, as in lang/en.json. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

/**
 * A Localizer over a dictionary, for hosts without Foundry (the preview page, template tests).
 * It follows Foundry's conventions: a missing key renders as the key itself, and `format`
 * replaces `{name}` placeholders with the given data.
 */
export function createLocalizer(dictionary: Dictionary): Localizer {
  const lookup = (key: string): string | null => {
    let node: string | Dictionary | undefined = dictionary;
    for (const part of key.split(".")) {
      if (typeof node !== "object") return null;
      node = node[part];
    }
    return typeof node === "string" ? node : null;
  };
  return {
    localize: (key) => lookup(key) ?? key,
    format: (key, data) =>
      (lookup(key) ?? key).replace(/\{([A-Za-z0-9_]+)\}/g, (match, name: string) => {
        const value = data[name];
        return value === undefined ? match : String(value);
      }),
  };
}
