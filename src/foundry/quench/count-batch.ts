/** Quench batch `tempo.combat.count`: the count-up track (RULES §1) through Foundry's documents. */
import { combatBatch } from "./combat-batch.ts";

export const countBatch = combatBatch({
  ruleset: "count",
  // CNT-1: the initiative bonus is all the track reads of a creature.
  combatants: [
    { name: "Quench Count Ash", side: "pc", initiativeBonus: 3, int: 0, agi: 0 },
    { name: "Quench Count Birch", side: "pc", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Count Cinder", side: "enemy", initiativeBonus: 1, int: 0, agi: 0 },
    { name: "Quench Count Dusk", side: "enemy", initiativeBonus: 2, int: 0, agi: 0 },
  ],
  // CNT-2, CNT-4: 1d20 − bonus is the count, tracked from 0 (a result below it keeps the surprise) to 19.
  firstInitiative: (c) => [Math.max(0, 1 - c.initiativeBonus), Math.min(19, 20 - c.initiativeBonus)],
  // TIME-1: the track leaves rounds untimed; the combat's "Seconds per round" gives their length.
  roundSeconds: (options) => options.roundSeconds,
});
