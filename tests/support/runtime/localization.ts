/**
 * `game.i18n` for the runtime model, in one of two languages:
 * - "en": lang/en.json, as Foundry's Localization reads a language file: `localize(key)` is the
 *   translation, or the key itself when there is none ("If a translation is not available, the original
 *   string is returned", API Localization#localize); `format(key, data)` fills `{name}` placeholders
 *   from `data` (API Localization#format: "Variables can be included in the template enclosed in
 *   braces"). For tests that check the English a user reads.
 * - "keys": a language whose every string is its key, and whose formats show their data as JSON
 *   (`KEY {"n":"3"}`). Not a language Foundry has: it lets a test tell which message it got, and with
 *   which data, without depending on the wording.
 */
import { readFileSync } from "node:fs";

export type Language = "en" | "keys";

type Tree = { readonly [key: string]: string | Tree };

export interface LocalizationModel {
  localize(key: string): string;
  format(key: string, data?: Readonly<Record<string, unknown>>): string;
  has(key: string): boolean;
}

let english: Tree | null = null;

function lookup(key: string): string | undefined {
  english ??= JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")) as Tree;
  let node: string | Tree | undefined = english;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export function localization(language: Language): LocalizationModel {
  if (language === "keys")
    return {
      localize: (key) => key,
      format: (key, data = {}) => `${key} ${JSON.stringify(data)}`,
      has: () => true,
    };
  return {
    localize: (key) => lookup(key) ?? key,
    format: (key, data = {}) =>
      (lookup(key) ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole)),
    has: (key) => lookup(key) !== undefined,
  };
}
