/**
 * The stored form of a standard state (issue 17): the state as it is, but its pending rolls packed
 * (shared/packed-rolls.ts) when they are the rolls the scheduler asks for in roster order — a start at
 * 300 combatants stores some 100 bytes instead of 300 requests. `unpackStandardState` gives the state
 * back exactly; anything it cannot unpack is left for `parseStandardState` to refuse.
 */
import type { Json } from "../../storage/stored-json.ts";
import { d20Roll } from "../shared/linear-commands.ts";
import { own } from "../shared/round-order.ts";
import { packIdsWith, packRolls, type RollPacking } from "../shared/packed-rolls.ts";
import { unpackLinear } from "../shared/linear-reads.ts";
import { STANDARD_ROLL_REASONS, type StandardPendingRoll, type StandardState } from "./state.ts";
import type { StoreMemo } from "../../storage/store-memo.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { standardReadsOf } from "./read-memo.ts";

function packing(state: Pick<StandardState, "combatants">): RollPacking<StandardPendingRoll> {
  return {
    prefix: "std",
    kinds: ["initiative", "tieBreak"],
    // STD-1: 1d20 + DEX; STD-2: a plain 1d20 tie-breaker (roster.ts `requestRoll`).
    rebuild: (id, kind, requestId) => {
      const c = own(state.combatants, id);
      if (c === undefined) return null;
      const modifier = kind === "initiative" ? c.dexBonus : 0;
      return { ...d20Roll(requestId, c.id, null, modifier, STANDARD_ROLL_REASONS[kind]), kind };
    },
  };
}

/** The stored form of `state`. */
export function packStandardState(state: StandardState, memo?: StoreMemo): Json {
  const roster = Object.keys(state.combatants);
  const rolls = packRolls(state.rolls, roster, packing(state));
  return {
    ...(state as unknown as { readonly [key: string]: Json }),
    rolls,
    order: packIdsWith(state.order, roster, memo),
  };
}

/**
 * A stored standard state with its rolls unpacked (other values as they are). `memo` (issue 17, read-memo.ts):
 * the same stored order and rolls over the same roster (the same objects a read built) give what they gave.
 */
export function unpackStandardState(
  value: Readonly<Record<string, unknown>>,
  memo?: RowsMemo,
): Readonly<Record<string, unknown>> {
  const combatants = value.combatants;
  if (typeof combatants !== "object" || combatants === null) return value;
  const record = combatants as StandardState["combatants"];
  return unpackLinear(value, combatants, standardReadsOf(memo), () => packing({ combatants: record }));
}
