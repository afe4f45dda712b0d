import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/initiative/index.ts";
import Handlebars from "handlebars";
import { installFoundryWorld } from "../support/foundry-world.ts";
import type { SettingRegistration } from "../support/runtime/client.ts";
import type { KeybindingAction } from "../support/runtime/keybindings.ts";
import { ROOT } from "../support/source-files.ts";

// The runtime model with the GM's page loaded, before Foundry calls `init` (the test calls it below).
const world = installFoundryWorld(1);
afterAll(() => world.uninstall());

await world.loadSystem();
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { TempoCombat } = await import("../../src/foundry/documents/combat.ts");
const { COMBAT_MODELS } = await import("../../src/foundry/data/combat/combat-model.ts");
const { TempoCombatantModel } = await import("../../src/foundry/data/combatant/combatant-model.ts");
const { WeaponModel } = await import("../../src/foundry/data/item/weapon-model.ts");
const { TempoCombatantGroupModel } = await import("../../src/foundry/data/combatant-group/combatant-group-model.ts");
const { TEMPO } = await import("../../src/foundry/config.ts");
const { ITEM_MODELS } = await import("../../src/foundry/data/item/item-models.ts");

type Tree = { readonly [key: string]: string | Tree };
const en = JSON.parse(readFileSync(`${ROOT}/lang/en.json`, "utf8")) as Tree;

