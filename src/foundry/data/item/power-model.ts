/**
 * System data of a `power` Item of the phase ruleset: a movement power (PHS-5: squares, provokes,
 * straight line; the GM edits the distances) or a battle power (PHS-7: the battle action it is used as).
 * Validation (a negative or fractional distance is refused) and `system.derived` are the engine's.
 */
import {
  BATTLE_ACTIONS,
  ITEM_DEFAULTS,
  POWER_KINDS,
  powerDerived,
  validatePowerStats,
  type PowerDerived,
  type PowerStats,
} from "../../../engine/index.ts";
import { refuseProblems } from "./item-refusal.ts";

const DEFAULTS = ITEM_DEFAULTS.power;

function definePowerSchema() {
  const fields = foundry.data.fields;
  const flag = (initial: boolean) => new fields.BooleanField({ required: true, initial });
  return {
    kind: new fields.StringField({ required: true, choices: [...POWER_KINDS], initial: DEFAULTS.kind }),
    squares: new fields.NumberField({ required: true, nullable: false, integer: true, initial: DEFAULTS.squares }),
    provokes: flag(DEFAULTS.provokes),
    straightLine: flag(DEFAULTS.straightLine),
    action: new fields.StringField({ required: true, choices: [...BATTLE_ACTIONS], initial: DEFAULTS.action }),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

type PowerSchema = ReturnType<typeof definePowerSchema>;

export class PowerModel extends foundry.abstract.TypeDataModel<PowerSchema, Item.Implementation> {
  static override defineSchema(): PowerSchema {
    return definePowerSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    refuseProblems(validatePowerStats(data));
  }

  /** Derived on every prepare, never stored. */
  derived: PowerDerived = powerDerived(DEFAULTS);

  get stats(): PowerStats {
    return {
      kind: POWER_KINDS.find((k) => k === this.kind) ?? DEFAULTS.kind,
      squares: this.squares,
      provokes: this.provokes,
      straightLine: this.straightLine,
      action: BATTLE_ACTIONS.find((a) => a === this.action) ?? DEFAULTS.action,
    };
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = powerDerived(this.stats);
  }
}
