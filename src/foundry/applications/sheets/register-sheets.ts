/**
 * Registers Tempo's sheets as the default for its actor and item types, with v13's namespaced
 * DocumentSheetConfig (as Everyday Heroes' `registerSheets` and other v13 systems call it), and the
 * hotbar drop that turns a sheet's item into a macro (hotbar-macro.ts).
 */
import { TempoActorSheet } from "./actor-sheet.ts";
import { TempoEncounterSheet } from "./encounter-sheet.ts";
import { createItemMacro, foundryMacroHost } from "./hotbar-macro.ts";
import { TempoItemSheet } from "./item-sheet.ts";

export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, "tempo", TempoActorSheet, {
    types: ["character", "npc"],
    makeDefault: true,
    label: "TEMPO.SHEET.ActorSheet",
  });
  DocumentSheetConfig.registerSheet(Item, "tempo", TempoItemSheet, {
    types: ["weapon", "spell", "armor", "feat", "power", "gear"],
    makeDefault: true,
    label: "TEMPO.SHEET.ItemSheet",
  });
  DocumentSheetConfig.registerSheet(Actor, "tempo", TempoEncounterSheet, {
    types: ["encounter"],
    makeDefault: true,
    label: "TEMPO.ENCOUNTERS.Sheet.Label",
  });
  Hooks.on("hotbarDrop", (_bar, data, slot) => {
    const drop: unknown = data;
    if (typeof drop !== "object" || drop === null || !("type" in drop) || drop.type !== "Item") return;
    if (!("uuid" in drop) || typeof drop.uuid !== "string") return;
    void createItemMacro(foundryMacroHost(), drop.uuid, Number(slot));
    return false;
  });
}