function translate(key: string): string | undefined {
  let node: string | Tree | undefined = en;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** Reads a path of the GM client's `CONFIG` (undefined where nothing is). */
function configAt(...path: string[]): unknown {
  let node: unknown = CONFIG;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** What the GM's page has registered: `game.settings.settings` and `game.keybindings.actions`, Tempo's only. */
const registry = game as unknown as {
  settings: { settings: ReadonlyMap<string, SettingRegistration> };
  keybindings: { actions: ReadonlyMap<string, KeybindingAction> };
};
const tempoIds = (map: ReadonlyMap<string, unknown>): string[] =>
  [...map.keys()].filter((id) => id.startsWith("tempo."));
const settingIds = (): string[] => tempoIds(registry.settings.settings);
function setting(id: string): SettingRegistration {
  const registration = registry.settings.settings.get(id);
  if (registration === undefined) throw new Error(`${id} is not registered`);
  return registration;
}
const label = (value: unknown): string => (typeof value === "string" ? value : "");

/** The helpers registered on the global Handlebars beyond the library's own. */
function addedHelpers(): Map<string, unknown> {
  const own = new Set(Object.keys(Handlebars.create().helpers));
  const helpers = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars.helpers;
  return new Map(Object.entries(helpers).filter(([name]) => !own.has(name)));
}

describe("init", () => {
  it("registers nothing before Foundry calls the init hook", () => {
    expect(settingIds()).toEqual([]);
    expect(tempoIds(registry.keybindings.actions)).toEqual([]);
    expect(configAt("TEMPO")).toBeUndefined();
    expect(addedHelpers().size).toBe(0);
  });

  it("on init registers a Combat subtype per ruleset, the Combat class, the Combatant model and the weapon model", () => {
    world.callHook("init");
    expect(configAt("Combat", "documentClass")).toBe(TempoCombat);
    for (const ruleset of RULESET_IDS) expect(configAt("Combat", "dataModels", ruleset)).toBe(COMBAT_MODELS[ruleset]);
    expect(configAt("Combatant", "dataModels", "tempo")).toBe(TempoCombatantModel);
    expect(configAt("Item", "dataModels", "weapon")).toBe(WeaponModel);
    expect(configAt("CombatantGroup", "dataModels", "initiative")).toBe(TempoCombatantGroupModel);
    for (const type of ["attack", "damage", "save", "pending", "initiative"])
      expect(configAt("ChatMessage", "dataModels", type), type).toBeDefined();
    expect(configAt("TEMPO")).toBe(TEMPO);
  });

  it("registers a data model for every Item subtype system.json declares (issue 10)", () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}/system.json`, "utf8")) as { documentTypes: { Item: object } };
    const declared = Object.keys(manifest.documentTypes.Item);
    expect(declared).toEqual(Object.keys(ITEM_MODELS));
    for (const type of declared)
      expect(configAt("Item", "dataModels", type), type).toBe(ITEM_MODELS[type as keyof typeof ITEM_MODELS]);
  });

  it("registers Tempo's Handlebars helpers, which every tracker template renders with (issue 9)", () => {
    const helpers = addedHelpers();
    expect([...helpers.keys()].sort()).toEqual(["tempoId", "tempoMessage", "tempoRowKept", "tempoRowPrint"]);
    const tempoMessage = helpers.get("tempoMessage") as (message: unknown) => string;
    expect(tempoMessage({ key: "TEMPO.Some.Key" })).toBe("TEMPO.Some.Key");
    expect(tempoMessage({ key: "TEMPO.Other", data: { n: 3 } })).toBe('TEMPO.Other {"n":"3"}');
    expect(tempoMessage("not a message")).toBe("");
  });

  it("replaces the sidebar combat tracker with Tempo's (issue 9)", () => {
    expect(configAt("ui", "combat")).toBe(TempoCombatTracker);
    expect(Object.getPrototypeOf(TempoCombatTracker)).toBe(foundry.applications.sidebar.tabs.CombatTracker);
  });

  it("keeps the class name Foundry derives hook names from", () => {
    expect(TempoCombat.name).toBe("TempoCombat");
  });

  it("registers the ruleset setting and the per-combat defaults, the keys and the GM's request handlers", async () => {
    expect(settingIds()).toEqual([
      "tempo.ruleset",
      "tempo.surprise",
      "tempo.drMode",
      "tempo.enemyGroups",
      "tempo.sharedInitiative",
      "tempo.twoInARow",
      "tempo.planningPhase",
      "tempo.dexReaction",
      "tempo.npcInitiative",
      "tempo.roundSeconds",
      "tempo.odds",
      "tempo.damageLedger", // issue 18: the GM's record of players' damage applications
      "tempo.attackChoices", // issue 19: the attack dialog's last choices, per client
      "tempo.npcPackAccess", // issue 18: players' access to the NPC compendium
      "tempo.movementBudget", // issue 21: refuse or warn about an over-budget move
    ]);
    expect(tempoIds(registry.keybindings.actions)).toEqual(["tempo.nextTurn", "tempo.previousTurn", "tempo.endMyTurn"]);
    // Issue 17: no query where the sender matters (v13 does not tell a query handler who asked,
    // foundryvtt/foundryvtt #13418); players' requests go on the system socket, whose server gives the
    // sender. Issue 18: GM records go from GM to GM, and views to an owner, taken only with a key only they
    // know (combat/gm-replica.ts, owner-view.ts); a request's body goes to the GM alone and is run only when
    // the socket names its sender, and its answer and the GM's notices go back to that page alone, with the
    // page's key (socket-channel.ts).
    expect(Object.keys(configAt("queries") as object).sort()).toEqual([
      "tempo.gmRecords",
      "tempo.notice",
      "tempo.ownerView",
      "tempo.requestAnswer",
      "tempo.requestBody",
    ]);
    const { requestKinds } = await import("../../src/foundry/socket/socket-channel.ts");
    expect(requestKinds()).toEqual(["command", "stealth", "move", "area", "card", "damage", "concentration"]);
  });

  it("every setting and every keybinding has a localized name and hint", () => {
    for (const id of settingIds()) {
      expect(translate(label(setting(id).name)), id).toEqual(expect.any(String));
      expect(translate(label(setting(id).hint)), id).toEqual(expect.any(String));
    }
    for (const [id, action] of registry.keybindings.actions) {
      if (!id.startsWith("tempo.")) continue;
      expect(translate(label(action.name)), id).toEqual(expect.any(String));
      expect(translate(label(action.hint)), id).toEqual(expect.any(String));
    }
  });
});

describe("ruleset setting", () => {
  it("is a world setting shown in the settings window, defaulting to the count-up track", () => {
    const ruleset = setting("tempo.ruleset");
    expect(ruleset.scope).toBe("world");
    expect(ruleset.config).toBe(true);
    expect(ruleset.default).toBe("count");
    expect(game.settings.get("tempo", "ruleset")).toBe("count");
  });

  it("offers exactly the five rulesets, each with a label that exists in lang/en.json", () => {
    const choices = (setting("tempo.ruleset").choices ?? {}) as Record<string, string>;
    expect(Object.keys(choices)).toEqual(["count", "standard", "phase", "segment", "rotation"]);
    for (const label of Object.values(choices)) expect(translate(label)).toEqual(expect.any(String));
  });

  it("has a localized name and hint", () => {
    const ruleset = setting("tempo.ruleset");
    expect(translate(label(ruleset.name))).toEqual(expect.any(String));
    expect(translate(label(ruleset.hint))).toEqual(expect.any(String));
  });

  it("reading a setting nobody registered throws", () => {
    expect(() => game.settings.get("tempo", "nope" as "ruleset")).toThrow(
      /tempo\.nope is not a registered game setting/,
    );
  });
});

describe("CONFIG.TEMPO", () => {
  it("lists the engine's rulesets in order, each with a label key that exists", () => {
    expect(TEMPO.rulesets.map((r) => r.id)).toEqual([...RULESET_IDS]);
    for (const ruleset of TEMPO.rulesets) expect(translate(ruleset.label)).toEqual(expect.any(String));
  });
});
