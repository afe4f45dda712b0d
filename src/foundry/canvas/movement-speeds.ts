/**
 * STD-8: a creature's speeds, read from its token's actor in ONE place (the ruler, the move guard and
 * the GM's check all ask here). Tempo actors keep them in `system.speeds` (walk 30 by default); a mode
 * at 0 is one the creature does not have. A token with no Tempo actor walks 30 ft (STD-7's base speed).
 */
import type { MovementSpeeds } from "../../engine/index.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";

const BASE: MovementSpeeds = { walk: 30 };

/** The token's speeds in feet, only the modes it has. */
export function speedsFor(token: { readonly actor: unknown }): MovementSpeeds {
  const system = tempoActorModelOf(token.actor);
  if (system === null) return BASE;
  const speeds: Partial<Record<keyof MovementSpeeds, number>> = {};
  for (const [mode, feet] of Object.entries(actorStatsOf(system).speeds) as [keyof MovementSpeeds, number][])
    if (Number.isFinite(feet) && feet > 0) speeds[mode] = feet;
  return speeds;
}
