/**
 * The Tempo command behind core's "next turn" control.
 *
 * v13's combat tracker shows its turn controls to a player whose combatant is acting, and the
 * arrow calls `combat.nextTurn()` on that player's client (core then writes `turn`/`round`, which a
 * player may do on its own turn). crlngn-ui's tracker code shows it: it finds the `nextTurn` and
 * `previousTurn` buttons in `nav.combat-controls` on a player's client and keys that bar on
 * `combat.combatant.isOwner`. For a Tempo combat that click is the player ending its creature's
 * turn: `endTurn`, naming the creature, so a click that arrives after the turn moved on ends
 * nobody else's turn. Everyone else's "next turn" is `next` (the GM's; refused for a player).
 */
import type { HostCommand } from "../../engine/index.ts";

export function nextTurnCommand(combat: Combat.Implementation): HostCommand {
  const acting = combat.combatant;
  if (game.user.isGM || acting === undefined || acting === null || acting.id === null || !acting.isOwner) {
    return { type: "next" };
  }
  return { type: "endTurn", combatantId: acting.id };
}
