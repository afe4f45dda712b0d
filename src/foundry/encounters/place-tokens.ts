/**
 * Where new tokens go: the engine's formation placement (src/engine/encounters/formation.ts) around the
 * square the GM picked, never on a token already there nor astride a movement-blocking wall, every space
 * reachable from the picked square. A token's size is its actor's prototype token (squares); what finds
 * no room is reported, never forced in. Token data comes from `actor.getTokenDocument` (core's way of
 * making a token from an actor, used by dnd5e's and Draw Steel's placement helpers).
 */
import { ok, placeFormation, type Result } from "../../engine/index.ts";
import { canvasOf, formationInput, sceneGeometry } from "./scene-board.ts";

export interface Placeable {
  /** Unique per token to place. */
  readonly key: string;
  readonly actor: Actor.Implementation;
}

export interface Placement {
  readonly placed: readonly { readonly key: string; readonly x: number; readonly y: number }[];
  readonly unplaced: readonly string[];
}

function sizeOf(actor: Actor.Implementation): number {
  const token = actor.prototypeToken;
  return Math.max(1, Math.ceil(Math.max(token.width ?? 1, token.height ?? 1)));
}

/** Canvas positions for each unit around `point`, or the engine's reason when the point is off the scene. */
export function placeUnits(
  scene: Scene.Implementation,
  point: { readonly x: number; readonly y: number },
  units: readonly Placeable[],
): Result<Placement> {
  const tokens = units.map((u) => ({ id: u.key, size: sizeOf(u.actor) }));
  const formation = placeFormation(formationInput(scene, point, tokens));
  if (!formation.ok) return formation;
  const geometry = sceneGeometry(scene);
  return ok({
    placed: formation.value.placed.map((p) => ({ key: p.id, ...canvasOf(geometry, p.square) })),
    unplaced: formation.value.unplaced.map((m) => m.id),
  });
}

/** The creation data of a token of `actor` at a canvas position. */
export async function tokenData(actor: Actor.Implementation, x: number, y: number): Promise<object> {
  const token = await actor.getTokenDocument({ x, y });
  return token.toObject();
}
