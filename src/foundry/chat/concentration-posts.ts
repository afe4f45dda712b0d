/**
 * SEG-10: after damage is applied (apply-damage.ts), on the client that applied it, a concentration
 * check card for each creature that took damage while concentrating or casting (which checks are due is
 * decided by src/view/chat/event-cards.ts). The ruleset is the actor's Tempo combat's, else the world's.
 */
import type { RulesetId } from "../../engine/index.ts";
import type { AppliedDamage } from "../../view/chat/damage-applied.ts";
import { concentrationCard, concentrationCheckDue } from "../../view/chat/event-cards.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { actorConditions } from "../conditions/actor-conditions.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { cardAudience, effectsOf } from "./event-card-posts.ts";
import { postCard } from "./post-card.ts";

function concentrationName(actor: Actor.Implementation): string {
  for (const effect of effectsOf(actor)) {
    const statuses = effect.statuses;
    const held = statuses instanceof Set && (statuses.has("concentrating") || statuses.has("casting"));
    if (held && typeof effect.name === "string") return effect.name;
  }
  return actor.name;
}

/** SEG-10: after Apply, a concentration check card for each creature hurt while concentrating or casting. */
export async function postConcentrationChecks(
  records: readonly AppliedDamage[],
  actors: readonly Actor.Implementation[],
): Promise<void> {
  for (const record of records) {
    const actor = actors.find((a) => a.uuid === record.actorUuid);
    if (actor === undefined) continue;
    const found = actorCombatOf(actor);
    const model = found === null ? null : tempoModelOf(found.combat);
    const ruleset: RulesetId = model?.host.id ?? game.settings.get(SYSTEM_ID, "ruleset");
    const due = concentrationCheckDue(ruleset, actorConditions(actor), record.before, record.after);
    if (due === null) continue;
    const hidden = found?.combat.combatants.get(found.combatantId)?.hidden === true;
    const { combatantId = "", combat = null } = found ?? {};
    const card = concentrationCard(combatantId, actor.name, concentrationName(actor), due.casting, hidden);
    await postCard(card.card, { combatId: combat?.id ?? null, ...cardAudience(card.gmOnly, combat, actor) });
  }
}
