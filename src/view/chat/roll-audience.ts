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
  | {
      readonly kind: "creature";
      readonly hidden: boolean;
      readonly playerOwned: boolean;
      /** A tie roll only hidden creatures called for. */
      readonly secret?: boolean;
    };

/** Which card a roll goes on: the public one, the GMs' one, or none. */
export type RollAudience = "everyone" | "gm" | "none";

export function rollAudience(roller: Roller): RollAudience {
  if (roller.kind === "group") return "everyone";
  if (roller.kind === "gone") return "gm";
  if (roller.hidden || roller.secret === true) return "none";
  return roller.playerOwned ? "everyone" : "gm";
}

/**
 * Who sees a use's card about one target (FEAT-CLEAVE and every area; ruling in engine damage/areas.ts):
 * the card about a creature hidden from players goes to the GMs only, speaking as the combat and naming
 * the creature by reference (a whisper still reaches every client, #14429 above), and blind to a player
 * who rolled it, so the player's own page shows nothing of it either; any other card as the user chose.
 */
export interface TargetCardAudience {
  readonly gmOnly: boolean;
  readonly blind: boolean;
}

export function targetCardAudience(targetHidden: boolean, rollerIsGm: boolean): TargetCardAudience {
  return { gmOnly: targetHidden, blind: targetHidden && !rollerIsGm };
}

/**
 * The targets in the order their cards are posted: those the roller's players see first, so that a
 * cleave's one attack roll and one damage roll ride on a card everyone sees (the further cards link it),
 * never on a card only the GMs may read.
 */
export function seenTargetsFirst<T>(targets: readonly T[], hidden: (target: T) => boolean): T[] {
  return [...targets.filter((t) => !hidden(t)), ...targets.filter(hidden)];
}
