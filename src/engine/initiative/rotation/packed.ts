/**
 * The stored form of a rotation state (issue 17): the state as it is, but its pending rolls packed
 * (shared/packed-rolls.ts) when they are the rolls the scheduler asks for in roster order (a unit rolls
 * through its first member). `unpackRotationState` gives the state back exactly; anything it cannot
 * unpack is left for `parseRotationState` to refuse.
 */
import type { Json } from "../../storage/stored-json.ts";
import { d20Roll } from "../shared/linear-commands.ts";
import { own } from "../shared/round-order.ts";
import { packIdsWith, packRolls, type RollPacking } from "../shared/packed-rolls.ts";
import { unpackLinear } from "../shared/linear-reads.ts";
import { ROTATION_ROLL_REASONS, rotationUnitKey, type RotationPendingRoll, type RotationState } from "./state.ts";
import type { StoreMemo } from "../../storage/store-memo.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { rotationReadsOf } from "./read-memo.ts";

function packing(state: Pick<RotationState, "combatants">): RollPacking<RotationPendingRoll> {
  return {
    prefix: "rot",
    kinds: ["initiative", "contest"],
    // ROT-1, ROT-2, ROT-4, ROT-5: the scheduler's `requestRoll` for the unit whose first member this is.
    rebuild: (id, kind, requestId) => {
      const c = own(state.combatants, id);
      if (c === undefined) return null;
      const modifier = kind === "initiative" ? c.modifier : 0;
      const roll = d20Roll(requestId, c.id, c.groupId, modifier, ROTATION_ROLL_REASONS[kind]);
      return { ...roll, kind, unit: rotationUnitKey(c) };
    },
  };
}

/** The stored form of `state`. */
export function packRotationState(state: RotationState, memo?: StoreMemo): Json {
  const roster = Object.keys(state.combatants);
  const rolls = packRolls(state.rolls, roster, packing(state));
  return {
    ...(state as unknown as { readonly [key: string]: Json }),
    rolls,
    order: packIdsWith(state.order, roster, memo),
  };
}

/**
 * A stored rotation state with its rolls unpacked (other values as they are). `memo` (issue 17, read-memo.ts):
 * the same stored order and rolls over the same roster (the same objects a read built) give what they gave.
 */
export function unpackRotationState(
  value: Readonly<Record<string, unknown>>,
  memo?: RowsMemo,
): Readonly<Record<string, unknown>> {
  const combatants = value.combatants;
  if (typeof combatants !== "object" || combatants === null) return value;
  const record = combatants as RotationState["combatants"];
  return unpackLinear(value, combatants, rotationReadsOf(memo), () => packing({ combatants: record }));
}
