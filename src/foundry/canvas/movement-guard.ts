/**
 * STD-7, STD-8, PHS-6: the world setting "movement over budget" (refuse or warn), and the active GM's
 * revert of a landed move the rules refuse (landed-move.ts judges it).
 *
 * A system runs no code on the server, so the GM cannot refuse a write the server already applied: it puts
 * the token back with a `displace` move (core's forced move: a teleport, not measured, which provokes
 * nothing; TokenMovementActionConfig `teleport`,
 * https://foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html) through
 * `TokenDocument#move` with the `undo` method (TokenMovementOptions `method`,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOptions.html), and the mover
 * is told why. The put-back move spends nothing: what a creature moved is the GM's record (turn-moves.ts),
 * which a refused move never reaches.
 */
import type { Message, TokenSpot } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { localizeMessage } from "../localize.ts";
import { sendNotice } from "../socket/socket-channel.ts";
import { withLocalizedData } from "./token-ruler.ts";

/** The table refuses a player's move over budget (else it warns). */
export function refusesOverBudget(): boolean {
  return game.settings.get(SYSTEM_ID, "movementBudget") === "refuse";
}

type Movable = { move(waypoints: readonly object[], options: object): Promise<unknown> };

/** Puts a landed move back to `to` and tells the mover `why` (active GM only). */
export async function revert(token: TokenDocument.Implementation, to: TokenSpot, moverId: string, why: Message) {
  if (token.x !== to.x || token.y !== to.y)
    await (token as unknown as Movable).move([{ x: to.x, y: to.y, action: "displace" }], {
      method: "undo",
      showRuler: false,
    });
  sendNotice(moverId, { key: "TEMPO.MOVEMENT.Reverted", data: { reason: localizeMessage(withLocalizedData(why)) } });
}

export function registerMovementGuard(): void {
  game.settings.register(SYSTEM_ID, "movementBudget", {
    scope: "world",
    config: true,
    name: "TEMPO.SETTINGS.movementBudget.name",
    hint: "TEMPO.SETTINGS.movementBudget.hint",
    type: String,
    choices: { refuse: "TEMPO.SETTINGS.movementBudget.refuse", warn: "TEMPO.SETTINGS.movementBudget.warn" },
    // Warn: a move past the budget is shown, in the ruler while dragging and in a notice, and the GM
    // rules on it. Draw Steel colours its ruler by speed and never blocks a move
    // (src/module/canvas/placeables/tokens/token-ruler.mjs), and speed-raising effects Tempo does not
    // count (a Dash, a spell) would make a refusal wrong at the table. Groups that want the rule
    // enforced choose refuse.
    default: "warn",
  });
}
