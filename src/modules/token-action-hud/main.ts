/**
 * Issue 22 item 4: the module "Tempo: Token Action HUD" (id `tempo-token-action-hud`, its manifest in
 * modules/tempo-token-action-hud/module.json), Tempo's adapter for Token Action HUD Core (module id
 * `token-action-hud-core`). Bundled on its own (`npm run package`: release/tempo-token-action-hud.zip), it
 * uses only Tempo's public API `CONFIG.TEMPO.actions` (README "Public API for HUD modules"): nothing of
 * the system is imported but types. Not run against the module: written from its public code at commit
 * 8e56ada of github.com/Larkinabout/fvtt-token-action-hud-core (module.json 2.1.0, Foundry 13 minimum, 14
 * verified) and the dnd5e adapter built on it (github.com/Larkinabout/fvtt-token-action-hud-dnd5e at
 * 9b0c70b, scripts/init.js, system-manager.js, action-handler.js, roll-handler.js):
 * - module/core/api.mjs: on `ready` the module puts `{ ActionHandler, RollHandler, SystemManager, Utils … }`
 *   on its `api` and calls the hook `tokenActionHudCoreApiReady` with the module;
 * - module/main.mjs `registerCoreModule`: a system adapter answers with the hook
 *   `tokenActionHudSystemReady`, passing its module (dnd5e's scripts/init.js: `game.modules.get(id)`) whose
 *   `api` holds `requiredCoreModuleVersion` (the major version it is written for; utils.mjs
 *   `isSystemModuleCompatible` compares each part given) and its `SystemManager` class, which the module
 *   constructs;
 * - module/managers/system-manager.mjs: the subclass gives `getActionHandler()`, `getRollHandler(id)`,
 *   `getAvailableRollHandlers()` and `registerDefaults()` (the default layout: tabs with their groups);
 * - module/handlers/action-handlers/action-handler.mjs: `buildSystemActions(groupIds)` is called for the
 *   selected token with `this.actor` and `this.token` set (null when several are selected); it lists entries
 *   with `addActions(entries, { id: groupId })` (`{ id, name, info1, cssClass, tooltip, system }`);
 * - module/handlers/roll-handlers/roll-handler.mjs: a click calls `handleActionClick(event, value)` with
 *   `this.action` the clicked entry (its `system`), `this.actor` and `this.token`;
 * - module/main.mjs `registerHudHooks`: the module builds its HUD again on `updateCombat`,
 *   `updateCombatant`, `updateActor`, item changes and the hook `forceUpdateTokenActionHud`.
 * A refused entry is drawn disabled (the module's `disabled` class, less/tah-hud.less); a click on it lets
 * Tempo say why, and changes nothing.
 */
import type { TempoAction, TempoActionsApi } from "../../foundry/integrations/actions-api.ts";

/** This module's id (module.json). */
export const MODULE_ID = "tempo-token-action-hud";

/** The major version of Token Action HUD Core's API this adapter is written for. */
export const TAH_CORE_VERSION = "2";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** Tempo's public API, or null when the world's system is not Tempo (module.json requires it). */
function tempoActions(): TempoActionsApi | null {
  const config: { TEMPO?: { actions?: TempoActionsApi } } = CONFIG;
  return config.TEMPO?.actions ?? null;
}

/** The module's own hooks, which Foundry's typings do not name. */
const moduleHooks = () =>
  Hooks as unknown as {
    call(name: string, ...args: unknown[]): boolean;
    callAll(name: string, ...args: unknown[]): boolean;
    once(name: string, fn: (...args: unknown[]) => unknown): number;
  };

/** The module's classes, as much of them as the adapter uses. */
interface ActionHandlerBase {
  actor?: unknown;
  token?: unknown;
  addActions(actions: Obj[], groupData: { id: string; type?: string }): void;
}
interface RollHandlerBase {
  actor?: unknown;
  token?: unknown;
  action?: unknown;
}
interface CoreApi {
  readonly ActionHandler: new () => ActionHandlerBase;
  readonly RollHandler: new () => RollHandlerBase;
  readonly SystemManager: new (coreModuleId: string) => object;
}

