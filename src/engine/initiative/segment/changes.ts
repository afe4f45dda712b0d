/**
 * Segment rounds: joining, leaving, defeat, revival, initiative changes, surprise, declarations and
 * revealing them (SEG-2 step 1), at any moment the rules allow.
 */
import { err, ok } from "../../core/result.ts";
import { vectorPush } from "../shared/persistent-vector.ts";
import { checkSegmentDeclaration } from "./declaration.ts";
import { done, draft, scheduled, turnsAhead, type Step } from "./draft.ts";
import { syncGroupRolls } from "./groups.ts";
import { segmentEntriesFor } from "./order.ts";
import { reschedule, schedule } from "./reschedule.ts";
import {
  checkSegmentJoin,
  freeSegmentSlot,
  newSegmentCombatant,
  putSegmentCombatant,
  segmentCombatant,
  segmentCombatants,
} from "./state.ts";
import { advance, currentEntry } from "./turns.ts";
import type { SegmentCombatant, SegmentDeclaration, SegmentJoin, SegmentState } from "./types.ts";

/** SEG-2, DEF-1: a creature joins; mid-round it gets only the turns still to come. */
export function join(state: SegmentState, joining: SegmentJoin): Step {
  const checked = checkSegmentJoin(joining);
  if (!checked.ok) return checked;
  if (segmentCombatant(state, joining.id) !== null)
    return err("TEMPO.ERRORS.Segment.DuplicateCombatant", { id: joining.id });
  const slot = state.combatants.size;
  const c = newSegmentCombatant(joining, slot);
  const d = draft({ ...state, combatants: vectorPush(state.combatants, c), index: { ...state.index, [c.id]: slot } }, [
    { type: "combatantJoined", combatantId: c.id },
  ]);
  if (turnsAhead(state)) d.state = schedule(d.state, segmentEntriesFor(d.state, c), false);
  // A group new to the round rolls, and the schedule waits for its d6.
  syncGroupRolls(d);
  return done(d);
}

/** DEF-1: a creature leaves; the schedule still to come closes up. */
export function leave(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  const wasCurrent = state.current === id;
  const d = draft(
    scheduled(state) ? withoutTurnsOf(freeSegmentSlot(state, c), new Set([id])) : freeSegmentSlot(state, c),
    [{ type: "combatantLeft", combatantId: id }],
  );
  if (wasCurrent) {
    d.state = { ...d.state, current: null };
    advance(d);
  }
  syncGroupRolls(d);
  return done(d);
}

/**
 * Issue 17: every one of `ids` (none acting now) leaves in one pass, the group rolls synced once
 * (host/public-order.ts takes the hidden creatures out so); null where one is unknown or acting.
 */
export function leaveAll(state: SegmentState, ids: readonly string[]): SegmentState | null {
  const left = new Set(ids);
  if (left.size !== ids.length) return null;
  let s = state;
  for (const id of ids) {
    const c = segmentCombatant(s, id);
    if (c === null || state.current === id) return null;
    s = freeSegmentSlot(s, c);
  }
  const d = draft(scheduled(state) ? withoutTurnsOf(s, left) : s);
  syncGroupRolls(d);
  return d.state;
}

/** DEF-1: this round's schedule without the turns of creatures that left (a kept earlier one is never read). */
function withoutTurnsOf(state: SegmentState, ids: ReadonlySet<string>): SegmentState {
  // Their turns up to the cursor are gone too, so the cursor moves back by as many.
  let gone = 0;
  for (let i = 0; i <= state.cursor && i < state.schedule.length; i++)
    if (ids.has(state.schedule[i]?.combatantId ?? "")) gone++;
  const schedule = state.schedule.filter((e) => !ids.has(e.combatantId));
  // SEG-6: a turn it gave up to a delay goes with it (its id may join again this round).
  const delayedTurns = state.delayedTurns.filter((key) => schedule.some((e) => e.key === key));
  return { ...state, schedule, cursor: state.cursor - gone, delayedTurns };
}

