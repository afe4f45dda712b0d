/**
 * Segment rounds: a transition under construction, and the small helpers every command shares.
 */
import { ok, type Result } from "../../core/result.ts";
import type { DiceRequest, Transition } from "../contract.ts";
import type { SegmentCombatant, SegmentEvent, SegmentState } from "./types.ts";

export type Step = Result<Transition<SegmentState, SegmentEvent>>;

export interface Draft {
  state: SegmentState;
  readonly events: SegmentEvent[];
  readonly requests: DiceRequest[];
}

/** Engine contract: a transition under construction (state, events, dice requests). */
export const draft = (state: SegmentState, events: SegmentEvent[] = []): Draft => ({ state, events, requests: [] });

/** Engine contract: the finished transition. */
export const done = (d: Draft): Step => ok({ state: d.state, events: d.events, requests: d.requests });

/** SEG-2: steps 3 to 7, while turns happen. */
export const running = (s: SegmentState): boolean => s.step >= 3 && s.step <= 7;

/** SEG-2: `schedule` is this round's (built when the group rolls settled), not one kept from an earlier round. */
export const scheduled = (s: SegmentState): boolean => s.round > 0 && s.scheduleRound === s.round;

/**
 * SEG-2: this round's turns are scheduled and some may still come (step 2 once the rolls are in, to step 7):
 * a change to a creature's band or actions moves its turns still to come.
 */
export const turnsAhead = (s: SegmentState): boolean => scheduled(s) && s.step <= 7;

/** DEF-1: present and not defeated. */
export const isActive = (c: SegmentCombatant | null): c is SegmentCombatant => c !== null && !c.defeated;
