/**
 * The sheet templates' contexts, each from its real builder (src/view/sheets) over the preview's sample
 * documents: a character in the count ruleset's sample combat (so the combat part has its buttons), and
 * one item sheet per item type (details.hbs is rendered for each type by tests/view/sheets).
 */
import { sampleActorInput, SAMPLE_ITEMS } from "../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../src/preview/sheet-combat.ts";
import { buildActorSheetContext } from "../../src/view/sheets/actor-sheet-context.ts";
import { buildItemSheetContext } from "../../src/view/sheets/item-sheet-context.ts";
import { SAMPLE_ENCOUNTER } from "../../src/preview/encounter-sheet-preview.ts";
import { buildEncounterSheet } from "../../src/view/sheets/encounter-sheet.ts";

const combat = sheetCombatOf(sampleSheetEncounter("count"), "ilsa");
export const actorSheet = buildActorSheetContext(
  sampleActorInput({ kind: "character", ruleset: "count", mode: "play", combat }),
);
const weapon = SAMPLE_ITEMS.find((i) => i.type === "weapon");
if (weapon === undefined) throw new Error("The sample documents have no weapon.");
export const itemSheet = buildItemSheetContext({
  item: weapon,
  ruleset: "count",
  mode: "edit",
  editable: true,
  owner: { ap: 80, primaryModifier: null },
});

/** The preview's sample encounter as a GM sees it, with no scene viewed (Deploy disabled with its reason). */
export const encounterSheet = buildEncounterSheet({
  name: "Goblin ambush",
  img: null,
  data: SAMPLE_ENCOUNTER,
  portraits: {},
  editable: true,
  gm: true,
  hasScene: false,
  canUndo: false,
  refusal: null,
});

export const sheetTemplateContexts: Readonly<Record<string, object>> = {
  "templates/sheets/field.hbs": actorSheet.attributes.abilities[0] ?? {},
  "templates/sheets/actor/header.hbs": actorSheet,
  "templates/sheets/actor/tabs.hbs": actorSheet,
  "templates/sheets/actor/attributes.hbs": actorSheet,
  "templates/sheets/actor/combat.hbs": actorSheet,
  "templates/sheets/actor/inventory.hbs": actorSheet,
  "templates/sheets/actor/item-row.hbs": actorSheet.inventory.weapons[0] ?? {},
  "templates/sheets/actor/spells.hbs": actorSheet,
  "templates/sheets/actor/effects.hbs": actorSheet,
  "templates/sheets/actor/biography.hbs": actorSheet,
  "templates/sheets/item/header.hbs": itemSheet,
  "templates/sheets/item/details.hbs": itemSheet,
  "templates/sheets/item/description.hbs": itemSheet,
  "templates/sheets/encounter/header.hbs": encounterSheet,
  "templates/sheets/encounter/entries.hbs": encounterSheet,
  "templates/sheets/encounter/groups.hbs": encounterSheet,
  "templates/sheets/encounter/deploy.hbs": encounterSheet,
};
