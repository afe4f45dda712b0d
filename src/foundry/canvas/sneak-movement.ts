/**
 * STL-4 measured on the scene: while a sneaking creature acts in a rotation combat, each movement of its
 * token is recorded in the GM's stealth watch (engine stealth-watch.ts `watchMeasuredMove`: the farthest
 * movement of the turn, and whether it flew), so its end-of-turn Sneak takes the penalties without its
 * player reporting anything. Only a move the active GM accepted counts (landed-move.ts: its distance in grid
 * units as the GM measured it again with core's `measureMovementPath`, and whether a waypoint's movement
 * `action` was `fly`, TokenMeasuredMovementWaypoint,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html); a move
 * put back counts for nothing. Only the active GM (who keeps the watch) records, in the combat's writer queue. A player's report
 * (`CONFIG.TEMPO.stealth.reportSneakMovement`) still works where nothing is measured.
 */
import { watchMeasuredMove } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { keepStealth, keptStealth } from "../conditions/stealth-store.ts";

/** The token's combatant in a rotation combat where it is acting and sneaking, if any. */
function actingSneaker(tokenId: string): { combat: Combat.Implementation; id: string } | null {
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    if (tempoModelOf(combat)?.host.id !== "rotation") continue;
    const acting = combat.combatant;
    if (acting?.tokenId !== tokenId || acting.id === null) continue;
    if (Object.hasOwn(keptStealth(combat.id ?? "").watch, acting.id)) return { combat, id: acting.id };
  }
  return null;
}

/**
 * STL-4: an accepted move of `tokenId`, `distance` grid units, flying or not, recorded in the GM's stealth
 * watch of the rotation combat where it acts and sneaks. Unqueued: the caller is the active GM's landed-move
 * judge, already inside that combat's writer queue.
 */
export function watchSneakMove(tokenId: string, distance: number, flew: boolean): void {
  const found = actingSneaker(tokenId);
  if (found === null || !Number.isFinite(distance)) return;
  const combatId = found.combat.id ?? "";
  const kept = keptStealth(combatId);
  const moved = watchMeasuredMove(kept.watch, found.id, distance, flew);
  if (moved.ok) keepStealth(combatId, { ...kept, watch: moved.value });
}
