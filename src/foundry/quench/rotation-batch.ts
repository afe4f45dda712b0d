/** Quench batch `tempo.combat.rotation`: rotations (RULES §5) through Foundry's documents. */
import { ROTATION_SECONDS } from "../../engine/index.ts";
import { combatBatch } from "./combat-batch.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";
import { rotationGroupSteps } from "./rotation-groups-steps.ts";

const rotationCombat = combatBatch({
  ruleset: "rotation",
  // ROT-1: the initiative bonus is the sum of the creature's modifiers.
  combatants: [
    { name: "Quench Rotation Ash", side: "pc", initiativeBonus: 1, int: 0, agi: 0 },
    { name: "Quench Rotation Birch", side: "pc", initiativeBonus: 3, int: 0, agi: 0 },
    { name: "Quench Rotation Cinder", side: "enemy", initiativeBonus: 0, int: 0, agi: 0 },
    { name: "Quench Rotation Dusk", side: "enemy", initiativeBonus: 2, int: 0, agi: 0 },
  ],
  // ROT-1: d20 + modifiers; ROT-2: a tie's winners add +0.5, +0.25 … (less than 1 in all).
  firstInitiative: (c) => [1 + c.initiativeBonus, 21 + c.initiativeBonus],
  // ROT-3: a rotation is 6 seconds.
  roundSeconds: () => ROTATION_SECONDS,
});

/** The shared combat scenario, then the group steps (ROT-5, rotation-groups-steps.ts). */
export const rotationBatch: QuenchBatchFunction = async (context) => {
  await rotationCombat(context);
  rotationGroupSteps(context);
};
