/**
 * A double for Item documents and their TypeDataModels, enough to test Tempo's item models the way
 * Foundry runs them. Modelled behaviour, and where open systems show it:
 * - Building a model from stored data runs the class's `static migrateData(source)` first, then fills
 *   missing fields with their `initial` values (dnd5e and Draw Steel migrate old item shapes this way).
 * - Field options are enforced on every write: type, `nullable`, `integer`, `min`/`max`/`positive`,
 *   `choices`, `blank` (the options Tempo's schemas use), then the class's `static validateJoint(data)`
 *   on the complete candidate data; any failure throws and the stored source stays as it was (Foundry's
 *   Crucible system refuses joint problems by throwing a localized Error from `validateJoint`; foundryvtt
 *   issue #10922 shows joint validation running on updates and a failed one not being persisted).
 * - `update` merges the changes into a copy of the source key by key, validates the merged result, then
 *   stores it; `prepareDerivedData` runs after every build, as for every system's data model.
 * - `game.i18n.format` fills `{name}` placeholders from lang/en.json, like Foundry's.
 * Anything else throws (the strict proxy of foundry-double.ts).
 */
import { readFileSync } from "node:fs";
import { strict } from "./foundry-double.ts";
import { foundryMerge } from "./foundry-world.ts";
import { ROOT } from "./source-files.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

interface FieldOptions {
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly initial?: unknown;
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly positive?: boolean;
  readonly choices?: readonly string[];
  readonly blank?: boolean;
}

class FieldDouble {
  constructor(readonly options: FieldOptions = {}) {}
  initialValue(): unknown {
    return structuredClone(this.options.initial ?? null);
  }
  /** The reason a value is refused, or null. */
  problem(value: unknown): string | null {
    if (value === null) return this.options.nullable === true ? null : "may not be null";
    return this.typeProblem(value);
  }
  protected typeProblem(_value: unknown): string | null {
    return null;
  }
}
class StringFieldDouble extends FieldDouble {
  protected override typeProblem(value: unknown): string | null {
    if (typeof value !== "string") return "must be a string";
    if (value === "" && this.options.blank === false) return "may not be blank";
    if (this.options.choices !== undefined && !this.options.choices.includes(value)) return "is not a valid choice";
    return null;
  }
}
class BooleanFieldDouble extends FieldDouble {
  protected override typeProblem(value: unknown): string | null {
    return typeof value === "boolean" ? null : "must be a boolean";
  }
}
class NumberFieldDouble extends FieldDouble {
  protected override typeProblem(value: unknown): string | null {
    const { integer, min, max, positive } = this.options;
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (integer === true && !Number.isInteger(value)) return "must be an integer";
    if (positive === true && value <= 0) return "must be positive";
    if (min !== undefined && value < min) return `must be at least ${min}`;
    if (max !== undefined && value > max) return `must be at most ${max}`;
    return null;
  }
}
class SchemaFieldDouble extends FieldDouble {
  constructor(readonly fields: Record<string, FieldDouble>) {
    super();
  }
  override initialValue(): unknown {
    return Object.fromEntries(Object.entries(this.fields).map(([key, field]) => [key, field.initialValue()]));
  }
}

type Schema = Record<string, FieldDouble>;

function initialize(schema: Schema, source: Obj): Obj {
  const out: Obj = {};
  for (const [key, field] of Object.entries(schema)) {
    const given = source[key];
    if (field instanceof SchemaFieldDouble) out[key] = initialize(field.fields, isObj(given) ? given : {});
    else out[key] = given === undefined ? field.initialValue() : given;
  }
  return out;
}

function fieldProblems(schema: Schema, data: Obj, prefix = ""): string[] {
  return Object.entries(schema).flatMap(([key, field]) => {
    const value = data[key];
    if (field instanceof SchemaFieldDouble)
      return fieldProblems(field.fields, isObj(value) ? value : {}, `${prefix}${key}.`);
    const problem = field.problem(value);
    return problem === null ? [] : [`${prefix}${key}: ${problem}`];
  });
}

interface ModelClass {
  new (data: Obj, options: { parent: unknown }): { prepareDerivedData(): void };
  defineSchema(): Schema;
  migrateData(source: Obj): Obj;
  validateJoint(data: Obj): void;
}

class TypeDataModelDouble {
  readonly parent: unknown;
  constructor(data: Obj = {}, options: { parent?: unknown } = {}) {
    Object.assign(this, data);
    this.parent = options.parent ?? null;
  }
  static defineSchema(): Schema {
    return {};
  }
  static migrateData(source: Obj): Obj {
    return source;
  }
  static validateJoint(_data: Obj): void {}
  prepareDerivedData(): void {}
}

/** The complete, validated system data for `Model` from a stored or candidate source; throws when refused. */
function validSystem(Model: ModelClass, source: Obj): Obj {
  const data = initialize(Model.defineSchema(), Model.migrateData(structuredClone(source)));
  const problems = fieldProblems(Model.defineSchema(), data);
  if (problems.length > 0) throw new Error(`Item validation errors: ${problems.join("; ")}`);
  Model.validateJoint(data);
  return data;
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
    const merged = foundryMerge(structuredClone(this._source.system), changes.system);
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
  const fields = {
    SchemaField: SchemaFieldDouble,
    StringField: StringFieldDouble,
    HTMLField: StringFieldDouble,
    BooleanField: BooleanFieldDouble,
    NumberField: NumberFieldDouble,
  };
  Object.defineProperty(globalThis, "foundry", {
    value: strict(
      {
        abstract: strict({ TypeDataModel: TypeDataModelDouble }, "foundry.abstract"),
        data: strict({ fields: strict(fields, "foundry.data.fields") }, "foundry.data"),
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
