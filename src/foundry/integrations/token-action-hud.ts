/**
 * Issue 22 item 4: Tempo's adapter for Token Action HUD Core (module id `token-action-hud-core`), built
 * into the system, so no companion "Token Action HUD Tempo" module is needed. Not run against the module:
 * written from its public code at commit 8e56ada of github.com/Larkinabout/fvtt-token-action-hud-core
 * (module.json 2.1.0, Foundry 13 minimum, 14 verified) and the dnd5e adapter built on it
 * (github.com/Larkinabout/fvtt-token-action-hud-dnd5e at 9b0c70b, scripts/init.js, system-manager.js,
 * action-handler.js, roll-handler.js):
 * - module/core/api.mjs: on `ready` the module puts `{ ActionHandler, RollHandler, SystemManager, Utils … }`
 *   on its `api` and calls the hook `tokenActionHudCoreApiReady` with the module;
 * - module/main.mjs `registerCoreModule`: a system adapter answers with the hook
 *   `tokenActionHudSystemReady`, passing an object whose `api` holds `requiredCoreModuleVersion` (the
 *   major version it is written for; utils.mjs `isSystemModuleCompatible` compares each part given) and its
 *   `SystemManager` class, which the module constructs;
 * - module/managers/system-manager.mjs: the subclass gives `getActionHandler()`, `getRollHandler(id)`,
 *   `getAvailableRollHandlers()` and `registerDefaults()` (the default layout: tabs with their groups);
 * - module/handlers/action-handlers/action-handler.mjs: `buildSystemActions(groupIds)` is called for the
 *   selected token with `this.actor` and `this.token` set (null when several are selected); it lists entries
 *   with `addActions(entries, { id: groupId })` (`{ id, name, info1, cssClass, tooltip, system }`);
 * - module/handlers/roll-handlers/roll-handler.mjs: a click calls `handleActionClick(event, value)` with
 *   `this.action` the clicked entry (its `system`), `this.actor` and `this.token`;
 * - module/main.mjs `registerHudHooks`: the module builds its HUD again on `updateCombat`,
 *   `updateCombatant`, `updateActor`, item changes and the hook `forceUpdateTokenActionHud`.
 * What is listed is decided in src/view/integrations/token-action-hud.ts (the token HUD's budget and
 * buttons and the sheet's item buttons); a click runs the token HUD's `runHudAction`, so the HUD gives
 * exactly the commands the sheet gives. A refused entry is drawn disabled (the module's `disabled` class,
 * less/tah-hud.less) and a click on it says why and changes nothing.
 */
import type { Message } from "../../engine/index.ts";
import { TAH_GROUPS, TAH_TAB, tokenActionHudGroups, type TahEntry } from "../../view/integrations/token-action-hud.ts";
import type { ItemValue } from "../../view/sheets/item-rows.ts";
import { HUD_ACTIONS, runHudAction } from "../applications/hud/hud-actions.ts";
import { actorSheetInputOf } from "../applications/sheets/sheet-documents.ts";
import { localizeMessage } from "../localize.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The major version of the module's API this adapter is written for. */
export const TAH_CORE_VERSION = "2";

/** What Tempo puts in an entry's `system` and reads back on a click. */
interface TempoEntrySystem {
  readonly tempo: true;
  readonly action: string | null;
  readonly command: string | null;
  readonly itemId: string | null;
  readonly refusal: Message | null;
}

const REFUSED: Message = { key: "TEMPO.INTEGRATIONS.TokenActionHud.Refused" };

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** The module's own hooks, which Foundry's typings do not name. */
const moduleHooks = () =>
  Hooks as unknown as {
    call(name: string, ...args: unknown[]): boolean;
    callAll(name: string, ...args: unknown[]): boolean;
  };

