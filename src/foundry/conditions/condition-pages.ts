/**
 * Each condition's page in the conditions journal pack (packs/conditions, written by
 * scripts/content/conditions.ts with these very ids), as the UUID its status effect links. dnd5e links
 * its conditions the same way: `CONFIG.DND5E.conditionTypes[id].reference` (and the status effects it
 * builds from them) hold the UUID of a text page of the "Conditions" journal in its rules compendium;
 * Foundry's own Crucible system keeps such a page UUID on each `CONFIG.statusEffects` entry too.
 *
 * Pure data: no Foundry globals, so the content script reads it as well.
 */
import type { ConditionId } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The pack's one JournalEntry, "Conditions". */
export const CONDITIONS_JOURNAL_ID = "tCZnGTSKFqIKfEla";

/** Each condition's text page in that journal. */
export const CONDITION_PAGE_IDS: Readonly<Record<ConditionId, string>> = {
  surprised: "856KiPUNhluAYumf",
  delayed: "iPpFmBnBtX4O6FFQ",
  defending: "03UCiErcjNl6dnc8",
  disengaged: "kRkaWXV3hivckyoA",
  slowed: "QKhH0Aw7so0cdRUV",
  unconscious: "QWViM17fop0asAp4",
  dying: "2VeURjn8ReeOlJQP",
  concentrating: "ztRExg0pOflSBwBk",
  hidden: "JUbRKT54iwVm7WTZ",
  casting: "nryhf6k3pv0kWpLv",
  flanked: "wUa0g5zeaCX6UtBV",
  grappled: "Gr4pp1edR0t8Page",
  knockedDown: "Kn0ckedD0wnR0t9P",
};

/** The compendium UUID of a condition's journal page. */
export function conditionReference(id: ConditionId): string {
  return `Compendium.${SYSTEM_ID}.conditions.JournalEntry.${CONDITIONS_JOURNAL_ID}.JournalEntryPage.${CONDITION_PAGE_IDS[id]}`;
}
