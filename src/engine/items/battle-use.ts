/**
 * PHS-7: which of the battle turn's actions using an item from the sheet is.
 *
 * **Ruling (PHS-7, issue 19):** the rule names Attack and Activate Item. Using a weapon is the Attack
 * (rolled through the attack flow). Activate Item is using any other item a creature can use: a spell (cast),
 * a gear item (a potion, a scroll, a tool; with charges or without) and a battle power whose action is
 * Activate Item. Armor, feats and movement powers are not used as a battle action (a movement power is the
 * movement phase's, PHS-5; a battle power used as Defend, Disengage or Delay is that action of the tracker).
 * What the item then does (a charge used, its effect) is for the GM to apply: the rule spends the action.
 */
import type { PhaseUseAction } from "../initiative/phase/types.ts";
import type { ItemType, PowerStats } from "./item-types.ts";

/** The battle action using the item is, or null when it is not used as one (`power`: a power's stats). */
export function itemBattleUse(type: ItemType, power: PowerStats | null): PhaseUseAction | null {
  switch (type) {
    case "weapon":
      return "attack";
    case "spell":
    case "gear":
      return "activateItem";
    case "power":
      return power !== null && power.kind === "battle" && power.action === "activateItem" ? "activateItem" : null;
    default:
      return null;
  }
}
