/**
 * STD-7, STD-8, PHS-6: a token's movement budget from core's measured waypoints. Each measured
 * waypoint carries the movement action from the previous one and what that cost (TokenMeasuredMovementWaypoint
 * `action`, `cost`, `movementId`, https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html);
 * the token's `movementHistory` is this turn's path (the combat clears it per turn). Teleports
 * (core's `teleport` actions) are not movement. Movements the GM put back (movement-guard.ts) do not count.
 * The engine decides; this file only reads the waypoints.
 */
import { movementBudget, type MovedSegment, type MovementBudget, type Result } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { movementEnded, type MovingToken } from "./movement-context.ts";
import { speedsFor } from "./movement-speeds.ts";

export interface MeasuredWaypoint {
  readonly action?: unknown;
  readonly cost?: unknown;
  readonly movementId?: unknown;
}

export interface BudgetToken extends MovingToken {
  readonly movementHistory: readonly MeasuredWaypoint[];
  getFlag(scope: string, key: string): unknown;
}

function flaggedIds(token: BudgetToken, key: string): string[] {
  const ids = token.getFlag(SYSTEM_ID, key);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/** The movements the GM reverted on this token (their waypoints stay in core's history). */
export function revertedMovements(token: BudgetToken): readonly string[] {
  return flaggedIds(token, "revertedMovements");
}

/**
 * The movements that spend none of the creature's own movement: those the GM reverted and the forced
 * moves (pushes and pulls, forced-move.ts) made on it.
 */
export function uncountedMovements(token: BudgetToken): readonly string[] {
  return [...flaggedIds(token, "revertedMovements"), ...flaggedIds(token, "forcedMovements")];
}

/** Whether core's movement action `action` teleports (TokenMovementActionConfig `teleport`). */
export function isTeleport(action: string): boolean {
  const config = CONFIG.Token.movement.actions[action] as { teleport?: boolean } | undefined;
  return config?.teleport === true;
}

/** The segments of measured waypoints (the first waypoint of a path has no segment: cost 0). */
export function segmentsOf(waypoints: readonly MeasuredWaypoint[], reverted: readonly string[] = []): MovedSegment[] {
  const out: MovedSegment[] = [];
  for (const w of waypoints) {
    const action = typeof w.action === "string" ? w.action : "walk";
    const feet = typeof w.cost === "number" ? w.cost : 0;
    if (feet <= 0 || isTeleport(action)) continue;
    if (typeof w.movementId === "string" && reverted.includes(w.movementId)) continue;
    out.push({ mode: action, feet });
  }
  return out;
}

/** The budget after `planned` on top of the token's history (or `history` when given). */
export function budgetAfter(
  token: BudgetToken,
  planned: readonly MeasuredWaypoint[],
  history: readonly MeasuredWaypoint[] = token.movementHistory,
): Result<MovementBudget> {
  const reverted = uncountedMovements(token);
  return movementBudget(
    speedsFor(token),
    segmentsOf(history, reverted),
    segmentsOf(planned, reverted),
    movementEnded(token),
  );
}
