/**
 * Who may move a token now (issue 21 item 2; the rules are the engine's `moveAccess`, move-judge.ts):
 * - `preMoveToken` on the moving user's client refuses a move the rules refuse, with the reason shown:
 *   the hook "only fires for the client who is initiating the update request", and "the movement can only
 *   be rejected entirely by explicitly returning false" (API: foundryvtt.com/api/functions/hookEvents.preMoveToken.html);
 * - the active GM checks every player's move again when it lands (`moveToken` fires on all clients with
 *   the user who moved, API: foundryvtt.com/api/functions/hookEvents.moveToken.html), since a console
 *   write skips the first check: a move the rules refuse is put back where it started (the over-budget
 *   guard's revert, movement-guard.ts: core's displace, which provokes nothing) and the player is told why.
 * A GM's own moves are never refused.
 */
import { isActiveGm } from "../combat/active-gm.ts";
import { showNotice } from "../notice.ts";
import { revert, type GuardedToken, type MovementLike as GuardMovement } from "./movement-guard.ts";
import { judgeMove, type MovementLike } from "./move-judge.ts";

type Token = TokenDocument.Implementation;

function onPreMove(token: Token, movement: MovementLike): boolean {
  const verdict = judgeMove(token, movement, game.user);
  if (verdict.ok) return true;
  showNotice(verdict.error);
  return false;
}

function onMove(token: Token, movement: MovementLike, _operation: unknown, user: User.Implementation | null): void {
  if (!isActiveGm() || user === null || user.isGM) return;
  const verdict = judgeMove(token, movement, user);
  if (verdict.ok) return;
  // The over-budget guard's revert (movement-guard.ts): core's displace back to the origin, the reverted
  // movement's waypoints spending nothing, and the player told why.
  const id = typeof movement.id === "string" ? movement.id : "";
  const back: GuardMovement = { origin: movement.origin };
  void revert(token as unknown as GuardedToken, back, id, user.id ?? "", verdict.error);
}

export function registerMovePermission(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number };
  hooks.on("preMoveToken", onPreMove as (...args: never[]) => unknown);
  hooks.on("moveToken", onMove as (...args: never[]) => unknown);
}
