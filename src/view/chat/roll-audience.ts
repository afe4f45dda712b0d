/**
 * Who sees a roll of the engine's dice requests on a click's initiative summary card (issue 18 item 5):
 * a side's group roll and a player's creature's roll go on the card everyone sees; another creature's
 * (an NPC, or one no longer in the combat) on the card whispered to the GMs, as core's own initiative
 * treats NPC combatants; a hidden creature's on neither, because a card whispered to the GMs still
 * reaches every client (foundryvtt/foundryvtt #14429) and a total tells the creature's place. The GM
 * reads a hidden creature's value on the tracker.
 */

/** The roller of a request, as far as the card's audience goes. */
export type Roller =
  | { readonly kind: "group" }
  | { readonly kind: "gone" }
  | { readonly kind: "creature"; readonly hidden: boolean; readonly playerOwned: boolean };

/** Which card a roll goes on: the public one, the GMs' one, or none. */
export type RollAudience = "everyone" | "gm" | "none";

export function rollAudience(roller: Roller): RollAudience {
  if (roller.kind === "group") return "everyone";
  if (roller.kind === "gone") return "gm";
  if (roller.hidden) return "none";
  return roller.playerOwned ? "everyone" : "gm";
}
