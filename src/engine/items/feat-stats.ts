/** `feat` items: the feats the count ruleset names (FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE). */
import type { I18nKey } from "../core/result.ts";
import { canCharge, canCleave, effectiveProperties } from "../damage/weapon-features.ts";
import type { WeaponProperty } from "../damage/weapon-properties.ts";
import { ProblemList, type ItemProblem } from "./item-problem.ts";
import { FEAT_KEYS, type FeatKey, type FeatStats } from "./item-types.ts";

/** One feat: its rule and its name. */
export interface FeatRule {
  readonly rule: "FEAT-CLEAVE" | "FEAT-CHARGED" | "FEAT-VERSATILE";
  readonly label: I18nKey;
}

export const FEAT_RULES: Readonly<Record<FeatKey, FeatRule>> = {
  cleave: { rule: "FEAT-CLEAVE", label: "TEMPO.ITEMS.Feat.Cleave" },
  chargedAttack: { rule: "FEAT-CHARGED", label: "TEMPO.ITEMS.Feat.ChargedAttack" },
  versatileMaster: { rule: "FEAT-VERSATILE", label: "TEMPO.ITEMS.Feat.VersatileMaster" },
};

export type FeatDerived = FeatRule;

/** Every problem of a feat's stats: the key must be one of the feats the rules name. */
export function validateFeatStats(source: Readonly<Record<string, unknown>>): ItemProblem[] {
  const list = new ProblemList();
  list.choice("feat", source.feat, FEAT_KEYS);
  return list.problems;
}

/**
 * Whether a feat can be used with a weapon of these properties: Cleave needs Heavy or Great, a charged
 * attack Heavy, Great or Thrown, Versatile Master a Versatile weapon (held in two hands it counts as Heavy,
 * so it can also cleave then).
 */
export function featAppliesTo(feat: FeatKey, properties: readonly WeaponProperty[], twoHanded = false): boolean {
  const held = effectiveProperties({ die: "1d4", properties }, twoHanded);
  const props = held.ok ? held.value : properties;
  switch (feat) {
    case "cleave":
      return canCleave(props);
    case "chargedAttack":
      return canCharge(props);
    case "versatileMaster":
      return props.includes("versatile");
  }
}

export function featDerived(stats: FeatStats): FeatDerived {
  return FEAT_RULES[stats.feat];
}
