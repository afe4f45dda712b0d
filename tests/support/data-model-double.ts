/**
 * A schema-aware stand-in for `foundry.abstract.TypeDataModel` and the `foundry.data.fields` Tempo's
 * actor models use, installed on top of foundry-double.ts for tests that need a model to clean,
 * validate, migrate and refuse data. It models what open systems rely on (dnd5e, Draw Steel, and
 * Foundry's own Crucible, whose validateJoint throws a localized Error):
 * - construction runs `migrateData` on a copy of the source, fills missing fields with their
 *   `initial`, checks each field's type, then calls `validateJoint` with the whole data;
 * - `updateSource(changes)` merges the changes into a copy of the source and validates the result the
 *   same way; when anything throws, the model keeps its old source and nothing changes;
 * - `prepareDerivedData` runs when the owning document prepares its data, never on its own.
 * `game.i18n` formats keys from lang/en.json as Foundry's Localization does ({name} placeholders).
 */
import { readFileSync } from "node:fs";
import { ROOT } from "./source-files.ts";

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface FieldOptions {
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly integer?: boolean;
  readonly blank?: boolean;
  readonly choices?: readonly string[];
  readonly initial?: unknown;
  readonly validate?: (value: unknown) => boolean;
}

abstract class FieldDouble {
  constructor(readonly options: FieldOptions = {}) {}
  initialValue(): unknown {
    return structuredClone(this.options.initial);
  }
  clean(value: unknown): unknown {
    return value === undefined ? this.initialValue() : value;
  }
  validate(value: unknown, path: string): void {
    if (value === null) {
      if (this.options.nullable !== true) throw new Error(`${path} may not be null`);
      return;
    }
    this.check(value, path);
  }
  protected abstract check(value: unknown, path: string): void;
}

class NumberField extends FieldDouble {
  protected check(value: unknown, path: string): void {
    if (typeof value !== "number" || Number.isNaN(value)) throw new Error(`${path} must be a number`);
    if (this.options.integer === true && !Number.isInteger(value)) throw new Error(`${path} must be an integer`);
  }
}

class StringField extends FieldDouble {
  protected check(value: unknown, path: string): void {
    if (typeof value !== "string") throw new Error(`${path} must be a string`);
    if (this.options.blank === false && value === "") throw new Error(`${path} may not be blank`);
    if (this.options.choices !== undefined && !this.options.choices.includes(value))
      throw new Error(`${path} is not a valid choice`);
  }
}

/** Foundry's HTMLField is a StringField whose text is HTML (dnd5e's and Draw Steel's biographies use it). */
class HTMLField extends StringField {}

class BooleanField extends FieldDouble {
  protected check(value: unknown, path: string): void {
    if (typeof value !== "boolean") throw new Error(`${path} must be a boolean`);
  }
}

/** A free-form object; a `validate` option returning false refuses the value, as the field's own check would. */
class ObjectField extends FieldDouble {
  protected check(value: unknown, path: string): void {
    if (!isObj(value)) throw new Error(`${path} must be an object`);
    if (this.options.validate !== undefined && !this.options.validate(value)) throw new Error(`${path} is not valid`);
  }
}

class SchemaField extends FieldDouble {
  constructor(
    readonly fields: Readonly<Record<string, FieldDouble>>,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  override initialValue(): unknown {
    return this.clean({});
  }
  override clean(value: unknown): unknown {
    const source = isObj(value) ? value : {};
    const out: Obj = {};
    for (const [key, field] of Object.entries(this.fields)) out[key] = field.clean(source[key]);
    return out;
  }
  protected check(value: unknown, path: string): void {
    if (!isObj(value)) throw new Error(`${path} must be an object`);
    for (const [key, field] of Object.entries(this.fields))
      field.validate(value[key], path === "" ? key : `${path}.${key}`);
  }
}

class ArrayField extends FieldDouble {
  constructor(
    readonly element: FieldDouble,
    options: FieldOptions = {},
  ) {
    super({ initial: [], ...options });
  }
  override clean(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : this.initialValue();
  }
  protected check(value: unknown, path: string): void {
    if (!Array.isArray(value)) throw new Error(`${path} must be an array`);
    value.forEach((v, i) => this.element.validate(v, `${path}.${i}`));
  }
}

/** Foundry's update merge: objects merge key by key, everything else (arrays included) replaces. */
function merged(target: Obj, changes: Obj): Obj {
  const out: Obj = { ...target };
  for (const [key, value] of Object.entries(changes)) {
    const old = out[key];
    out[key] = isObj(value) && isObj(old) ? merged(old, value) : structuredClone(value);
  }
  return out;
}

interface ModelClass {
  defineSchema(): Record<string, FieldDouble>;
  migrateData(source: Obj): Obj;
  validateJoint(data: Obj): void;
}

class TypeDataModelDouble {
  _source: Obj = {};
  readonly parent: unknown;
  static defineSchema(): Record<string, FieldDouble> {
    return {};
  }
  static migrateData(source: Obj): Obj {
    return source;
  }
  static validateJoint(_data: Obj): void {}
  constructor(data: Obj = {}, options: { parent?: unknown } = {}) {
    this.parent = options.parent ?? null;
    const cls = this.constructor as unknown as ModelClass;
    this.#accept(cls.migrateData(structuredClone(data)));
  }
  #accept(candidate: Obj): void {
    const cls = this.constructor as unknown as ModelClass;
    const schema = new SchemaField(cls.defineSchema());
    const cleaned = schema.clean(candidate) as Obj;
    schema.validate(cleaned, "");
    cls.validateJoint(cleaned);
    this._source = cleaned;
    Object.assign(this, structuredClone(cleaned));
  }
  updateSource(changes: Obj): Obj {
    this.#accept(merged(this._source, changes));
    return changes;
  }
  /** The document's `_preUpdate` forwards the candidate changes here; the default allows them. */
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }
  prepareDerivedData(): void {}
}

type Tree = { readonly [key: string]: string | Tree };

function translation(en: Tree, key: string): string {
  let node: string | Tree | undefined = en;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : key;
}

/** Installs the schema-aware model, the fields and `game.i18n`. Call after installFoundryDouble(). */
export function installDataModelDouble(): void {
  const en = JSON.parse(readFileSync(`${ROOT}/lang/en.json`, "utf8")) as Tree;
  const f = foundry as unknown as Obj;
  Object.defineProperty(f, "data", {
    value: { fields: { NumberField, StringField, HTMLField, BooleanField, SchemaField, ArrayField, ObjectField } },
    configurable: true,
  });
  Object.defineProperty(f.abstract as Obj, "TypeDataModel", { value: TypeDataModelDouble, configurable: true });
  const i18n = {
    localize: (key: string) => translation(en, key),
    format: (key: string, data: Readonly<Record<string, string>> = {}) =>
      translation(en, key).replace(/\{(\w+)\}/g, (whole, name: string) => data[name] ?? whole),
  };
  Object.defineProperty(game, "i18n", { value: i18n, configurable: true });
}
