/**
 * A small Foundry test double: just the globals Tempo's `init`, config, settings and combat order
 * touch, and nothing else. Every object is strict: reading a property the double does not model
 * throws, so a test can never pass because a missing piece of Foundry quietly returned `undefined`
 * (pf2e's "stubs that throw" idea). `game.settings.get` throws for a setting nobody registered, as
 * Foundry does.
 *
 * Install it BEFORE importing Foundry-layer modules: their classes extend `Combat` and
 * `foundry.abstract.TypeDataModel` when the module is evaluated.
 */
import { CombatTrackerModel } from "./runtime/combat-tracker-model.ts";
import { defineDocumentGlobals, sheetApplications, type SheetRegistration } from "./sheet-double.ts";

/** What a test can see of one `game.settings.register` call. */
export interface SettingRegistration {
  readonly name?: string;
  readonly hint?: string;
  readonly scope?: string;
  readonly config?: boolean;
  readonly type?: unknown;
  readonly choices?: Readonly<Record<string, string>>;
  readonly default?: unknown;
}

type HookFn = (...args: unknown[]) => unknown;

export interface FoundryDouble {
  /** Runs every function registered for a hook (`once` handlers are removed), as Foundry would. */
  callHook(name: string, ...args: unknown[]): void;
  /** The registration of `namespace.key`, or throws when it was never registered. */
  setting(id: string): SettingRegistration;
  /** Every registered setting id (`namespace.key`). */
  settingIds(): string[];
  /** Every registered keybinding (`namespace.action`). */
  keybindingIds(): string[];
  /** Sheets registered with DocumentSheetConfig (sheet-double.ts). */
  readonly sheets: SheetRegistration[];
  /** Helpers registered on the global `Handlebars`, by name (Foundry's templates render with them). */
  readonly helpers: ReadonlyMap<string, unknown>;
  /** The double's `CONFIG` (strict). */
  readonly config: Record<string, unknown>;
  /** Removes the globals again. */
  uninstall(): void;
}

/** Property reads the test runner itself makes while printing or awaiting a value. */
const INTROSPECTION = new Set([
  "then",
  "toJSON",
  "asymmetricMatch",
  "$$typeof",
  "nodeType",
  "@@__IMMUTABLE_ITERABLE__@@",
]);

/** Wraps `target` so that reading any property it does not have throws, naming the path. */
export function strict<T extends object>(target: T, path: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === "symbol" || property in object || INTROSPECTION.has(property)) {
        return Reflect.get(object, property, receiver);
      }
      throw new Error(`Foundry double: ${path}.${property} is not modelled`);
    },
  });
}

/** Stand-in for `foundry.abstract.TypeDataModel`: keeps the source data and the parent. */
class TypeDataModelDouble {
  readonly parent: unknown;
  constructor(data: object = {}, options: { parent?: unknown } = {}) {
    Object.assign(this, data);
    this.parent = options.parent ?? null;
  }
  static defineSchema(): Record<string, never> {
    return {};
  }
}

/**
 * Stand-in for core's `Combat`. Its `_sortCombatants` is deliberately NOT core's algorithm (ids in
 * descending order) so a test can tell "Tempo's order" from "left to the base class".
 * A combat created without a type has core's `"base"` type.
 */
class CombatDouble {
  type: string;
  constructor(data: { type?: string } = {}) {
    this.type = data.type ?? "base";
  }
  protected _preCreate(): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }
  updateSource(changes: { type?: string }): object {
    if (changes.type !== undefined) this.type = changes.type;
    return changes;
  }
  protected _sortCombatants(a: { id: string | null }, b: { id: string | null }): number {
    const x = a.id ?? "";
    const y = b.id ?? "";
    return x < y ? 1 : x > y ? -1 : 0;
  }
}

function defineGlobal(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
}

const GLOBALS = ["Hooks", "game", "CONFIG", "foundry", "Combat", "Handlebars"] as const;

