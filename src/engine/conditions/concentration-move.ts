/**
 * SEG-10 "… or is impeded", for movement (seeds/003: "A caster concentrating on an ability can move around
 * slowly, turning in place or walking up to half their movement rate per round (creatures with a native fly
 * or swim movement rate can move their normal speed)"): a move that takes the creature past that ends its
 * concentration (concentration.ts `concentrationMoveTrigger` draws the line).
 *
 * **Rulings:**
 * - "Per round" is counted over what the GM recorded the creature moved this turn (host/landed-move.ts
 *   `TurnMoves`, the move included): in segment rounds a creature moves on its group turn. A move the GM
 *   makes by fiat (placing it, a push) spends none of its movement, and so never breaks it.
 * - The rate is its walking speed, unless every part of the turn's move was by a speed it has natively to
 *   fly or to swim: then that speed, in full.
 * - Only a move that adds to what the creature moved this turn can break it (issue 19: decided here, not by
 *   the Foundry layer): a move that records nothing more (placed by fiat, a record left as it was) ends
 *   nothing, even when the turn's total is already past the allowance (that earlier move ended it).
 * Pure.
 */
import type { RulesetId } from "../initiative/contract.ts";
import type { MovedSegment } from "../movement/movement-budget.ts";
import type { MovementSpeeds } from "../movement/movement-turn.ts";
import {
  concentrationLostTo,
  concentrationMoveTrigger,
  type ConcentrationLoss,
  type HeldConcentration,
} from "./concentration.ts";

export interface ConcentrationMove {
  /** Feet the creature moved this turn, the move included (the GM's record). */
  readonly feetThisTurn: number;
  /** Feet the GM's record held this turn before the move. */
  readonly feetBefore: number;
  /** The move's parts this turn, by movement action (those the record holds; teleports left out). */
  readonly segments: readonly MovedSegment[];
  readonly speeds: MovementSpeeds;
}

/** The rate the move is measured against, and whether it is a native fly or swim speed (ruling above). */
function rateOf(move: ConcentrationMove): { rate: number; native: boolean } {
  for (const mode of ["fly", "swim"] as const) {
    const speed = move.speeds[mode] ?? 0;
    if (speed > 0 && move.segments.length > 0 && move.segments.every((s) => s.mode === mode))
      return { rate: speed, native: true };
  }
  return { rate: move.speeds.walk ?? 0, native: false };
}

/**
 * SEG-10: what a landed move ends of the concentration the creature holds (`castingFailed`, `effectEnded`),
 * or null: nothing (a move that adds no feet, within its allowance, nothing held, a ruleset without
 * concentration, or a distance that is not a finite, non-negative number).
 */
export function moveEndsConcentration(
  ruleset: RulesetId,
  held: HeldConcentration,
  move: ConcentrationMove,
): ConcentrationLoss["outcome"] | null {
  if (!(move.feetThisTurn > move.feetBefore)) return null;
  const { rate, native } = rateOf(move);
  const trigger = concentrationMoveTrigger(move.feetThisTurn, rate, native);
  return trigger.ok ? concentrationLostTo(ruleset, held, trigger.value) : null;
}
