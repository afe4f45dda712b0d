/** Quench batch `tempo.combat.phase`: phase rounds (RULES §3) through Foundry's documents. */
import { combatBatch } from "./combat-batch.ts";

export const phaseBatch = combatBatch({
  ruleset: "phase",
  // PHS-2: INT and AGI are what the initiative phase reads.
  combatants: [
    { name: "Quench Phase Ash", side: "pc", initiativeBonus: 0, int: 3, agi: 2 },
    { name: "Quench Phase Birch", side: "pc", initiativeBonus: 0, int: 1, agi: 4 },
    { name: "Quench Phase Cinder", side: "enemy", initiativeBonus: 0, int: 2, agi: 1 },
    { name: "Quench Phase Dusk", side: "enemy", initiativeBonus: 0, int: 0, agi: 3 },
  ],
  // PHS-2: 2d6 + INT + AGI; a roll-off orders ties without changing the total.
  firstInitiative: (c) => [2 + c.int + c.agi, 12 + c.int + c.agi],
  // TIME-1: phase rounds are untimed; the combat's "Seconds per round" gives their length.
  roundSeconds: (options) => options.roundSeconds,
});
