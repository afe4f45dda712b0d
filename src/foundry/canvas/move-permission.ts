/**
 * Who may move a token now (issue 21 item 2; the rules are the engine's `moveAccess`, move-judge.ts):
 * - `preMoveToken` on the moving user's client refuses a move the rules refuse, with the reason shown:
 *   the hook "only fires for the client who is initiating the update request", and "the movement can only
 *   be rejected entirely by explicitly returning false" (API: foundryvtt.com/api/functions/hookEvents.preMoveToken.html);
 * - the active GM checks every player's move again when it lands (`moveToken` fires on all clients with
 *   the user who moved, API: foundryvtt.com/api/functions/hookEvents.moveToken.html), since a console
 *   write skips the first check: a move the rules refuse is put back where it started (a GM's write,
 *   marked `tempoRevert` so it provokes nothing) and the player is told why.
 * A GM's own moves are never refused.
 */
import { isActiveGm } from "../combat/active-gm.ts";
import { showNotice } from "../notice.ts";
import { sendNotice } from "../socket/socket-channel.ts";
import { judgeMove, type MovementLike } from "./move-judge.ts";

/** The update option of the GM's write that puts a refused move back (move-permission.ts, opportunity-attacks.ts). */
export const REVERT_OPTION = "tempoRevert";

type Token = TokenDocument.Implementation;

/** Whether this movement is the GM putting a refused one back. */
export function isRevert(operation: unknown): boolean {
  return (
    typeof operation === "object" &&
    operation !== null &&
    (operation as Record<string, unknown>)[REVERT_OPTION] === true
  );
}

function onPreMove(token: Token, movement: MovementLike): boolean {
  const verdict = judgeMove(token, movement, game.user);
  if (verdict.ok) return true;
  showNotice(verdict.error);
  return false;
}

function onMove(token: Token, movement: MovementLike, operation: unknown, user: User.Implementation | null): void {
  if (!isActiveGm() || user === null || user.isGM || isRevert(operation)) return;
  const verdict = judgeMove(token, movement, user);
  if (verdict.ok) return;
  const origin = movement.origin;
  const back = {
    x: typeof origin?.x === "number" ? origin.x : token.x,
    y: typeof origin?.y === "number" ? origin.y : token.y,
  };
  void token.update(back, { [REVERT_OPTION]: true } as never);
  sendNotice(user.id ?? "", verdict.error);
}

export function registerMovePermission(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number };
  hooks.on("preMoveToken", onPreMove as (...args: never[]) => unknown);
  hooks.on("moveToken", onMove as (...args: never[]) => unknown);
}
