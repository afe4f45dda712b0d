/**
 * Who looks at a card, in the view's terms: the GM, whether this user owns the creature the card asks
 * to act (a save's roller, a pending action's owner), and whether the world setting `tempo.odds` lets
 * them see odds (default: the GM only, see settings.ts).
 */
import { oddsVisibleTo, type CardViewer, type OddsVisibility } from "../../view/chat/card-common.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { referencedNameFor } from "./hidden-creature-ref.ts";
import { spellSaveTarget } from "./spell-saves.ts";

/** The combatant a card acts for, when it names one. */
export function cardCombatant(model: TempoCardModel): Combatant.Implementation | null {
  const input = model.input as { combatantId?: unknown };
  if (model.combatId === null || typeof input.combatantId !== "string") return null;
  const combat = game.combats.get(model.combatId) as Combat.Implementation | undefined;
  return combat?.combatants.get(input.combatantId) ?? null;
}

/**
 * Whether `user` owns the card's combatant (the GM always may act). A damage card is its roller's:
 * whoever may update the message (its author) may apply and undo it (apply-damage.ts checks again).
 */
export function userOwnsCard(model: TempoCardModel, user: User.Implementation): boolean {
  if (user.isGM) return true;
  if (model.card.type === "damage") return model.parent?.canUserModify(user, "update") ?? false;
  // Issue 19: a spell's save is its target's to roll (the GM's for a creature no player owns).
  const spellTarget = model.card.type === "save" ? spellSaveTarget(model) : null;
  if (spellTarget !== null) return spellTarget.testUserPermission(user, "OWNER");
  const combatant = cardCombatant(model);
  return combatant !== null && combatant.testUserPermission(user, "OWNER");
}

export function cardViewer(model: TempoCardModel, user: User.Implementation): CardViewer {
  const setting = game.settings.get(SYSTEM_ID, "odds") as OddsVisibility;
  return {
    isGM: user.isGM,
    owns: userOwnsCard(model, user),
    showOdds: oddsVisibleTo(setting, user.isGM),
    nameOf: (ref) => combatantNames(model)(ref) ?? referencedNameFor(ref, user),
  };
}

/**
 * Issue 17: a horde's initiative card names its creatures by the end of their combatant ids
 * (view/chat/initiative-pack.ts); their names are read from the card's combat when it is drawn.
 */
function combatantNames(model: TempoCardModel): (ref: string) => string | null {
  const combat = model.combatId === null ? undefined : game.combats.get(model.combatId);
  return (ref) => {
    if (combat === undefined) return null;
    const found = combat.combatants.find((c) => (c.id ?? "").endsWith(ref));
    return found?.name ?? null;
  };
}
