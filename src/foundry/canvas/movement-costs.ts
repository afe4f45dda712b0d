/**
 * MOV-1, STD-7, PHS-6: Tempo's cost function for each of its movement actions. Core measures a token's
 * path grid step by grid step and asks the action's cost function `(baseCost, from, to, distance,
 * segment)` for each step (CONFIG.Token.movement.actions[action].getCostFunction(token, options),
 * https://foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html and
 * https://foundryvtt.com/api/types/foundry.types.TokenMovementActionCostFunction.html; Draw Steel
 * registers its own the same way, src/module/canvas/placeables/tokens/token-ruler.mjs). The engine
 * prices the step: the ruleset's diagonal rule (`standard`: 7 ft) and difficult terrain at 2×, read from
 * the segment's terrain (a Region's "Modify movement cost" behaviour). Every step costs, backwards too,
 * so walking back along this turn's path spends movement (STD-7).
 * MOV-1: the `segment` ruleset's alternating diagonals count from the diagonals the creature moved this
 * turn as the GM recorded them (turn-moves.ts; not the token's history, its owner's to write), so a second
 * drag's first diagonal may be the turn's second and cost 10 ft.
 */
import { gridStepCost } from "../../engine/index.ts";
import { movementRulesOf, type MovingToken } from "./movement-context.ts";
import { tokenTurnMoves } from "./turn-moves.ts";

/** STD-8: the movement actions Tempo prices (the engine's modes a creature may have a speed in). */
export const TEMPO_MOVEMENT_ACTIONS = ["walk", "swim", "climb", "fly"] as const;

interface GridOffset {
  readonly i: number;
  readonly j: number;
}

/** The terrain difficulty of a measured segment (TokenMovementSegmentData `terrain`, TerrainData `difficulty`). */
function difficultyOf(segment: unknown, baseCost: number, distance: number): number {
  const terrain: unknown = typeof segment === "object" && segment !== null ? Reflect.get(segment, "terrain") : null;
  const difficulty: unknown =
    typeof terrain === "object" && terrain !== null ? Reflect.get(terrain, "difficulty") : null;
  if (typeof difficulty === "number") return difficulty;
  return distance > 0 ? baseCost / distance : 1;
}

/** MOV-1: the diagonal steps the creature moved this turn (the GM's record). */
export function diagonalsThisTurn(token: MovingToken): number {
  return tokenTurnMoves(token as unknown as TokenDocument.Implementation)?.diagonals ?? 0;
}

/** The cost function core calls for each grid step of `token`'s path. */
export function tempoCostFunction(
  token: MovingToken,
): (baseCost: number, from: GridOffset, to: GridOffset, distance: number, segment: unknown) => number {
  const { diagonal } = movementRulesOf(token);
  let diagonals = diagonal === "alternating" ? diagonalsThisTurn(token) : 0;
  return (baseCost, from, to, distance, segment) => {
    const a = { x: from.j, y: from.i };
    const b = { x: to.j, y: to.i };
    const cost = gridStepCost(a, b, diagonal, diagonals, difficultyOf(segment, baseCost, distance) > 1, baseCost);
    if (Math.abs(a.x - b.x) === 1 && Math.abs(a.y - b.y) === 1) diagonals++;
    return cost;
  };
}

/** Sets Tempo's cost function on core's walk, swim, climb and fly actions, keeping their labels and icons. */
export function registerMovementCosts(): void {
  const actions = CONFIG.Token.movement.actions;
  for (const key of TEMPO_MOVEMENT_ACTIONS) {
    const action = actions[key];
    if (action === undefined) continue;
    actions[key] = { ...action, getCostFunction: (token: MovingToken) => tempoCostFunction(token) };
  }
}
