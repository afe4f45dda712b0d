/**
 * The encounter sheet on the sheets preview page (sheets.html): a sample encounter drawn by the same
 * builder (src/view/sheets/encounter-sheet.ts), templates and CSS as in Foundry. Its controls run the
 * same edits as the Foundry sheet (src/view/sheets/encounter-edits.ts): a value the engine refuses
 * leaves the encounter as it was and its reason is shown. The preview has no scene and no deploy yet, so
 * Deploy and Undo show why they are disabled.
 */
import type { EncounterData, Message, Result } from "../engine/index.ts";
import { addGroup, changeCount, encounterFromForm, removeEntry, removeGroup } from "../view/sheets/encounter-edits.ts";
import { buildEncounterSheet } from "../view/sheets/encounter-sheet.ts";

/** 6 creatures in 2 groups: the rotation ruleset, where groups share initiative (ROT-4). */
export const SAMPLE_ENCOUNTER: EncounterData = {
  ruleset: "rotation",
  surprise: "none",
  groups: [
    { id: "skirmish", name: "Skirmishers" },
    { id: "pack", name: "Wolf pack" },
  ],
  entries: [
    {
      uuid: "Compendium.tempo.npcs.Actor.gob1in0000000001",
      name: "Goblin",
      count: 3,
      side: "enemy",
      group: "skirmish",
    },
    { uuid: "Compendium.tempo.npcs.Actor.wo1f000000000001", name: "Wolf", count: 2, side: "enemy", group: "pack" },
    { uuid: "Compendium.tempo.npcs.Actor.ogre000000000001", name: "Ogre", count: 1, side: "enemy", group: null },
  ],
};

type Template = (context: object) => string;

export interface EncounterSheetPreview {
  html(): string;
  /** A click on one of the sheet's buttons; true when the sheet must be drawn again. */
  click(action: string, target: HTMLElement): boolean;
  /** A changed input of the sheet's form. */
  change(form: HTMLFormElement): void;
}

export function encounterSheetPreview(parts: readonly Template[]): EncounterSheetPreview {
  let data = SAMPLE_ENCOUNTER;
  let name = "Goblin ambush";
  let refusal: Message | null = null;
  let groupsMade = 0;
  const apply = (result: Result<EncounterData>): void => {
    if (result.ok) data = result.value;
    refusal = result.ok ? null : result.error;
  };
  const index = (target: HTMLElement) => Number(target.dataset.index ?? "-1");
  return {
    html() {
      const context = buildEncounterSheet({
        name,
        img: null,
        data,
        portraits: {},
        editable: true,
        gm: true,
        hasScene: false,
        canUndo: false,
        refusal,
      });
      return `<form class="tempo-sheet actor tempo-encounter" data-sheet="encounter" aria-label="${name}">${parts.map((t) => t(context)).join("")}</form>`;
    },
    click(action, target) {
      if (action === "decreaseCount") apply(changeCount(data, index(target), -1));
      else if (action === "increaseCount") apply(changeCount(data, index(target), 1));
      else if (action === "removeEntry") apply(removeEntry(data, index(target)));
      else if (action === "removeGroup") apply(removeGroup(data, index(target)));
      else if (action === "addGroup") {
        groupsMade += 1;
        apply(addGroup(data, `new${groupsMade}`, `Group ${data.groups.length + 1}`));
      } else return false;
      return true;
    },
    change(form) {
      const values = Object.fromEntries(new FormData(form).entries());
      const typed = typeof values.name === "string" ? values.name.trim() : "";
      if (typed !== "") name = typed;
      apply(encounterFromForm(data, values));
    },
  };
}
