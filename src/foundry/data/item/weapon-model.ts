/**
 * System data of a `weapon` Item: its damage formula, the properties the rulesets read (CNT-7 delays,
 * CNT-16 Great, FEAT-* feats, Light), its pacing (AP-1 AP cost, `null` for none; AP-2 constant damage),
 * its weapon speed (SEG-4), proficiency group (ATK-ROT-1), the kind of damage it deals (DR-1) and the
 * attacks it makes in its creature's attack routine (SEG-16 ruling, `routineWeapons`).
 *
 * Validation is the engine's (`validateWeaponStats`): a bad value refuses the whole write with a localized
 * message. `migrateData` brings weapons stored before issue 10 (or before `damageKind`) up to this shape.
 * `routineAttacks` is a field, not an item flag, so that the model validates it and the sheet edits it; a
 * weapon without it gets null (in no routine unless natural). The item flag `flags.tempo.routineAttacks` it
 * replaces was never released (on main only, issue 19) and is not migrated: this `migrateData` migrates the
 * `system` data, not an item's flags. Derived values
 * (`system.derived`, never stored) come from the rule functions, with the owner's AP and modifier.
 */
import {
  ITEM_DEFAULTS,
  migrateItemSource,
  validateItemStats,
  weaponDerived,
  type WeaponDerived,
  type WeaponStats,
} from "../../../engine/index.ts";
import { itemOwnerOf } from "./item-owner.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.weapon;

function defineWeaponSchema() {
  const fields = foundry.data.fields;
  const flag = (initial: boolean) => new fields.BooleanField({ required: true, initial });
  const flags = DEFAULTS.properties;
  return {
    damage: new fields.StringField({ required: true, blank: false, initial: DEFAULTS.damage }),
    properties: new fields.SchemaField({
      heavy: flag(flags.heavy),
      thrown: flag(flags.thrown),
      great: flag(flags.great),
      reach: flag(flags.reach),
      versatile: flag(flags.versatile),
      light: flag(flags.light),
    }),
    apCost: new fields.NumberField({ required: true, nullable: true, integer: true, initial: DEFAULTS.apCost }),
    constantDamage: flag(DEFAULTS.constantDamage),
    speed: new fields.NumberField({ required: true, nullable: false, integer: true, initial: DEFAULTS.speed }),
    group: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.group }),
    // DR-1: no field `choices`: the engine refuses an unknown kind with its localized message (validateJoint);
    // the sheet offers the engine's DAMAGE_KINDS.
    damageKind: new fields.StringField({ required: true, blank: false, initial: DEFAULTS.damageKind }),
    // OSH-2: the statuses a hit applies; the engine checks the list (validateJoint).
    statuses: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.statuses }),
    statusesBypassShield: flag(DEFAULTS.statusesBypassShield),
    // SEG-16 (ruling): the attacks it makes in its creature's routine; null: none unless natural. No field
    // `min`: the engine refuses 0 or a fraction with its localized message (validateJoint).
    routineAttacks: new fields.NumberField({ required: true, nullable: true, initial: DEFAULTS.routineAttacks }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type WeaponSchema = ReturnType<typeof defineWeaponSchema>;

export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(migrateItemSource("weapon", source));
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validateItemStats("weapon", data));
  }

  /** Derived on every prepare, never stored. */
  derived: WeaponDerived = weaponDerived(DEFAULTS);

  /** The stored fields as the engine reads them. */
  get stats(): WeaponStats {
    return {
      damage: this.damage,
      properties: { ...this.properties },
      apCost: this.apCost,
      constantDamage: this.constantDamage,
      speed: this.speed,
      group: this.group,
      damageKind: this.damageKind,
      statuses: this.statuses,
      statusesBypassShield: this.statusesBypassShield,
      routineAttacks: this.routineAttacks,
    };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = weaponDerived(this.stats, itemOwnerOf(this.parent));
  }
}