export function installFoundryDouble(): FoundryDouble {
  const hooks = new Map<string, { fn: HookFn; once: boolean }[]>();
  const addHook = (name: string, fn: HookFn, once: boolean): number => {
    const list = hooks.get(name) ?? [];
    list.push({ fn, once });
    hooks.set(name, list);
    return list.length;
  };

  const registrations = new Map<string, SettingRegistration>();
  const keys: string[] = [];
  const values = new Map<string, unknown>();
  const settingId = (namespace: string, key: string): string => `${namespace}.${key}`;
  const registered = (id: string): SettingRegistration => {
    const registration = registrations.get(id);
    if (registration === undefined) throw new Error(`Foundry double: ${id} is not a registered game setting`);
    return registration;
  };

  const settings = strict(
    {
      register(namespace: string, key: string, config: SettingRegistration): void {
        registrations.set(settingId(namespace, key), config);
      },
      get(namespace: string, key: string): unknown {
        const id = settingId(namespace, key);
        const registration = registered(id);
        return values.has(id) ? values.get(id) : registration.default;
      },
      set(namespace: string, key: string, value: unknown): Promise<unknown> {
        const id = settingId(namespace, key);
        registered(id);
        values.set(id, value);
        return Promise.resolve(value);
      },
    },
    "game.settings",
  );

  const documentConfig = (name: string) =>
    strict(
      {
        documentClass: null as unknown,
        dataModels: strict({} as Record<string, unknown>, `CONFIG.${name}.dataModels`),
      },
      `CONFIG.${name}`,
    );
  const config = strict(
    {
      Combat: documentConfig("Combat"),
      Combatant: documentConfig("Combatant"),
      Item: documentConfig("Item"),
      CombatantGroup: documentConfig("CombatantGroup"),
      Actor: documentConfig("Actor"),
      ChatMessage: documentConfig("ChatMessage"),
      queries: {} as Record<string, unknown>,
      ui: {} as Record<string, unknown>,
      // Core's own status list, in part: Tempo keeps core's entries and replaces "unconscious" (status-effects.ts).
      statusEffects: [
        { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
        { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
      ],
    } as Record<string, unknown>,
    "CONFIG",
  );

  defineGlobal(
    "Hooks",
    strict(
      {
        on: (name: string, fn: HookFn) => addHook(name, fn, false),
        once: (name: string, fn: HookFn) => addHook(name, fn, true),
      },
      "Hooks",
    ),
  );
  const keybindings = strict(
    { register: (namespace: string, action: string) => keys.push(`${namespace}.${action}`) },
    "game.keybindings",
  );
  // game.i18n as the world double models it: keys come back as they are, formats show their data.
  const i18n = {
    localize: (key: string) => key,
    format: (key: string, data: Readonly<Record<string, string>> = {}) => `${key} ${JSON.stringify(data)}`,
  };
  defineGlobal("game", strict({ settings, keybindings, i18n }, "game"));
  const sheets: SheetRegistration[] = [];
  defineGlobal("CONFIG", config);
  defineGlobal(
    "foundry",
    strict(
      {
        abstract: strict({ TypeDataModel: TypeDataModelDouble }, "foundry.abstract"),
        applications: { sidebar: { tabs: { CombatTracker: CombatTrackerModel } }, ...sheetApplications(sheets) },
        helpers: { interaction: { KeyboardManager: { MODIFIER_KEYS: { SHIFT: "Shift" } } } },
      },
      "foundry",
    ),
  );
  defineGlobal("Combat", CombatDouble);
  const helpers = new Map<string, unknown>();
  defineGlobal("Handlebars", { registerHelper: (name: string, fn: unknown) => helpers.set(name, fn) });
  const SHEET_GLOBALS = defineDocumentGlobals(defineGlobal);

  return {
    callHook(name, ...args) {
      const list = hooks.get(name) ?? [];
      hooks.set(
        name,
        list.filter((entry) => !entry.once),
      );
      for (const entry of list) entry.fn(...args);
    },
    helpers,
    setting: registered,
    settingIds: () => [...registrations.keys()],
    keybindingIds: () => [...keys],
    sheets,
    config,
    uninstall() {
      for (const name of GLOBALS) Reflect.deleteProperty(globalThis, name);
      for (const name of SHEET_GLOBALS) Reflect.deleteProperty(globalThis, name);
    },
  };
}
