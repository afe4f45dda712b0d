/**
 * Model-unit tests of Tempo's item models: the runtime model's `foundry.abstract.TypeDataModel` and
 * `foundry.data.fields` (runtime/fields.ts, the same ones the model's server validates Items with) and
 * a stand-in Item that holds one system source, for tests that import the item models alone (no
 * `init`, no world: a world costs each file the whole system's import). What it does, as Foundry does:
 * - building from stored data migrates it (`static migrateData`), fills missing fields with their
 *   `initial`, checks each field and then `validateJoint` (TypeDataModel.cleanSource, runtime/fields.ts);
 * - `update` merges the changes into a copy of the source key by key, validates the merged result,
 *   then stores it; a refused update throws and the stored source and model stay as they were
 *   (foundryvtt issue #10922: joint validation runs on updates and a failed one is not persisted);
 *   `prepareDerivedData` runs after every build;
 * - `game.i18n.format` fills `{name}` placeholders from lang/en.json, like Foundry's.
 * Anything else throws (the strict proxy of foundry-double.ts).
 */
import { readFileSync } from "node:fs";
import { strict } from "./foundry-double.ts";
import { mergeUpdate, type Obj } from "./runtime/diff.ts";
import { FIELDS, TypeDataModel } from "./runtime/fields.ts";
import { ROOT } from "./source-files.ts";

interface ModelClass {
  new (data: Obj, options: { parent: unknown }): { prepareDerivedData(): void };
  cleanSource(candidate: Obj): Obj;
  migrateData(source: Obj): Obj;
}

/** The complete, validated system data for `Model` from a stored or candidate source; throws when refused. */
function validSystem(Model: ModelClass, source: Obj): Obj {
  return Model.cleanSource(Model.migrateData(structuredClone(source)));
}

/** An Item: type, stored `system` source, the model built from it, and its owning actor (or null). */
export class ItemDouble {
  _source: { system: Obj };
  system: unknown = null;
  constructor(
    readonly type: string,
    system: Obj,
    readonly actor: { readonly system: unknown } | null = null,
  ) {
    this._source = { system: validSystem(this.modelClass(), system) };
    this.rebuild();
  }
  private modelClass(): ModelClass {
    const Model = registered.get(this.type);
    if (Model === undefined) throw new Error(`Item double: no data model for ${this.type}`);
    return Model;
  }
  private rebuild(): void {
    const Model = this.modelClass();
    const model = new Model(structuredClone(this._source.system), { parent: this });
    this.system = model;
    model.prepareDerivedData();
  }
  /** Validates the merged source before storing it: a refused update changes nothing. */
  update(changes: { system: Obj }): this {
    const merged = mergeUpdate(this._source.system, changes.system);
    this._source = { system: validSystem(this.modelClass(), merged) };
    this.rebuild();
    return this;
  }
}

type Tree = { readonly [key: string]: string | Tree };
const en = JSON.parse(readFileSync(`${ROOT}/lang/en.json`, "utf8")) as Tree;

function format(key: string, data: Readonly<Record<string, string>> = {}): string {
  let node: string | Tree | undefined = en;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") return key;
  return node.replace(/\{(\w+)\}/g, (whole, name: string) => data[name] ?? whole);
}

/** The data model classes by item type, as `CONFIG.Item.dataModels` holds them. */
const registered = new Map<string, ModelClass>();

/**
 * Registers a data model class for `type`. The one cast of this double: the models are typed against
 * fvtt-types, and only the members `ModelClass` names exist at runtime.
 */
export function registerItemModel(type: string, model: unknown): void {
  registered.set(type, model as ModelClass);
}

/** Installs the fields, the TypeDataModel and game.i18n (import the models after this). */
export function installItemDocumentDouble(): void {
  Object.defineProperty(globalThis, "foundry", {
    value: strict(
      {
        abstract: strict({ TypeDataModel }, "foundry.abstract"),
        data: strict({ fields: strict(FIELDS, "foundry.data.fields") }, "foundry.data"),
      },
      "foundry",
    ),
    configurable: true,
    writable: true,
  });
  Object.defineProperty(globalThis, "game", {
    value: strict({ i18n: strict({ format }, "game.i18n") }, "game"),
    configurable: true,
    writable: true,
  });
}

/** Removes what `installItemDocumentDouble` installed. */
export function uninstallItemDocumentDouble(): void {
  registered.clear();
  for (const name of ["foundry", "game"]) Reflect.deleteProperty(globalThis, name);
}
