/**
 * System data of a `spell` Item: slot level 0–10 (CNT-8), casting time in segments (SEG-5), damage and
 * its kind (DR-1), area, concentration (CNT-10, SEG-10) and save. `migrateData` gives spells stored
 * before `damageKind` the default kind. Validation and derived values (`system.derived`: the
 * count-track delay and the segment it resolves in) are the engine's.
 */
import {
  ITEM_DEFAULTS,
  migrateItemSource,
  SPELL_AREA_SHAPES,
  SPELL_CASTING_ACTIONS,
  SPELL_USES,
  spellDerived,
  validateItemStats,
  type SpellDerived,
  type SpellStats,
} from "../../../engine/index.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.spell;

function defineSpellSchema() {
  const fields = foundry.data.fields;
  const whole = (initial: number) =>
    new fields.NumberField({ required: true, nullable: false, integer: true, initial });
  return {
    slotLevel: whole(DEFAULTS.slotLevel),
    castingTime: whole(DEFAULTS.castingTime),
    // STD-6: the Action or the Quick Action in a standard combat.
    castingAction: new fields.StringField({
      required: true,
      choices: [...SPELL_CASTING_ACTIONS],
      initial: DEFAULTS.castingAction,
    }),
    damage: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.damage }),
    // DR-1: no field `choices`: the engine refuses an unknown kind with its localized message (validateJoint);
    // the sheet offers the engine's DAMAGE_KINDS.
    damageKind: new fields.StringField({ required: true, blank: false, initial: DEFAULTS.damageKind }),
    area: new fields.SchemaField({
      shape: new fields.StringField({ required: true, choices: [...SPELL_AREA_SHAPES], initial: DEFAULTS.area.shape }),
      size: whole(DEFAULTS.area.size),
    }),
    concentration: new fields.BooleanField({ required: true, initial: DEFAULTS.concentration }),
    save: new fields.SchemaField({
      ability: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.save.ability }),
      dc: new fields.NumberField({ required: true, nullable: true, integer: true, initial: DEFAULTS.save.dc }),
    }),
    // OSH-3, OSH-5, OSH-6: what the formula does, the granted shield's ending condition; OSH-2: statuses.
    use: new fields.StringField({ required: true, choices: [...SPELL_USES], initial: DEFAULTS.use }),
    shieldCondition: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.shieldCondition }),
    statuses: new fields.StringField({ required: true, blank: true, initial: DEFAULTS.statuses }),
    statusesBypassShield: new fields.BooleanField({ required: true, initial: DEFAULTS.statusesBypassShield }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type SpellSchema = ReturnType<typeof defineSpellSchema>;

export class SpellModel extends foundry.abstract.TypeDataModel<SpellSchema, Item.Implementation> {
  static override defineSchema(): SpellSchema {
    return defineSpellSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(migrateItemSource("spell", source));
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validateItemStats("spell", data));
  }

  /** Derived on every prepare, never stored. */
  derived: SpellDerived = spellDerived(DEFAULTS);

  get stats(): SpellStats {
    const shape = SPELL_AREA_SHAPES.find((s) => s === this.area.shape) ?? "none";
    const use = SPELL_USES.find((u) => u === this.use) ?? "damage";
    const castingAction = SPELL_CASTING_ACTIONS.find((a) => a === this.castingAction) ?? "action";
    return {
      slotLevel: this.slotLevel,
      castingTime: this.castingTime,
      castingAction,
      damage: this.damage,
      damageKind: this.damageKind,
      area: { shape, size: this.area.size },
      concentration: this.concentration,
      save: { ability: this.save.ability, dc: this.save.dc },
      use,
      shieldCondition: this.shieldCondition,
      statuses: this.statuses,
      statusesBypassShield: this.statusesBypassShield,
    };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = spellDerived(this.stats);
  }
}
