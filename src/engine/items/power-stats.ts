/** `power` items of the phase ruleset: movement powers (PHS-5, PHS-6) and battle powers (PHS-7). */
import type { PhaseActionKind } from "../actions/phase-actions.ts";
import { SQUARE_FEET } from "../movement/grid.ts";
import { validateMovementPower, type MovementPower } from "../movement/movement-powers.ts";
import { ProblemList, type ItemProblem } from "./item-problem.ts";
import { BATTLE_ACTIONS, POWER_KINDS, type PowerStats } from "./item-types.ts";

export interface PowerDerived {
  /** PHS-5, PHS-7: what using it spends (one movement power or one battle action per round). */
  readonly spends: PhaseActionKind;
  /** PHS-5: the distance in feet (movement powers; 0 for battle powers). */
  readonly feet: number;
}

/** PHS-5: every problem of a power's stats (a movement power's distance through the engine's check). */
export function validatePowerStats(source: Readonly<Record<string, unknown>>, name = "squares"): ItemProblem[] {
  const list = new ProblemList();
  list.choice("kind", source.kind, POWER_KINDS);
  const squares = source.squares;
  if (typeof squares !== "number") list.whole("squares", squares, 0);
  else list.fromResult("squares", validateMovementPower({ id: name, squares, provokes: true, straightLine: false }));
  list.flag("provokes", source.provokes);
  list.flag("straightLine", source.straightLine);
  list.choice("action", source.action, BATTLE_ACTIONS);
  return list.problems;
}

/** PHS-5: a movement power item as the movement rules take it (`startPowerMovement`). */
export function movementPowerOf(id: string, stats: PowerStats): MovementPower {
  return { id, squares: stats.squares, provokes: stats.provokes, straightLine: stats.straightLine };
}

export function powerDerived(stats: PowerStats): PowerDerived {
  const movement = stats.kind === "movement";
  return { spends: movement ? "movementPower" : "battleAction", feet: movement ? stats.squares * SQUARE_FEET : 0 };
}
