/**
 * One token movement as the rules see it (issue 21 items 2 and 3): the Tempo combat the token fights in,
 * its combatant, whether the moving user may move it now and how (engine `moveAccess`), and the squares
 * the move passes (engine `squaresAlong`), with this turn's earlier ones for the chosen move's allowance
 * (engine `checkMoveAllowance`). The movement is read as core's `TokenMovementOperation` describes it
 * (API: foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOperation.html): `origin`,
 * `passed.waypoints` (top-left corners in pixels) and `history.recorded.waypoints` (this turn's path,
 * cleared when the creature's turn starts, move-choices.ts).
 */
import {
  moveAccess,
  squaresAlong,
  type Message,
  type MoveHow,
  type RulesetId,
  type Square,
} from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { tokenCombatOf, type TokenCombat } from "./token-combat.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { moveChoiceOf } from "./move-choices.ts";
import { isTeleport, type MeasuredWaypoint } from "./movement-budget.ts";

interface Point {
  readonly x?: unknown;
  readonly y?: unknown;
}

/** What of core's movement operation is read here. */
export interface MovementLike {
  /** The movement's id (core's, unique per movement). */
  readonly id?: unknown;
  readonly origin?: Point;
  readonly passed?: { readonly waypoints?: readonly (Point & MeasuredWaypoint)[] };
  readonly history?: { readonly recorded?: { readonly waypoints?: readonly (Point & MeasuredWaypoint)[] } };
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The squares of a list of waypoints (top-left corners; a pixel in, so a corner on a grid line is its own square's). */
function squaresOf(token: TokenDocument.Implementation, points: readonly Point[]): Square[] {
  const scene = token.parent;
  if (scene === null) return [];
  const geometry = sceneGeometry(scene);
  return points.map((p) => squareAt(geometry, { x: num(p.x) + 1, y: num(p.y) + 1 }));
}

export interface JudgedMove {
  readonly found: TokenCombat | null;
  readonly ruleset: RulesetId | null;
  /** How the rules take the move (null: no combat rules apply). */
  readonly how: MoveHow | null;
  /** The squares this move passes, its starting square first. */
  readonly path: readonly Square[];
}

/**
 * Whether a waypoint of the move was reached by a movement action that teleports (core's `displace`, a
 * teleport): such a move passes no square on its way (API: foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html, `teleport`).
 */
export function teleports(movement: MovementLike): boolean {
  return (movement.passed?.waypoints ?? []).some((w) => typeof w.action === "string" && isTeleport(w.action));
}

export type MoveVerdict =
  { readonly ok: true; readonly value: JudgedMove } | { readonly ok: false; readonly error: Message };

/** PHS-3, PHS-4, PHS-5, PHS-11, ROT-11: whether `user` may make this movement of `token` now, and how. */
export function judgeMove(
  token: TokenDocument.Implementation,
  movement: MovementLike,
  user: User.Implementation,
): MoveVerdict {
  const origin = movement.origin ?? { x: token.x, y: token.y };
  const path = squaresAlong(squaresOf(token, [origin, ...(movement.passed?.waypoints ?? [])]));
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null)
    return { ok: true, value: { found, ruleset: null, how: null, path } };
  const choice = moveChoiceOf(found.combat, found.combatantId);
  const access = moveAccess({
    host: model.host,
    state: model.state,
    combatantId: found.combatantId,
    isGM: user.isGM,
    choice,
  });
  if (!access.ok) return access;
  const value = { found, ruleset: model.ruleset, how: access.how, path };
  if (!access.enforced || access.how === null) return { ok: true, value };
  // The teleport, the allowance and the budget are the landed-move judge's (landed-move.ts).
  return { ok: true, value };
}
