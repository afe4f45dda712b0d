/**
 * STD-7, STD-8, PHS-6: measured waypoints read as the engine's movement segments. Each measured waypoint
 * carries the movement action from the previous one and what that cost (TokenMeasuredMovementWaypoint
 * `action`, `cost`, https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html).
 * Teleports (core's `teleport` actions) are not movement. Only this client's own measure is read so (the
 * ruler's planned path); a landed move is measured again by the GM (landed-move.ts).
 */
import type { MovedSegment } from "../../engine/index.ts";

export interface MeasuredWaypoint {
  readonly action?: unknown;
  readonly cost?: unknown;
}

/** Whether core's movement action `action` teleports (TokenMovementActionConfig `teleport`). */
export function isTeleport(action: string): boolean {
  const config = CONFIG.Token.movement.actions[action] as { teleport?: boolean } | undefined;
  return config?.teleport === true;
}

/** The segments of measured waypoints (the first waypoint of a path has no segment: cost 0). */
export function segmentsOf(waypoints: readonly MeasuredWaypoint[]): MovedSegment[] {
  const out: MovedSegment[] = [];
  for (const w of waypoints) {
    const action = typeof w.action === "string" ? w.action : "walk";
    const feet = typeof w.cost === "number" ? w.cost : 0;
    if (feet <= 0 || isTeleport(action)) continue;
    out.push({ mode: action, feet });
  }
  return out;
}
