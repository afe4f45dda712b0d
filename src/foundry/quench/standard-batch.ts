/** Quench batch `tempo.combat.standard`: standard turn order (RULES §2) through Foundry's documents. */
import { STANDARD_ROUND_SECONDS } from "../../engine/index.ts";
import { combatBatch } from "./combat-batch.ts";

export const standardBatch = combatBatch({
  ruleset: "standard",
  // STD-1: the initiative bonus is the DEX bonus added to the d20.
  combatants: [
    { name: "Quench Standard Ash", side: "pc", initiativeBonus: 2, int: 0, agi: 0 },
    { name: "Quench Standard Birch", side: "ally", initiativeBonus: -1, int: 0, agi: 0 },
    { name: "Quench Standard Cinder", side: "enemy", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Standard Dusk", side: "enemy", initiativeBonus: 4, int: 0, agi: 0 },
  ],
  // STD-1: d20 + DEX; STD-2 breaks ties without changing the total.
  firstInitiative: (c) => [1 + c.initiativeBonus, 20 + c.initiativeBonus],
  // STD-4: a round is 5 seconds.
  roundSeconds: () => STANDARD_ROUND_SECONDS,
});
