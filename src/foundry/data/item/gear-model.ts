/**
 * System data of a `gear` Item: quantity, weight and charges (never more left than the maximum).
 * Validation and `system.derived` are the engine's.
 */
import {
  gearDerived,
  ITEM_DEFAULTS,
  validateItemStats,
  type GearDerived,
  type GearStats,
} from "../../../engine/index.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.gear;

function defineGearSchema() {
  const fields = foundry.data.fields;
  const whole = (initial: number) =>
    new fields.NumberField({ required: true, nullable: false, integer: true, initial });
  return {
    quantity: whole(DEFAULTS.quantity),
    weight: new fields.NumberField({ required: true, nullable: false, initial: DEFAULTS.weight }),
    uses: new fields.SchemaField({ value: whole(DEFAULTS.uses.value), max: whole(DEFAULTS.uses.max) }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type GearSchema = ReturnType<typeof defineGearSchema>;

export class GearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override defineSchema(): GearSchema {
    return defineGearSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validateItemStats("gear", data));
  }

  /** Derived on every prepare, never stored. */
  derived: GearDerived = gearDerived(DEFAULTS);

  get stats(): GearStats {
    return { quantity: this.quantity, weight: this.weight, uses: { ...this.uses } };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = gearDerived(this.stats);
  }
}
