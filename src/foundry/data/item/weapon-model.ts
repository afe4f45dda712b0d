/**
 * System data of a `weapon` Item: its damage formula, the properties the rulesets read (CNT-7 delays,
 * CNT-16 Great, FEAT-* feats) and its AP cost (AP-1; `null` for a weapon without one, AP-2).
 */
function defineWeaponSchema() {
  const fields = foundry.data.fields;
  const flag = () => new fields.BooleanField({ required: true, initial: false });
  return {
    damage: new fields.StringField({ required: true, blank: false, initial: "1d6" }),
    properties: new fields.SchemaField({
      heavy: flag(),
      thrown: flag(),
      great: flag(),
      reach: flag(),
      versatile: flag(),
    }),
    apCost: new fields.NumberField({ required: true, nullable: true, integer: true, positive: true, initial: null }),
  };
}

type WeaponSchema = ReturnType<typeof defineWeaponSchema>;

export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }
}
