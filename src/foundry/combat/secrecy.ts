/**
 * Issue 18 item 3: which of a combat's creatures the published state keeps secrets of
 * (engine/host/published.ts): those no player owns (`hasPlayerOwner`, API v13 Combatant) and the
 * hidden ones (`combatant.hidden`). Looked up only for the creatures a ruleset asks about (issue 17:
 * a step at 1,000 creatures must not test every creature's ownership).
 */
import type { Secrecy } from "../../engine/index.ts";

export function secrecyOf(combat: Combat.Implementation): Secrecy {
  const of = (id: string) => combat.combatants.get(id);
  return {
    gmOnly: { has: (id) => of(id)?.hasPlayerOwner === false },
    hidden: { has: (id) => of(id)?.hidden === true },
  };
}
