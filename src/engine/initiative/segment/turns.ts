/**
 * Segment rounds: the round's sequence (SEG-2). The whole round is scheduled once, when the group rolls
 * settle (round-schedule.ts); every step after that, a boundary too, moves a cursor and reveals the acting
 * creature's declaration (O(log n)).
 */
import { err } from "../../core/result.ts";
import { segmentStartSeconds } from "./declaration.ts";
import { done, draft, isActive, type Draft, type Step } from "./draft.ts";
import { askGroup, activeGroups } from "./groups.ts";
import { settleSchedule, settledSchedule, type BuiltSchedules } from "./round-schedule.ts";
import { putSegmentCombatant, segmentCombatant } from "./state.ts";
import type { SegmentCombatant, SegmentEntry, SegmentState } from "./types.ts";

/** Emits the step and segment boundaries crossed on the way to `step`/`segment`. */
function cross(d: Draft, step: number, segment: number): void {
  const s = d.state;
  for (let at = s.step + 1; at <= step; at++) d.events.push({ type: "stepStarted", round: s.round, step: at });
  let reached = s.segment;
  if (step === 7) {
    for (let at = s.segment + 1; at <= segment; at++) {
      d.events.push({ type: "segmentStarted", round: s.round, segment: at, seconds: segmentStartSeconds(at) });
    }
    reached = Math.max(reached, segment);
  }
  d.state = { ...s, step: Math.max(s.step, step), segment: reached };
}

function startTurn(d: Draft, entry: SegmentEntry, c: SegmentCombatant): void {
  cross(d, entry.step, entry.segment);
  const round = d.state.round;
  d.state = { ...d.state, current: c.id };
  d.events.push({
    type: "turnStarted",
    round,
    combatantId: c.id,
    step: entry.step,
    segment: entry.segment,
    part: entry.part,
  });
  if (!c.revealed && c.declaredRound === round) {
    // SEG-2: a declaration stays hidden from the other players until the creature acts on it.
    d.state = putSegmentCombatant(d.state, { ...c, revealed: true });
    d.events.push({ type: "revealed", round, combatantId: c.id });
  }
}

/** SEG-2: moves to the next turn still to come, or to step 8 when none is left. */
export function advance(d: Draft): void {
  const s = d.state;
  for (let i = s.cursor + 1; i < s.schedule.length; i++) {
    const entry = s.schedule[i];
    if (entry === undefined) continue;
    const c = segmentCombatant(s, entry.combatantId);
    if (isActive(c)) {
      d.state = { ...d.state, cursor: i };
      startTurn(d, entry, c);
      return;
    }
  }
  // Step 8: the end of the round.
  d.state = { ...d.state, cursor: s.schedule.length, current: null };
  cross(d, 8, 0);
}

/** SEG-2: the schedule entry of the turn in progress, or null. */
export function currentEntry(state: SegmentState): SegmentEntry | null {
  return state.current === null ? null : (state.schedule[state.cursor] ?? null);
}

/**
 * SEG-2: a new round; the last round's schedule is dropped (it is never read again, and stored it is
 * only a few runs of the rebuilt list: segment/packed.ts), its `scheduleRound` stays until this round's
 * is built (round-schedule.ts).
 */
function newRound(d: Draft, round: number): void {
  const lastGroupRolls = { ...d.state.lastGroupRolls, ...d.state.groupRolls };
  d.state = {
    ...d.state,
    round,
    step: 1,
    segment: 0,
    groupRolls: {},
    lastGroupRolls,
    schedule: [],
    cursor: -1,
    current: null,
    rolls: [],
  };
  d.events.push({ type: "roundStarted", round }, { type: "stepStarted", round, step: 1 });
}

/**
 * SEG-2: ends the current turn and starts the next; moves from step to step and round to round. `built`:
 * where the host keeps a schedule built here (round-schedule.ts).
 */
export function next(state: SegmentState, built?: BuiltSchedules): Step {
  const d = draft(state);
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (state.step === 1) {
    // The declarations are locked; each group rolls its d6.
    d.state = { ...state, step: 2 };
    d.events.push({ type: "stepStarted", round: state.round, step: 2 });
    for (const group of activeGroups(state)) askGroup(d, group);
    // No group to roll (everyone is defeated): the round is scheduled at once.
    settleSchedule(d, built);
    return done(d);
  }
  if (state.step === 2) {
    if (state.rolls.length > 0) return err("TEMPO.ERRORS.Segment.RollsPending", { count: state.rolls.length });
    // The schedule was built when the rolls settled: step 3 starts by moving the cursor.
    d.state = settledSchedule(state, built);
    advance(d);
    return done(d);
  }
  if (state.step === 8) {
    d.events.push({ type: "roundEnded", round: state.round });
    newRound(d, state.round + 1);
    return done(d);
  }
  const entry = currentEntry(state);
  if (entry !== null) {
    d.events.push({
      type: "turnEnded",
      round: state.round,
      combatantId: entry.combatantId,
      step: entry.step,
      segment: entry.segment,
      part: entry.part,
    });
    d.state = { ...d.state, current: null };
  }
  advance(d);
  return done(d);
}

/** SEG-2: the combat starts with round 1's declarations (step 1). */
export function start(state: SegmentState): Step {
  if (state.step !== 0) return err("TEMPO.ERRORS.Segment.AlreadyStarted");
  const d = draft(state, [{ type: "combatStarted" }]);
  newRound(d, 1);
  return done(d);
}
