/**
 * Which dice a host rolls by itself and which wait for a person (issue: "contest rerolls and group d6
 * roll-offs that need further rounds ask again, automatically").
 *
 * A creature's own initiative roll waits: its owner rolls it (core's roll buttons, `rollInitiative`),
 * or the GM rolls for NPCs. Everything that only settles an order already rolled — a CNT-5 contest, an
 * STD-2 tie-breaker, a PHS-2 roll-off, a ROT-2 tie reroll — and a group's d6 (SEG-2, nobody's own
 * roll) is rolled by the GM's client as soon as it is asked for.
 */
import type { DiceRequest } from "../initiative/contract.ts";
import {
  COUNT_ROLL_REASONS,
  PHASE_ROLL_REASONS,
  ROTATION_ROLL_REASONS,
  STANDARD_ROLL_REASONS,
} from "../initiative/index.ts";

const INITIATIVE_REASONS: ReadonlySet<string> = new Set([
  COUNT_ROLL_REASONS.initiative,
  STANDARD_ROLL_REASONS.initiative,
  PHASE_ROLL_REASONS.initiative,
  ROTATION_ROLL_REASONS.initiative,
]);

/** A creature's own initiative roll, waiting for its owner or the GM. */
export function waitsForRoller(request: DiceRequest): boolean {
  return request.combatantId !== null && INITIATIVE_REASONS.has(request.reason);
}

/** The requests the host rolls at once. */
export function automaticRequests(requests: readonly DiceRequest[]): readonly DiceRequest[] {
  return requests.filter((r) => !waitsForRoller(r));
}