function coreApiOf(module: unknown): CoreApi | null {
  const api = isObj(module) ? module.api : null;
  if (!isObj(api)) return null;
  const { ActionHandler, RollHandler, SystemManager } = api;
  if (typeof ActionHandler !== "function" || typeof RollHandler !== "function") return null;
  if (typeof SystemManager !== "function") return null;
  return api as unknown as CoreApi;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The module's entry for one of Tempo's actions (the click's data in `system`). */
function entryOf(action: TempoAction): Obj {
  // A refused entry is greyed (the module's `disabled`); a choice in force is drawn pressed (`toggle active`).
  const cssClass = action.disabled ? "disabled" : action.pressed ? "toggle active" : "";
  return {
    id: action.id,
    name: action.name,
    listName: action.name,
    icon1: `<i class="${escapeHtml(action.icon)}" aria-hidden="true"></i>`,
    ...(action.info === null ? {} : { info1: { text: action.info } }),
    ...(action.tooltip === null ? {} : { tooltip: action.tooltip }),
    cssClass,
    system: { tempo: true, runnable: action.runnable },
  };
}

/** The HUD's entries for the selected creature, per group id (what `CONFIG.TEMPO.actions.list` gives). */
function entriesOf(tokenOrActor: unknown): Map<string, Obj[]> {
  const api = tempoActions();
  if (api === null || tokenOrActor === null || tokenOrActor === undefined) return new Map();
  return new Map(api.list(tokenOrActor).map((group) => [group.id, group.actions.map(entryOf)]));
}

/** A click on an entry: Tempo runs it (or says why not), then the HUD is drawn again. */
async function runEntry(tokenOrActor: unknown, entry: unknown): Promise<void> {
  const api = tempoActions();
  if (api === null || tokenOrActor === null || tokenOrActor === undefined || !isObj(entry)) return;
  const system = entry.system;
  if (!isObj(system) || system.tempo !== true || system.runnable !== true || typeof entry.id !== "string") return;
  await api.run(tokenOrActor, entry.id);
  moduleHooks().callAll("forceUpdateTokenActionHud");
}

/** The default layout: one tab of Tempo's groups (module/handlers/layout-handler.mjs reads it). */
function defaults(api: TempoActionsApi): Obj {
  const { tab, groups: named } = api.layout();
  const groups = named.map((g) => ({ id: g.id, name: g.name, type: "system" }));
  return {
    layout: [
      {
        nestId: tab.id,
        id: tab.id,
        name: tab.name,
        groups: groups.map((g) => ({ ...g, nestId: `${tab.id}_${g.id}` })),
      },
    ],
    groups,
  };
}

/** The adapter's classes on the module's bases, handed to the module with `tokenActionHudSystemReady`. */
export function registerWithTokenActionHud(coreModule: unknown): void {
  const api = coreApiOf(coreModule);
  const found = tempoActions();
  if (api === null || found === null) return;
  const tempo: TempoActionsApi = found;

  class TempoActionHandler extends api.ActionHandler {
    buildSystemActions(): Promise<void> {
      for (const [id, entries] of entriesOf(this.actor ?? this.token)) this.addActions(entries, { id, type: "system" });
      return Promise.resolve();
    }
  }

  class TempoRollHandler extends api.RollHandler {
    handleActionClick(): Promise<void> {
      return runEntry(this.actor ?? this.token, this.action);
    }
  }

  class TempoSystemManager extends api.SystemManager {
    getActionHandler(): ActionHandlerBase {
      return new TempoActionHandler();
    }

    getAvailableRollHandlers(): Record<string, string> {
      return { core: tempo.layout().tab.name };
    }

    getRollHandler(): RollHandlerBase {
      return new TempoRollHandler();
    }

    registerDefaults(): Promise<Obj> {
      return Promise.resolve(defaults(tempo));
    }
  }

  // As dnd5e's adapter does (scripts/init.js): this module's own entry of `game.modules`, with its `api`.
  const module = game.modules.get(MODULE_ID);
  if (module === undefined) return;
  Object.assign(module, { api: { requiredCoreModuleVersion: TAH_CORE_VERSION, SystemManager: TempoSystemManager } });
  moduleHooks().call("tokenActionHudSystemReady", module);
}

// The module's script runs once per page, after the system's (Foundry loads a module's esmodules then).
moduleHooks().once("tokenActionHudCoreApiReady", registerWithTokenActionHud);
