/**
 * ROT-10: forced movement (a push or a pull) provokes where the ruleset says (engine threat.ts
 * FORCED_MOVEMENT_PROVOKES: rotation yes, the others no). A GM's script moves a token as forced with
 * `CONFIG.TEMPO.movement.forcedMove(token, waypoints)`: core's `TokenDocument#move` with Tempo's update
 * option `tempoForced`, which reaches every client's `moveToken` in the update operation ("The update
 * operation that contains the movement", https://foundryvtt.com/api/functions/hookEvents.moveToken.html;
 * v13's movement keeps it as `updateOptions`, "The update options of the movement operation",
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementData.html).
 * Only a GM's move is taken as forced (a player cannot turn its own move into a push). A forced move spends
 * none of the creature's own movement: the active GM leaves it out of its record (landed-move.ts).
 */
import { showNotice } from "../notice.ts";

const FORCED = "tempoForced";

type Movable = { move(waypoints: readonly object[], options: object): Promise<unknown> };

/** The move was a GM's forced move (read from the update operation or the movement's update options). */
export function isForcedMove(operation: unknown, movement: unknown, user: { readonly isGM: boolean }): boolean {
  if (!user.isGM) return false;
  const flagged = (source: unknown): boolean =>
    typeof source === "object" && source !== null && Reflect.get(source, FORCED) === true;
  const updateOptions: unknown =
    typeof movement === "object" && movement !== null ? Reflect.get(movement, "updateOptions") : null;
  return flagged(operation) || flagged(updateOptions);
}

/**
 * ROT-10: moves `token` (a Token or its TokenDocument) through `waypoints` as forced movement. GM only:
 * a player is told why and nothing moves. Resolves to whether the move was made.
 */
export async function forcedMove(token: unknown, waypoints: readonly { x: number; y: number }[]): Promise<boolean> {
  if (!game.user.isGM) {
    showNotice({ key: "TEMPO.MOVEMENT.ForcedGmOnly", data: {} });
    return false;
  }
  const document: unknown =
    typeof token === "object" && token !== null && "document" in token ? Reflect.get(token, "document") : token;
  if (typeof document !== "object" || document === null || typeof Reflect.get(document, "move") !== "function")
    return false;
  const moved = await (document as Movable).move(waypoints, { [FORCED]: true, method: "api" });
  return moved === true;
}
