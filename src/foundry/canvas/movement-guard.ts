/**
 * STD-7, STD-8, PHS-6: a move that exceeds the creature's budget (in a Tempo combat) is refused or
 * warned about, as the world setting "movement over budget" says.
 *
 * - On the mover's client, `preMoveToken` returns false for a player's refused move: nothing is sent,
 *   the token never moves ("The movement can only be rejected entirely by explicitly returning false",
 *   https://foundryvtt.com/api/functions/hookEvents.preMoveToken.html). It also sets `showRuler` (one of
 *   the two writable properties there) so every client's ruler shows the moving token's path and cost.
 * - That hook "only fires for the client who is initiating the update request": a player whose client
 *   skips it (a console, a module) still reaches the server, which checks only that the player owns the
 *   token. So the active GM checks every player's move where `moveToken` reaches it ("fires for all
 *   connected clients after the update has been processed",
 *   https://foundryvtt.com/api/functions/hookEvents.moveToken.html) and, when the setting refuses it,
 *   puts the token back: it cannot refuse a write the server already applied (a system runs no code on
 *   the server), so it reverts. The revert is a `displace` move (core's forced move, not measured) back to
 *   the origin, and the reverted movement's id is kept in the token's `flags.tempo.revertedMovements`
 *   so its waypoints, which stay in core's history, spend nothing. The player is told why.
 * - A GM's own moves are never refused (a GM moves creatures by fiat: pushes, falls); the GM is warned.
 */
import type { Message } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { showNotice } from "../notice.ts";
import { localizeMessage } from "../localize.ts";
import { sendNotice } from "../socket/socket-channel.ts";
import { budgetAfter, revertedMovements, type BudgetToken, type MeasuredWaypoint } from "./movement-budget.ts";
import { movementRulesOf } from "./movement-context.ts";
import { withLocalizedData } from "./token-ruler.ts";
import { movementMessage } from "../../view/canvas/ruler-label.ts";

export interface MovementLike {
  readonly id?: unknown;
  readonly origin?: { readonly x?: unknown; readonly y?: unknown };
  readonly passed?: { readonly waypoints?: readonly MeasuredWaypoint[] };
  readonly history?: { readonly recorded?: { readonly waypoints?: readonly MeasuredWaypoint[] } };
  readonly method?: unknown;
  showRuler?: boolean;
}

export interface GuardedToken extends BudgetToken {
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  move(waypoints: object, options: object): Promise<unknown>;
}

/** The engine's verdict on a move, or null when it is within budget or not budgeted. */
function overBudget(token: GuardedToken, movement: MovementLike): Message | null {
  if (!movementRulesOf(token).budgeted) return null;
  const history = movement.history?.recorded?.waypoints ?? token.movementHistory;
  const verdict = budgetAfter(token, movement.passed?.waypoints ?? [], history);
  return verdict.ok ? null : movementMessage(verdict.error);
}

function refuses(): boolean {
  return game.settings.get(SYSTEM_ID, "movementBudget") === "refuse";
}

function onPreMoveToken(token: GuardedToken, movement: MovementLike): boolean | undefined {
  if (movementRulesOf(token).budgeted) movement.showRuler = true;
  const verdict = overBudget(token, movement);
  if (verdict === null) return undefined;
  showNotice(withLocalizedData(verdict));
  return refuses() && !game.user.isGM ? false : undefined;
}

function onMoveToken(token: GuardedToken, movement: MovementLike, _operation: unknown, user: unknown): void {
  if (game.users.activeGM?.isSelf !== true) return;
  const mover = user as { id?: unknown; isGM?: unknown } | null;
  if (mover === null || mover.isGM === true || typeof mover.id !== "string") return;
  const id = typeof movement.id === "string" ? movement.id : "";
  if (id !== "" && revertedMovements(token).includes(id)) return;
  const verdict = overBudget(token, movement);
  if (verdict === null || !refuses()) return;
  void revert(token, movement, id, mover.id, verdict);
}

/** Puts a landed movement back (also used by move-permission.ts for a move the turn order refuses). */
export async function revert(token: GuardedToken, movement: MovementLike, id: string, moverId: string, why: Message) {
  const x = movement.origin?.x;
  const y = movement.origin?.y;
  if (typeof x !== "number" || typeof y !== "number") return;
  if (id !== "") await token.setFlag(SYSTEM_ID, "revertedMovements", [...revertedMovements(token), id]);
  await token.move([{ x, y, action: "displace" }], { method: "undo", showRuler: false });
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
  // Core's v13/v14 movement hooks, which the installed type package does not declare.
  Hooks.on("preMoveToken" as never, onPreMoveToken as never);
  Hooks.on("moveToken" as never, onMoveToken as never);
}
