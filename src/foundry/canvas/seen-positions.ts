/**
 * Issue 21 (review of session 13): where the active GM last saw each token stand, from the documents it
 * received, never from a movement's `origin`. A caller never gives an origin (TokenMovementInstructionOptions
 * has none; core works it out, TokenPreMovementOperation "ONLY autoRotate and showRuler are writable"), but no
 * public source says whether core's server checks a modified client's worked-out movement, so the origin is
 * taken as the mover's word.
 * A creature the GM has no record of yet (turn-moves.ts: no turn started, no move accepted) is put back here
 * when its move is refused, instead of to the origin the mover claimed.
 *
 * Kept in the page's memory: seeded at `ready` from every scene's tokens and at `createToken`, and moved at
 * every `moveToken` this page hears ("fires for every Token document that was moved after conclusion of an
 * update workflow … for all connected clients", https://foundryvtt.com/api/functions/hookEvents.moveToken.html;
 * a plain `update({ x, y })` is such a workflow too: `_preUpdateMovement` is "Called after the movement for this
 * document update has been determined", foundryvtt/foundryvtt#11754), so a GM who reloads starts again from the
 * documents as they then stand. Keyed by `game`, one object per page (page-key.ts).
 */
import type { TokenSpot } from "../../engine/index.ts";
import { perPage } from "../page-key.ts";

type Token = TokenDocument.Implementation;

/** The positions this page has seen, by token. */
const seen = perPage(() => new Map<string, TokenSpot>());

const spotOf = (token: Token): TokenSpot => ({ x: token.x, y: token.y });

/** Where the token stood before the move that just landed (null when this page never saw it), and now. */
export function takeSeenPosition(token: Token): TokenSpot | null {
  const map = seen();
  const id = token.id ?? "";
  const before = map.get(id) ?? null;
  map.set(id, spotOf(token));
  return before;
}

function seedScenes(): void {
  const map = seen();
  for (const scene of game.scenes ?? []) for (const token of scene.tokens) map.set(token.id ?? "", spotOf(token));
}

export function registerSeenPositions(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number };
  Hooks.once("ready", seedScenes);
  hooks.on(
    "createToken",
    ((token: Token) => void seen().set(token.id ?? "", spotOf(token))) as (...args: never[]) => unknown,
  );
}
