/**
 * System data of an `armor` Item: category (ACT-ROT: how long it takes to put on), AC bonus, Armor
 * (ATK-ROT-1) and DR per family (DR-1; a negative DR is refused). Validation and `system.derived` are the
 * engine's.
 */
import {
  ARMOR_CATEGORIES,
  armorDerived,
  ITEM_DEFAULTS,
  validateItemStats,
  type ArmorDerived,
  type ArmorStats,
} from "../../../engine/index.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.armor;

function defineArmorSchema() {
  const fields = foundry.data.fields;
  const whole = (initial: number) =>
    new fields.NumberField({ required: true, nullable: false, integer: true, initial });
  return {
    category: new fields.StringField({ required: true, choices: [...ARMOR_CATEGORIES], initial: DEFAULTS.category }),
    acBonus: whole(DEFAULTS.acBonus),
    armor: whole(DEFAULTS.armor),
    dr: new fields.SchemaField({
      physical: whole(DEFAULTS.dr.physical),
      elemental: whole(DEFAULTS.dr.elemental),
      arcane: whole(DEFAULTS.dr.arcane),
    }),
    // SEG-12: a new field with a default; Foundry fills the initial value into older sources.
    equipped: new fields.BooleanField({ required: true, initial: DEFAULTS.equipped }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type ArmorSchema = ReturnType<typeof defineArmorSchema>;

export class ArmorModel extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override defineSchema(): ArmorSchema {
    return defineArmorSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validateItemStats("armor", data));
  }

  /** Derived on every prepare, never stored. */
  derived: ArmorDerived = armorDerived(DEFAULTS);

  get stats(): ArmorStats {
    return {
      category: ARMOR_CATEGORIES.find((c) => c === this.category) ?? DEFAULTS.category,
      acBonus: this.acBonus,
      armor: this.armor,
      dr: { ...this.dr },
      equipped: this.equipped,
    };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = armorDerived(this.stats);
  }
}
