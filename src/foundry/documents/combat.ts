import { compareCountOrder } from "../../engine/initiative/index.ts";
import { CountCombatModel } from "../data/combat/count-combat-model.ts";
import { countOrderEntry } from "../data/combatant/count-order-entry.ts";
import { newCombatType } from "../new-combat-type.ts";

/**
 * Tempo's Combat document. Each ruleset is a Combat subtype; the subtype decides the turn order.
 * A new combat without a type gets the world's default ruleset; an existing one keeps its own.
 *
 * `_sortCombatants` never reads `this`: it may be handed to `Array#sort` as a bare function, so the
 * combat is found through the combatants' parent instead.
 */
export class TempoCombat extends Combat {
  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (this.type !== "base") return undefined;
    const type = newCombatType();
    if (type !== null) this.updateSource({ type });
    return undefined;
  }

  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    if (a.parent?.system instanceof CountCombatModel) return compareCountCombatants(a, b);
    return super._sortCombatants(a, b);
  }
}

/** CNT-2, CNT-5: the engine's track order; combatants without a count yet come last, by id. */
function compareCountCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
  const x = countOrderEntry(a);
  const y = countOrderEntry(b);
  if (x !== null && y !== null) return compareCountOrder(x, y);
  if (x !== null) return -1;
  if (y !== null) return 1;
  const ia = a.id ?? "";
  const ib = b.id ?? "";
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}
