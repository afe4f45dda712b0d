/** `armor` items: AC bonus, Armor (ATK-ROT-1), DR (DR-1) and the time it takes to put on (ACT-ROT). */
import { ROTATION_TASK_COST, type RotationActionKind } from "../actions/rotation-actions.ts";
import { DR_FAMILIES } from "../damage/damage-kinds.ts";
import { NO_DR, validateDr } from "../damage/damage-reduction.ts";
import { ProblemList, type ItemProblem } from "./item-problem.ts";
import { ARMOR_CATEGORIES, type ArmorStats } from "./item-types.ts";

export interface ArmorDerived {
  /** ACT-ROT: the actions putting it on costs (light a Full action, medium 2, heavy the whole turn); null for a shield. */
  readonly donCost: RotationActionKind | null;
}

/** DR-1, ATK-ROT-1: every problem of an armor's stats. */
export function validateArmorStats(source: Readonly<Record<string, unknown>>): ItemProblem[] {
  const list = new ProblemList();
  list.choice("category", source.category, ARMOR_CATEGORIES);
  list.whole("acBonus", source.acBonus, Number.MIN_SAFE_INTEGER);
  list.whole("armor", source.armor, 0);
  list.flag("equipped", source.equipped);
  const dr = source.dr;
  if (list.record("dr", dr)) {
    for (const family of DR_FAMILIES) {
      const value = dr[family];
      if (typeof value !== "number")
        list.add(`dr.${family}`, "TEMPO.ERRORS.Damage.InvalidDr", { value: String(value) });
      else list.fromResult(`dr.${family}`, validateDr({ ...NO_DR, [family]: value }));
    }
  }
  return list.problems;
}

const DON_TASK = { light: "lightArmor", medium: "mediumArmor", heavy: "heavyArmor" } as const;

/** The derived values of sound armor stats. */
export function armorDerived(stats: ArmorStats): ArmorDerived {
  return { donCost: stats.category === "shield" ? null : ROTATION_TASK_COST[DON_TASK[stats.category]] };
}
