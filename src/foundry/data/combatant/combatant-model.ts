/**
 * System data of every Combatant (`Combatant.system`), writable by the owning player.
 * The count track (CNT-2, CNT-5) keeps the creature's count and the contest totals it has kept for
 * the encounter; `null` count means "not rolled yet".
 */
function defineCombatantSchema() {
  const fields = foundry.data.fields;
  return {
    count: new fields.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    contest: new fields.ArrayField(new fields.NumberField({ required: true, nullable: false, integer: true })),
  };
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class TempoCombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}
