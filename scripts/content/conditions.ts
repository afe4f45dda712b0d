/**
 * The conditions pack: one JournalEntry, "Conditions", with a text page per condition of the engine's
 * table (src/engine/conditions/status-table.ts), each flagged with its status id. This is how dnd5e
 * keeps its condition references: text pages of a "Conditions" entry in its rules compendium, which
 * `CONFIG.DND5E.conditionTypes[id].reference` points at (dnd5e module/config.mjs). The journal and page
 * ids are fixed (src/foundry/conditions/condition-pages.ts) because each status effect links its page.
 */
import { CONDITION_IDS, CONDITIONS, type ConditionId } from "../../src/engine/conditions/status-table.ts";
import { CONDITION_PAGE_IDS } from "../../src/foundry/conditions/condition-pages.ts";
import { paragraphs, type PageSpec } from "./documents.ts";

const NAMES: Readonly<Record<ConditionId, string>> = {
  surprised: "Surprised",
  delayed: "Delayed",
  defending: "Defending",
  disengaged: "Disengaged",
  slowed: "Slowed",
  unconscious: "Unconscious",
  dying: "Dying",
  concentrating: "Concentrating",
  hidden: "Hidden",
  casting: "Casting",
  flanked: "Flanked",
  grappled: "Grappled",
  knockedDown: "Knocked down",
};

const SUMMARIES: Readonly<Record<ConditionId, string>> = {
  surprised:
    "Takes neither actions nor reactions in the surprise round; in segment rounds it cannot make free or immediate attacks.",
  delayed:
    "Has stepped out of the order: it acts after the creature it named (phase), or always in the LOW group and loses ties (segment).",
  defending: "Attacks against it have 1 source of disadvantage until the start of its next turn.",
  disengaged:
    "Moved away without provoking; its own attacks have 1 source of disadvantage until the end of the next round.",
  slowed: "Its movement ends at once; the squares it had left are lost.",
  unconscious:
    "Sits at count 20, threatens no square and rolls death saving throws in the end step; a player character dropped from full hit points lands here at 0.",
  dying: "Unconscious and failing: rolls death saving throws in the end step and threatens no square.",
  concentrating:
    "Holds a spell or ability; taking damage, failing a save or being impeded ends it, as does starting another concentration.",
  hidden:
    "Out of sight after a Sneak roll; creatures that have not seen it are attacked with advantage (2d20, keep the higher).",
  casting:
    "A spell is pending between declaration and resolution; spending an action otherwise, or being interrupted, loses it.",
  flanked: "Each adjacent enemy beyond the first lowers its Dodge and Armor by 2.",
  grappled: "Lost a grapple: it cannot move and cannot avoid attacks until it wins a Vigor roll against the grappler.",
  knockedDown: "Tripped: knocked down at the start of its turn; it must spend an action to stand before it acts.",
};

export const CONDITION_PAGES: readonly PageSpec[] = CONDITION_IDS.map((id) => {
  const spec = CONDITIONS[id];
  return {
    id: CONDITION_PAGE_IDS[id],
    name: NAMES[id],
    content: paragraphs(SUMMARIES[id], `Rules: ${spec.rules.join(", ")}.`),
    flags: { tempo: { condition: id } },
  };
});
