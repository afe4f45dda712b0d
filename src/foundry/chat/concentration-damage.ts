/**
 * SEG-10 "Concentration ends when the creature takes damage": after damage is applied (apply-damage.ts), each
 * creature that took damage (hit points or overshield) loses its concentration outright, with no check: a
 * spell being cast fails and is lost as if cast, also one whose declaration was not yet revealed. The engine
 * decides, and the write is made, on the active GM's client whoever pressed Apply (a player applying to its
 * own creatures asks the GM: conditions/concentration-ends.ts).
 */
import type { AppliedDamage } from "../../view/chat/damage-applied.ts";
import { endConcentrationAfter } from "../conditions/concentration-ends.ts";

/** SEG-10: after Apply, the concentration of each creature the damage hurt ends. */
export async function endConcentrationOnDamage(
  records: readonly AppliedDamage[],
  actors: readonly Actor.Implementation[],
): Promise<void> {
  for (const record of records) {
    const actor = actors.find((a) => a.uuid === record.actorUuid);
    const { before, after } = record;
    const hurt = after.hp < before.hp || after.overshield < before.overshield;
    if (actor !== undefined && hurt) await endConcentrationAfter(actor, "damage");
  }
}
