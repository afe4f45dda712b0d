import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/initiative/index.ts";
import { installFoundryDouble } from "../support/foundry-double.ts";
import { ROOT } from "../support/source-files.ts";

const double = installFoundryDouble();
afterAll(() => double.uninstall());

await import("../../src/foundry/init.ts");
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

/** Reads a path the double models (the strict proxies throw on anything else). */
function configAt(...path: string[]): unknown {
  let node: unknown = double.config;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return node;
}

describe("init", () => {
  it("registers nothing before Foundry calls the init hook", () => {
    expect(double.settingIds()).toEqual([]);
    expect(() => configAt("TEMPO")).toThrow(/CONFIG\.TEMPO is not modelled/);
  });

  it("on init registers a Combat subtype per ruleset, the Combat class, the Combatant model and the weapon model", () => {
    double.callHook("init");
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
    expect([...double.helpers.keys()].sort()).toEqual(["tempoMessage", "tempoRowKept", "tempoRowPrint"]);
    const tempoMessage = double.helpers.get("tempoMessage") as (message: unknown) => string;
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
    expect(double.settingIds()).toEqual([
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
      "tempo.npcPackAccess", // issue 18: players' access to the NPC compendium
    ]);
    expect(double.keybindingIds()).toEqual(["tempo.nextTurn", "tempo.previousTurn", "tempo.endMyTurn"]);
    // Issue 17: no query where the sender matters (v13 does not tell a query handler who asked,
    // foundryvtt/foundryvtt #13418); players' requests go on the system socket.
    expect(Object.keys(configAt("queries") as object)).toEqual([]);
    const { requestKinds } = await import("../../src/foundry/socket/socket-channel.ts");
    expect(requestKinds()).toEqual(["command", "card", "damage"]);
  });

  it("every setting has a localized name and hint", () => {
    for (const id of double.settingIds()) {
      const setting = double.setting(id);
      expect(translate(setting.name ?? ""), id).toEqual(expect.any(String));
      expect(translate(setting.hint ?? ""), id).toEqual(expect.any(String));
    }
  });
});

describe("ruleset setting", () => {
  it("is a world setting shown in the settings window, defaulting to the count-up track", () => {
    const setting = double.setting("tempo.ruleset");
    expect(setting.scope).toBe("world");
    expect(setting.config).toBe(true);
    expect(setting.default).toBe("count");
    expect(game.settings.get("tempo", "ruleset")).toBe("count");
  });

  it("offers exactly the five rulesets, each with a label that exists in lang/en.json", () => {
    const choices = double.setting("tempo.ruleset").choices ?? {};
    expect(Object.keys(choices)).toEqual(["count", "standard", "phase", "segment", "rotation"]);
    for (const label of Object.values(choices)) expect(translate(label)).toEqual(expect.any(String));
  });

  it("has a localized name and hint", () => {
    const setting = double.setting("tempo.ruleset");
    expect(translate(setting.name ?? "")).toEqual(expect.any(String));
    expect(translate(setting.hint ?? "")).toEqual(expect.any(String));
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

describe("the Foundry double", () => {
  it("throws on a global property it does not model", () => {
    expect(() => configAt("JournalEntry")).toThrow(/CONFIG\.JournalEntry is not modelled/);
    expect(() => configAt("Combat", "initiative")).toThrow(/CONFIG\.Combat\.initiative is not modelled/);
  });
});
