/**
 * STD-8: "If you are not next to a swimmable body of water after expending your 30ft of walking, you must
 * stop and cannot spend your remaining 15ft of swim speed" (seed 001). Swimming needs water.
 * **Ruling:** where the scene marks water (the GM's water Regions, the same ones SEG-18's line of effect
 * reads), a stretch of a move in the swim mode fits only when every square it enters lies in the water: a
 * creature next to the water may swim into it; one that is not must stop (its swim speed is of no use
 * there). A scene with no water marked is not checked (the GM has not drawn any: the mover's choice of
 * swimming stands, as before). Other modes never need water. The Foundry layer says which squares lie in
 * the water (canvas/water-regions.ts); this decides.
 */
import type { Message } from "../core/result.ts";
import { movementModeOf } from "./movement-budget.ts";

/** One stretch of a move: its movement action, and whether each square it enters lies in the water. */
export interface WaterLeg {
  readonly mode: string;
  readonly inWater: readonly boolean[];
}

/**
 * STD-8: why the move cannot swim where it does (`Movement.SwimNeedsWater`, with the first square left of
 * water, counted from the move's start), or null. `legs` null: the scene marks no water.
 */
export function swimWaterRefusal(legs: readonly WaterLeg[] | null): Message | null {
  if (legs === null) return null;
  let entered = 0;
  for (const leg of legs) {
    for (const wet of leg.inWater) {
      entered++;
      if (!wet && movementModeOf(leg.mode) === "swim")
        return { key: "TEMPO.ERRORS.Movement.SwimNeedsWater", data: { square: entered } };
    }
  }
  return null;
}
