/** `gear` items: quantity, weight and charges. */
import { ROTATION_TASK_COST, type RotationActionKind } from "../actions/rotation-actions.ts";
import { ProblemList, type ItemProblem } from "./item-problem.ts";
import type { GearStats } from "./item-types.ts";

export interface GearDerived {
  /** ACT-ROT: using an item is a Swift action in rotations. */
  readonly useCost: RotationActionKind;
  /** No charges left (gear with charges only). */
  readonly spent: boolean;
}

/** Every problem of a gear item's stats; charges never exceed their maximum. */
export function validateGearStats(source: Readonly<Record<string, unknown>>): ItemProblem[] {
  const list = new ProblemList();
  list.whole("quantity", source.quantity, 0);
  list.amount("weight", source.weight, 0);
  const uses = source.uses;
  if (list.record("uses", uses)) {
    const { value, max } = uses;
    const wholeValue = list.whole("uses.value", value, 0);
    const wholeMax = list.whole("uses.max", max, 0);
    if (wholeValue && wholeMax && value > max) {
      list.add("uses.value", "TEMPO.ERRORS.Item.UsesAboveMax", { value, max });
    }
  }
  return list.problems;
}

export function gearDerived(stats: GearStats): GearDerived {
  return { useCost: ROTATION_TASK_COST.useItem, spent: stats.uses.max > 0 && stats.uses.value === 0 };
}