/** The module's classes, as much of them as the adapter uses. */
interface ActionHandlerBase {
  actor?: Actor.Implementation | null;
  addActions(actions: Obj[], groupData: { id: string; type?: string }): void;
}
interface RollHandlerBase {
  actor?: Actor.Implementation | null;
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

/** An item row's value in words, as the sheet's row shows it: "Damage: 1d8", "Properties: reach, two-handed". */
function valueText(value: ItemValue): string {
  const words = value.words.map(localizeMessage).join(", ");
  const shown = [value.value, words].filter((part) => part !== "").join(" ");
  return `${localizeMessage(value.label)}: ${shown}`;
}

/** The module's entry for one of Tempo's (names localized; the click's data in `system`). */
function entryOf(entry: TahEntry): Obj {
  const name = localizeMessage(entry.name);
  const control = entry.control;
  const refused = control?.disabled === true ? (control.reason ?? REFUSED) : null;
  const system: TempoEntrySystem = {
    tempo: true,
    action: control?.action ?? null,
    command: control?.command ?? null,
    itemId: entry.itemId,
    refusal: refused,
  };
  // The refusal first, then the item's values ("Damage: 1d8 · Delay: 4").
  const tooltip = [...(refused === null ? [] : [localizeMessage(refused)]), ...entry.details.map(valueText)].join(
    " · ",
  );
  // A refused entry is greyed (the module's `disabled`); a choice in force is drawn pressed (`toggle active`).
  const cssClass = refused !== null ? "disabled" : control?.pressed === "true" ? "toggle active" : "";
  return {
    id: entry.id,
    name,
    listName: name,
    icon1: `<i class="${entry.icon}" aria-hidden="true"></i>`,
    ...(entry.info === null ? {} : { info1: { text: localizeMessage(entry.info) } }),
    ...(tooltip === "" ? {} : { tooltip }),
    cssClass,
    system,
  };
}

/** The module's entries for `actor`, per group id: nothing for a user who does not own it. */
export function tokenActionHudEntries(actor: Actor.Implementation | null | undefined): Map<string, Obj[]> {
  const out = new Map<string, Obj[]>();
  if (actor === null || actor === undefined || !actor.isOwner) return out;
  const input = actorSheetInputOf(actor, "play", true);
  if (input === null) return out;
  for (const group of tokenActionHudGroups(input, (action) => HUD_ACTIONS.has(action)))
    out.set(group.id, group.entries.map(entryOf));
  return out;
}

const isTempoSystem = (value: unknown): value is TempoEntrySystem => isObj(value) && value.tempo === true;

/** A click on an entry: its control run as the token HUD runs it, or its refusal said. */
export async function runTokenActionHudEntry(
  actor: Actor.Implementation | null | undefined,
  entry: unknown,
): Promise<void> {
  const system = isObj(entry) ? entry.system : null;
  if (actor === null || actor === undefined || !actor.isOwner || !isTempoSystem(system) || system.action === null)
    return;
  if (system.refusal !== null) {
    showNotice(system.refusal);
    return;
  }
  await runHudAction(actor, system.action, system);
  moduleHooks().callAll("forceUpdateTokenActionHud");
}

/** The default layout: one tab of Tempo's three groups (module/handlers/layout-handler.mjs reads it). */
function defaults(): Obj {
  const groups = TAH_GROUPS.map((g) => ({ id: g.id, name: game.i18n.localize(g.name), type: "system" }));
  return {
    layout: [
      {
        nestId: TAH_TAB.id,
        id: TAH_TAB.id,
        name: game.i18n.localize(TAH_TAB.name),
        groups: groups.map((g) => ({ ...g, nestId: `${TAH_TAB.id}_${g.id}` })),
      },
    ],
    groups,
  };
}

/** The adapter's classes on the module's bases, handed to the module with `tokenActionHudSystemReady`. */
export function registerWithTokenActionHud(coreModule: unknown): void {
  const api = coreApiOf(coreModule);
  if (api === null) return;

  class TempoActionHandler extends api.ActionHandler {
    buildSystemActions(): Promise<void> {
      for (const [id, entries] of tokenActionHudEntries(this.actor)) this.addActions(entries, { id, type: "system" });
      return Promise.resolve();
    }
  }

  class TempoRollHandler extends api.RollHandler {
    handleActionClick(): Promise<void> {
      return runTokenActionHudEntry(this.actor, this.action);
    }
  }

  class TempoSystemManager extends api.SystemManager {
    getActionHandler(): ActionHandlerBase {
      return new TempoActionHandler();
    }

    getAvailableRollHandlers(): Record<string, string> {
      return { core: game.i18n.localize("TEMPO.INTEGRATIONS.TokenActionHud.Tab") };
    }

    getRollHandler(): RollHandlerBase {
      return new TempoRollHandler();
    }

    registerDefaults(): Promise<Obj> {
      return Promise.resolve(defaults());
    }
  }

  moduleHooks().call("tokenActionHudSystemReady", {
    id: SYSTEM_ID,
    api: { requiredCoreModuleVersion: TAH_CORE_VERSION, SystemManager: TempoSystemManager },
  });
}

export function registerTokenActionHud(): void {
  Hooks.once("tokenActionHudCoreApiReady" as never, registerWithTokenActionHud as never);
}
