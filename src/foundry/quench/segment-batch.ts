/** Quench batch `tempo.combat.segment`: segment rounds (RULES §4) through Foundry's documents. */
import { SEGMENTS_PER_ROUND, SEGMENT_SECONDS } from "../../engine/index.ts";
import { combatBatch } from "./combat-batch.ts";

export const segmentBatch = combatBatch({
  ruleset: "segment",
  // SEG-2: without a group of its own a creature fights with its side (the party, the enemies).
  combatants: [
    { name: "Quench Segment Ash", side: "pc", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Segment Birch", side: "ally", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Segment Cinder", side: "enemy", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Segment Dusk", side: "enemy", initiativeBonus: 0, int: 0, agi: 0 },
  ],
  // SEG-2: initiative is the group's d6, rolled by the GM's client when the round reaches it.
  firstInitiative: null,
  // SEG-1: a round is ten segments of 6 seconds.
  roundSeconds: () => SEGMENTS_PER_ROUND * SEGMENT_SECONDS,
});
