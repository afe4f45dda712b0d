/**
 * System data of a `feat` Item: which feat the rules name it grants (`feat`: cleave, chargedAttack,
 * versatileMaster; FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE). `system.derived` holds its rule ID and label.
 */
import {
  FEAT_KEYS,
  featDerived,
  ITEM_DEFAULTS,
  validateItemStats,
  type FeatDerived,
  type FeatStats,
} from "../../../engine/index.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.feat;

function defineFeatSchema() {
  const fields = foundry.data.fields;
  return {
    feat: new fields.StringField({ required: true, choices: [...FEAT_KEYS], initial: DEFAULTS.feat }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type FeatSchema = ReturnType<typeof defineFeatSchema>;

export class FeatModel extends foundry.abstract.TypeDataModel<FeatSchema, Item.Implementation> {
  static override defineSchema(): FeatSchema {
    return defineFeatSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validateItemStats("feat", data));
  }

  /** Derived on every prepare, never stored. */
  derived: FeatDerived = featDerived(DEFAULTS);

  get stats(): FeatStats {
    return { feat: FEAT_KEYS.find((k) => k === this.feat) ?? DEFAULTS.feat };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = featDerived(this.stats);
  }
}
