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

export const draft = (state: SegmentState, events: SegmentEvent[] = []): Draft => ({ state, events, requests: [] });

export const done = (d: Draft): Step => ok({ state: d.state, events: d.events, requests: d.requests });

export const running = (s: SegmentState): boolean => s.step >= 3 && s.step <= 7;

export const isActive = (c: SegmentCombatant | null): c is SegmentCombatant => c !== null && !c.defeated;
