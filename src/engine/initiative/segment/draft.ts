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

/** DEF-1: present and not defeated. */
export const isActive = (c: SegmentCombatant | null): c is SegmentCombatant => c !== null && !c.defeated;
