/**
 * SEG-10 "Concentration ends when the creature takes damage": after damage is applied (apply-damage.ts), on
 * the client that applied it, each creature that took damage while concentrating or casting loses it outright,
 * with no check (engine `damageEndsConcentration`): a spell being cast fails and is lost as if cast, also one
 * whose declaration was not yet revealed (conditions/break-concentration.ts writes it). The ruleset is the
 * actor's Tempo combat's, else the world's.
 */
import { damageEndsConcentration, type RulesetId } from "../../engine/index.ts";
import type { AppliedDamage } from "../../view/chat/damage-applied.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { breakConcentration, concentrationHeld } from "../conditions/break-concentration.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** SEG-10: after Apply, the concentration of each creature the damage hurt ends. */
export async function endConcentrationOnDamage(
  records: readonly AppliedDamage[],
  actors: readonly Actor.Implementation[],
): Promise<void> {
  for (const record of records) {
    const actor = actors.find((a) => a.uuid === record.actorUuid);
    if (actor === undefined) continue;
    const found = actorCombatOf(actor);
    const ruleset: RulesetId =
      (found === null ? null : tempoModelOf(found.combat)?.host.id) ?? game.settings.get(SYSTEM_ID, "ruleset");
    const { before, after } = record;
    const hurt = after.hp < before.hp || after.overshield < before.overshield;
    if (damageEndsConcentration(ruleset, concentrationHeld(actor).held, hurt) === null) continue;
    await breakConcentration(actor, { key: "TEMPO.CONDITIONS.ConcentrationLost.Damage" });
  }
}
