/**
 * The combat the sheet preview's sample actors fight in: the tracker preview's sample encounter of the
 * chosen ruleset, started and rolled (preview-opening.ts), with the sample character as Ilsa and the NPC
 * as the Ogre. The sheet reads it through the tracker's own input (preview-tracker-input.ts).
 */
import type { RulesetId } from "../engine/index.ts";
import type { SheetCombat } from "../view/sheets/sheet-input.ts";
import { PreviewCombat } from "./preview-combat.ts";
import { playPreviewOpening } from "./preview-opening.ts";
import { previewTrackerInput } from "./preview-tracker-input.ts";
import { previewCombatants } from "./sample-encounters.ts";

const SEED = 20261121;

/** A fresh sample encounter of `ruleset`, started, its opening played and every initiative rolled. */
export function sampleSheetEncounter(ruleset: RulesetId): PreviewCombat {
  const combat = new PreviewCombat(ruleset, previewCombatants(null, ruleset), SEED);
  combat.run({ type: "start" });
  playPreviewOpening(combat, ruleset, null);
  combat.roll(() => true);
  return combat;
}

/** The sheet's view of `combat` for the combatant `combatantId`, as the GM sees it. */
export function sheetCombatOf(combat: PreviewCombat, combatantId: string, isGM = true): SheetCombat {
  return { input: previewTrackerInput(combat, { isGM }), combatantId };
}
