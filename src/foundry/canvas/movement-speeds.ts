/**
 * STD-8: a creature's speeds, read from its token's actor in ONE place (the ruler, the move guard and
 * the GM's check all ask here). Tempo actors keep them in `system.speeds` (walk 30 by default); a mode
 * at 0 is one the creature does not have. A token with no Tempo actor walks 30 ft (STD-7's base speed).
 */
import { rotationMoveSpeeds, type MovementSpeeds } from "../../engine/index.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { chosenMoveAllowance, rotationMovesOf } from "./chosen-move.ts";

const BASE: MovementSpeeds = { walk: 30 };

/** The token's speeds in feet, only the modes it has. */
export function speedsFor(token: { readonly actor: unknown }): MovementSpeeds {
  const system = tempoActorModelOf(token.actor);
  if (system === null) return BASE;
  const speeds: Partial<Record<keyof MovementSpeeds, number>> = {};
  for (const [mode, feet] of Object.entries(actorStatsOf(system).speeds) as [keyof MovementSpeeds, number][])
    if (Number.isFinite(feet) && feet > 0) speeds[mode] = feet;
  return withChosenMove(token, speeds);
}

/**
 * PHS-5, PHS-11, ROT-11: where the creature chose a move with its own distance (a phase movement power, the
 * battle phase's Disengage shift, rotation's 5 ft step or Disengage: move-judge.ts `chosenMoveAllowance`),
 * each of its speeds is what it had moved this turn before choosing plus that distance. Ruling: a power's
 * squares replace the creature's speeds (PHS-5 gives the power the distance). ROT-11: two Move actions this
 * round move the creature's speeds twice (engine rotationMoveSpeeds).
 */
function withChosenMove(token: { readonly actor: unknown }, speeds: MovementSpeeds): MovementSpeeds {
  const moving = token as { id?: unknown; parent?: unknown };
  if (typeof moving.id !== "string" || moving.parent === undefined) return speeds;
  const allowance = chosenMoveAllowance(token as unknown as TokenDocument.Implementation);
  if (allowance === null)
    return rotationMoveSpeeds(speeds, rotationMovesOf(token as unknown as TokenDocument.Implementation));
  const before = allowance.sinceFeet;
  const capped: Partial<Record<keyof MovementSpeeds, number>> = {};
  for (const mode of Object.keys(speeds) as (keyof MovementSpeeds)[]) capped[mode] = before + allowance.feet;
  return capped;
}
