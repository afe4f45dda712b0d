/**
 * `foundry.data.fields` and `foundry.abstract.TypeDataModel` as the runtime model's documents use
 * them (the behaviour open v13 systems rely on: dnd5e, Draw Steel):
 * - a model is built from its source: `migrateData` on a copy, missing fields filled with their
 *   `initial` (a function initial is called), each field's type checked (a wrong one throws, and the
 *   document write that carried it is refused), then `validateJoint` with the whole data; a number
 *   field checks the NumberFieldOptions Tempo's schemas use (API: `integer`, `positive`, `min`, `max`);
 * - `updateSource(changes)` merges the changes into a copy of the source (objects by key, arrays whole)
 *   and validates the result the same way; when anything throws nothing changes;
 * - which fields only a GM may write is not a field option: the server reads system.json's
 *   `gmOnlyFields` (system-manifest.ts, server.ts).
 */
import { isObj, mergeUpdate, type Obj } from "./diff.ts";

export interface FieldOptions {
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly integer?: boolean;
  readonly blank?: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly positive?: boolean;
  readonly choices?: readonly string[] | Readonly<Record<string, string>> | (() => unknown);
  readonly initial?: unknown;
  readonly validate?: (value: unknown) => boolean | undefined;
}

export class DataField {
  constructor(readonly options: FieldOptions = {}) {}
  initialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : structuredClone(initial ?? null);
  }
  clean(value: unknown): unknown {
    return value === undefined ? this.initialValue() : value;
  }
  validateValue(value: unknown, path: string): void {
    if (value === null || value === undefined) {
      if (this.options.nullable !== true && value === null && this.options.initial !== null)
        throw new Error(`${path}: may not be null`);
      return;
    }
    this.check(value, path);
    if (this.options.validate !== undefined && this.options.validate(value) === false)
      throw new Error(`${path}: is not valid`);
  }
  protected check(_value: unknown, _path: string): void {}
}

export class NumberField extends DataField {
  protected override check(value: unknown, path: string): void {
    const { integer, positive, min, max } = this.options;
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${path}: must be a finite number`);
    if (integer === true && !Number.isInteger(value)) throw new Error(`${path}: must be an integer`);
    if (positive === true && value <= 0) throw new Error(`${path}: must be positive`);
    if (min !== undefined && value < min) throw new Error(`${path}: must be at least ${min}`);
    if (max !== undefined && value > max) throw new Error(`${path}: must be at most ${max}`);
  }
}

export class StringField extends DataField {
  override initialValue(): unknown {
    return this.options.initial === undefined ? (this.options.blank === false ? null : "") : super.initialValue();
  }
  protected override check(value: unknown, path: string): void {
    if (typeof value !== "string") throw new Error(`${path}: must be a string`);
    if (this.options.blank === false && value === "") throw new Error(`${path}: may not be blank`);
    const choices = this.options.choices;
    const list = Array.isArray(choices) ? choices : isObj(choices) ? Object.keys(choices) : null;
    if (list !== null && !list.includes(value)) throw new Error(`${path}: is not a valid choice`);
  }
}

/** Foundry's HTMLField is a StringField holding HTML (dnd5e's and Draw Steel's biographies). */
export class HTMLField extends StringField {}

export class BooleanField extends DataField {
  override initialValue(): unknown {
    return this.options.initial === undefined ? false : super.initialValue();
  }
  protected override check(value: unknown, path: string): void {
    if (typeof value !== "boolean") throw new Error(`${path}: must be a boolean`);
  }
}

export class ObjectField extends DataField {
  override initialValue(): unknown {
    return this.options.initial === undefined ? {} : super.initialValue();
  }
  protected override check(value: unknown, path: string): void {
    if (!isObj(value)) throw new Error(`${path}: must be an object`);
  }
}

export class SchemaField extends DataField {
  constructor(
    readonly fields: Readonly<Record<string, DataField>>,
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
  protected override check(value: unknown, path: string): void {
    if (!isObj(value)) throw new Error(`${path}: must be an object`);
    for (const [key, field] of Object.entries(this.fields))
      field.validateValue(value[key], path === "" ? key : `${path}.${key}`);
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super({ initial: [], ...options });
  }
  override clean(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : this.initialValue();
  }
  protected override check(value: unknown, path: string): void {
    if (!Array.isArray(value)) throw new Error(`${path}: must be an array`);
    value.forEach((v, i) => this.element.validateValue(v, `${path}.${i}`));
  }
}

export const FIELDS = {
  DataField,
  NumberField,
  StringField,
  HTMLField,
  BooleanField,
  ObjectField,
  SchemaField,
  ArrayField,
};

interface ModelClass {
  defineSchema(): Record<string, DataField>;
  migrateData(source: Obj): Obj;
  validateJoint(data: Obj): void;
}

export class TypeDataModel {
  _source: Obj = {};
  readonly parent: unknown;
  static defineSchema(): Record<string, DataField> {
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
  /** The cleaned, validated source `candidate` would become; throws when it is not valid. */
  static cleanSource(this: unknown, candidate: Obj): Obj {
    const cls = this as ModelClass;
    const schema = new SchemaField(cls.defineSchema());
    const cleaned = schema.clean(candidate) as Obj;
    schema.validateValue(cleaned, "system");
    cls.validateJoint(cleaned);
    return cleaned;
  }
  #accept(candidate: Obj): void {
    const cleaned = (this.constructor as typeof TypeDataModel).cleanSource(candidate);
    this._source = cleaned;
    Object.assign(this, structuredClone(cleaned));
  }
  updateSource(changes: Obj): Obj {
    this.#accept(mergeUpdate(this._source, changes));
    return changes;
  }
  toObject(): Obj {
    return structuredClone(this._source);
  }
  /** The document's `_preUpdate` forwards the candidate changes here; the default allows them. */
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}
