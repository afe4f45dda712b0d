/**
 * System data of a `count` Combat (the count-up track, RULES §1). The engine's round state will live
 * here; the subtype already decides the tracker's order (see `TempoCombat#_sortCombatants`).
 */
function defineCountCombatSchema() {
  return {};
}

type CountCombatSchema = ReturnType<typeof defineCountCombatSchema>;

export class CountCombatModel extends foundry.abstract.TypeDataModel<CountCombatSchema, Combat.Implementation> {
  static override defineSchema(): CountCombatSchema {
    return defineCountCombatSchema();
  }
}
