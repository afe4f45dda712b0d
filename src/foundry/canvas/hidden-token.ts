/**
 * Issue 18: the token that hides a creature from players (its token's `hidden`, v13 and v14 TokenDocument):
 * its own token when it is an unlinked token's actor, else its token on the drawn scene. Cards
 * (chat/hidden-creature-ref.ts) and declared uses (combat/sealed-use-targets.ts) name such a creature by it.
 */
import { drawnScene, tokenOf, type PlacedToken } from "./scene-geometry.ts";

/** The token standing for `actor`: an unlinked token's own, else its token on the drawn scene (null: none). */
export function standingTokenOf(actor: Actor.Implementation): PlacedToken | null {
  const own = actor.isToken ? (actor.token as unknown as PlacedToken | null) : null;
  const scene = drawnScene();
  return own ?? (scene === null ? null : tokenOf(actor, scene));
}

/** The id of the token hiding `actor` from players, or null. */
export function hiddenTokenIdOf(actor: Actor.Implementation): string | null {
  const token = standingTokenOf(actor);
  return token?.hidden === true && token.id !== null ? token.id : null;
}