/**
 * DEF-1: a defeated creature is skipped but keeps its place and data.
 * **Ruling:** the creature taking a turn now (a fast action, a routine, its group turn, a spell) can no
 * longer finish it: the turn ends (`turnEnded`, before `combatantDefeated`) and the segment goes on with
 * the next turn still to come in the same step, as `next` would. Its later turns this round are passed
 * over like any defeated creature's (they come back if it is revived before they come).
 */
export function defeat(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Segment.AlreadyDefeated", { id });
  const turn = state.current === id ? currentEntry(state) : null;
  const entry = turn?.combatantId === id ? turn : null;
  const ended =
    entry === null
      ? []
      : [
          {
            type: "turnEnded",
            round: state.round,
            combatantId: id,
            step: entry.step,
            segment: entry.segment,
            part: entry.part,
          } as const,
        ];
  const d = draft(putSegmentCombatant(state, { ...c, defeated: true }), [
    ...ended,
    { type: "combatantDefeated", combatantId: id },
  ]);
  if (entry !== null) {
    d.state = { ...d.state, current: null };
    advance(d);
  }
  syncGroupRolls(d);
  return done(d);
}

/** DEF-1: a revived creature takes the turns still to come. */
export function revive(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Segment.NotDefeated", { id });
  // DEF-1: its turns kept their places; those still to come happen.
  const d = draft(putSegmentCombatant(state, { ...c, defeated: false }), [
    { type: "combatantRevived", combatantId: id },
  ]);
  syncGroupRolls(d);
  return done(d);
}

/** SEG-2: the GM's initiative for this creature replaces its group's d6 when deciding HIGH or LOW this round. */
export function setInitiative(state: SegmentState, id: string, value: number): Step {
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!Number.isSafeInteger(value)) return err("TEMPO.ERRORS.Segment.InvalidInitiative", { value });
  const updated: SegmentCombatant = { ...c, initiative: value, initiativeRound: state.round };
  const d = draft(putSegmentCombatant(state, updated), [{ type: "initiativeSet", combatantId: id, value }]);
  if (turnsAhead(state)) reschedule(d, updated);
  return done(d);
}

/** SEG-2 step 1: a creature declares its actions for the round (SEG-8, SEG-9, SEG-11 checked). */
export function declare(state: SegmentState, id: string, declaration: SegmentDeclaration): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (state.step !== 1) return err("TEMPO.ERRORS.Segment.DeclarationsLocked", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Segment.Defeated", { id });
  const checked = checkSegmentDeclaration(declaration);
  if (!checked.ok) return checked;
  // SEG-11, SEG-16: a named target is another creature of the combat (an attack routine has one target).
  const targetId = checked.value.targetId;
  if (targetId !== null && (targetId === id || segmentCombatant(state, targetId) === null))
    return err("TEMPO.ERRORS.Segment.InvalidTarget", { id, targetId });
  // SEG-11: an immediate spell already cast this round was the round's one spell.
  if (checked.value.action === "spell" && c.immediateSpellRound === state.round)
    return err("TEMPO.ERRORS.Segment.OneSpellPerRound", { id });
  const updated: SegmentCombatant = { ...c, declaration: checked.value, declaredRound: state.round, revealed: false };
  return ok({
    state: putSegmentCombatant(state, updated),
    events: [{ type: "declared", round: state.round, combatantId: id }],
    requests: [],
  });
}

/** SEG-2 step 1: shows a declaration (or all) to everyone. */
export function reveal(state: SegmentState, id: string | null): Step {
  const d = draft(state);
  const targets = id === null ? segmentCombatants(state) : [segmentCombatant(state, id)];
  for (const c of targets) {
    if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id: id ?? "" });
    if (c.revealed || c.declaredRound !== state.round) continue;
    d.state = putSegmentCombatant(d.state, { ...c, revealed: true });
    d.events.push({ type: "revealed", round: state.round, combatantId: c.id });
  }
  return done(d);
}

/** SEG-16: marks a creature surprised (no free or immediate attacks) or not. */
export function surprise(state: SegmentState, id: string, surprised: boolean): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (typeof surprised !== "boolean") return err("TEMPO.ERRORS.Segment.InvalidCombatant", { id });
  return ok({
    state: putSegmentCombatant(state, { ...c, surprised }),
    events: [{ type: "surpriseSet", combatantId: id, surprised }],
    requests: [],
  });
}
