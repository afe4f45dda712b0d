/**
 * Segment rounds (`segment`, RULES §4): declare (1), group initiative (2), fast actions (3), first
 * multi-attack routines (4), group actions HIGH then LOW (5), remaining routines (6), spells (7), end (8).
 * One command, one transition: see turns.ts, groups.ts, changes.ts and actions.ts.
 */
import { err } from "../../core/result.ts";
import type { Scheduler } from "../contract.ts";
import { attack, delay, immediateSpell, interrupt, nameTarget, setDelayed } from "./actions.ts";
import { declare, defeat, join, leave, reveal, revive, setInitiative, surprise } from "./changes.ts";
import type { Step } from "./draft.ts";
import { rolls } from "./groups.ts";
import type { BuiltSchedules } from "./round-schedule.ts";
import { segmentTimeline } from "./timeline.ts";
import { next, start } from "./turns.ts";
import type { SegmentCommand, SegmentEvent, SegmentState } from "./types.ts";

/**
 * SEG-2: one command, one transition (engine contract). `built` (issue 17): where the host keeps a round's
 * schedule built by a `next` or a `rolls` (round-schedule.ts), for storing it without building it again.
 */
export function applySegment(state: SegmentState, command: SegmentCommand, built?: BuiltSchedules): Step {
  switch (command.type) {
    case "start":
      return start(state);
    case "next":
      return next(state, built);
    case "rolls":
      return state.step === 0 ? err("TEMPO.ERRORS.Segment.NotStarted") : rolls(state, command.results, built);
    case "join":
      return join(state, command.combatant);
    case "leave":
      return leave(state, command.combatantId);
    case "defeat":
      return defeat(state, command.combatantId);
    case "revive":
      return revive(state, command.combatantId);
    case "setInitiative":
      return setInitiative(state, command.combatantId, command.value);
    case "declare":
      return declare(state, command.combatantId, command.declaration);
    case "reveal":
      return reveal(state, command.combatantId);
    case "delay":
      return delay(state, command.combatantId);
    case "interrupt":
      return interrupt(state, command.combatantId);
    case "freeAttack":
      return attack(state, command.combatantId, command.targetId, false);
    case "immediateAttack":
      return attack(state, command.combatantId, command.targetId, true);
    case "immediateSpell":
      return immediateSpell(state, command.combatantId);
    case "nameTarget":
      return nameTarget(state, command.combatantId, command.targetId);
    case "surprise":
      return surprise(state, command.combatantId, command.surprised);
    case "setDelayed":
      return setDelayed(state, command.combatantId, command.delayed);
    default:
      return err("TEMPO.ERRORS.Segment.UnknownCommand");
  }
}

/** SEG-2: the creature taking a turn now (a fast action, a routine, its group turn, a spell), or null. */
export function segmentCurrent(state: SegmentState): string | null {
  return state.current;
}

/** SEG-2: the segment-rounds scheduler (RULES §4). Wrap it with `withHistory` for undo/redo. */
export const segmentScheduler: Scheduler<SegmentState, SegmentCommand, SegmentEvent> = {
  id: "segment",
  apply: (state, command) => applySegment(state, command),
  timeline: segmentTimeline,
  current: segmentCurrent,
  pending: (state) => state.rolls.map((r) => r.request),
};
