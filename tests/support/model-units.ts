/**
 * Model-unit tests of Tempo's data models (actor models, encounter model, pack actors): the runtime
 * model's `foundry.abstract.TypeDataModel` and `foundry.data.fields` (runtime/fields.ts, the same ones
 * the model's server and clients validate with) installed on foundry-double.ts, and `game.i18n`
 * reading lang/en.json as Foundry's Localization does ({name} placeholders), so a test can check the
 * English text of a model's refusal. Nothing else of the runtime (no server, no clients): these tests
 * build a model from data directly, as a document does, and check what it cleans, migrates and refuses.
 */
import { readFileSync } from "node:fs";
import { FIELDS, TypeDataModel } from "./runtime/fields.ts";
import { ROOT } from "./source-files.ts";

type Obj = Record<string, unknown>;

type Tree = { readonly [key: string]: string | Tree };

function translation(en: Tree, key: string): string {
  let node: string | Tree | undefined = en;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : key;
}

/** Installs the runtime model's TypeDataModel and fields, and `game.i18n`. Call after installFoundryDouble(). */
export function installModelUnits(): void {
  const en = JSON.parse(readFileSync(`${ROOT}/lang/en.json`, "utf8")) as Tree;
  const f = foundry as unknown as Obj;
  Object.defineProperty(f, "data", { value: { fields: FIELDS }, configurable: true });
  Object.defineProperty(f.abstract as Obj, "TypeDataModel", { value: TypeDataModel, configurable: true });
  const i18n = {
    localize: (key: string) => translation(en, key),
    format: (key: string, data: Readonly<Record<string, string>> = {}) =>
      translation(en, key).replace(/\{(\w+)\}/g, (whole, name: string) => data[name] ?? whole),
  };
  Object.defineProperty(game, "i18n", { value: i18n, configurable: true });
}
