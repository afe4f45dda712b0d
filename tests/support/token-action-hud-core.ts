/**
 * A stand-in for Token Action HUD Core (module `token-action-hud-core`), the part a system adapter
 * meets, with the module's public shape as its code at commit 8e56ada of
 * github.com/Larkinabout/fvtt-token-action-hud-core (module.json 2.1.0) has it:
 * - module/core/api.mjs `registerApi` (on `ready`): `module.api = { ActionHandler, RollHandler,
 *   SystemManager, Utils, … }`, then `Hooks.callAll("tokenActionHudCoreApiReady", module)`;
 * - module/main.mjs `registerCoreModule` (the `tokenActionHudSystemReady` hook): refuses an adapter whose
 *   `api.requiredCoreModuleVersion` names another version (core/utils.mjs `isSystemModuleCompatible`:
 *   the major part must match, and the minor and patch parts when given), constructs
 *   `new systemModule.api.SystemManager(moduleId)` and reads its `registerDefaults()` (system-manager.mjs);
 * - managers/hud-manager.mjs, handlers/group-handler.mjs: for the selected token the HUD's groups come
 *   from the default layout; the adapter's `getActionHandler()` gets `actor` and `token` and its
 *   `buildSystemActions(groupIds)` lists entries with `addActions(entries, { id })`; entries for a group
 *   the layout does not have are dropped (action-handler.mjs `addActions`: no group, nothing added);
 * - handlers/roll-handlers/roll-handler.mjs `handleActionClickCore`: a click sets the roll handler's
 *   `action` (the clicked entry; `actor`, `token` are the HUD's) and calls `handleActionClick(event, value)`.
 * Modelling choices (not claims about the module): no HUD is drawn, there is no layout customisation,
 * settings, socket or style; an entry keeps the fields a system gives (`createAction` copies them).
 */
type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

interface HooksLike {
  on(name: string, fn: (...args: unknown[]) => unknown): number;
  callAll(name: string, ...args: unknown[]): boolean;
}
const hooks = (): HooksLike => (globalThis as unknown as { Hooks: HooksLike }).Hooks;

/** The entries of one group, as the module holds them. */
export type TahGroups = Map<string, Obj[]>;

class ActionHandler {
  actor: unknown = null;
  token: unknown = null;
  groups: TahGroups = new Map();

  addActions(actions: Obj[], groupData: { id: string }): void {
    const group = this.groups.get(groupData.id);
    if (actions.length === 0 || group === undefined) return;
    group.push(...actions.map((a) => ({ ...a, isAction: true })));
  }

  async buildSystemActions(_groupIds: string[]): Promise<void> {}
}

class RollHandler {
  actor: unknown = null;
  token: unknown = null;
  action: unknown = null;

  async handleActionClick(_event: unknown, _value: string | null): Promise<void> {}
}

class SystemManager {
  constructor(readonly coreModuleId: string) {}
  getActionHandler(): unknown {
    return undefined;
  }
  getRollHandler(_id: string): unknown {
    return false;
  }
  async registerDefaults(): Promise<unknown> {
    return undefined;
  }
}

export interface TahCoreStandIn {
  /** The module's `ready`: the API hook fired on the running client; true when an adapter registered. */
  ready(): Promise<boolean>;
  /** The HUD built for the selected token of `actor` on the running client: its groups' entries. */
  build(actor: unknown, token?: unknown): Promise<TahGroups>;
  /** A click on the entry `id` of the last build. */
  click(id: string): Promise<void>;
}

const majorOk = (required: unknown, installed: string): boolean => {
  if (typeof required !== "string") return true;
  const want = required.split(".");
  const have = installed.split(".");
  return want.every((part, i) => part === have[i]);
};

export function tokenActionHudCore(version = "2.1.0"): TahCoreStandIn {
  let manager: SystemManager | null = null;
  let defaults: Obj | null = null;
  let last: { groups: TahGroups; actor: unknown; token: unknown } | null = null;

  const groupIdsOf = (): string[] => {
    const groups = defaults?.groups;
    return Array.isArray(groups) ? groups.filter(isObj).map((g) => String(g.id)) : [];
  };

  return {
    async ready() {
      const module = { id: "token-action-hud-core", version, api: { ActionHandler, RollHandler, SystemManager } };
      let registered: Promise<void> | null = null;
      const id = hooks().on("tokenActionHudSystemReady", (systemModule: unknown) => {
        const api = isObj(systemModule) ? systemModule.api : null;
        if (!isObj(api) || !majorOk(api.requiredCoreModuleVersion, version)) return;
        const Manager = api.SystemManager as new (id: string) => SystemManager;
        manager = new Manager(module.id);
        registered = manager.registerDefaults().then((d) => {
          defaults = isObj(d) ? d : null;
        });
      });
      hooks().callAll("tokenActionHudCoreApiReady", module);
      (globalThis as unknown as { Hooks: { off(n: string, id: number): void } }).Hooks.off(
        "tokenActionHudSystemReady",
        id,
      );
      if (registered !== null) await registered;
      return manager !== null;
    },
    async build(actor, token = null) {
      const handler = manager?.getActionHandler();
      if (!(handler instanceof ActionHandler)) throw new Error("no adapter registered");
      handler.actor = actor;
      handler.token = token;
      handler.groups = new Map(groupIdsOf().map((g) => [g, []]));
      await handler.buildSystemActions(groupIdsOf());
      last = { groups: handler.groups, actor, token };
      return handler.groups;
    },
    async click(id) {
      const action = [...(last?.groups.values() ?? [])].flat().find((a) => a.id === id);
      if (action === undefined || last === null) throw new Error(`no entry ${id}`);
      const handler = manager?.getRollHandler("core");
      if (!(handler instanceof RollHandler)) throw new Error("no roll handler");
      handler.actor = last.actor;
      handler.token = last.token;
      handler.action = action;
      await handler.handleActionClick(null, typeof action.encodedValue === "string" ? action.encodedValue : null);
    },
  };
}
