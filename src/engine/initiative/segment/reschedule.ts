/**
 * Segment rounds: changing the schedule mid-round. Only turns that have not happened yet move, so nobody
 * loses or repeats a turn.
 */
import { insertAt } from "../shared/round-order.ts";
import type { Draft } from "./draft.ts";
import { compareSegmentEntries, segmentEntriesFor, segmentInsertAt } from "./order.ts";
import { putSegmentCombatant } from "./state.ts";
import type { SegmentCombatant, SegmentEntry, SegmentState } from "./types.ts";

/**
 * SEG-6, DEF-1: removes the combatant's turns that have not happened yet (after the cursor). Turns up to the
 * cursor, the one under way included, have happened and stay as they are.
 */
export function unschedule(state: SegmentState, id: string): { state: SegmentState; removed: SegmentEntry[] } {
  const from = state.cursor + 1;
  const removed: SegmentEntry[] = [];
  const kept: SegmentEntry[] = [];
  state.schedule.forEach((e, i) => (i >= from && e.combatantId === id ? removed : kept).push(e));
  if (removed.length === 0) return { state, removed };
  return { state: { ...state, schedule: kept }, removed };
}

/** A key not yet used in the round: `key`, or `key#2`, `key#3` … for a creature's second turn of one kind. */
function freshKey(key: string, used: ReadonlySet<string>): string {
  if (!used.has(key)) return key;
  let n = 2;
  while (used.has(`${key}#${n}`)) n++;
  return `${key}#${n}`;
}

/**
 * SEG-2, DEF-1: puts turns into the part of the schedule still to come. With `clamp`, a turn whose place has already
 * passed comes next (a creature never loses a turn it still had); without, such a turn is dropped (a
 * newcomer does not get turns from steps that are over). Keys stay unique within the round: a turn of a
 * kind the creature already took this round (after a delay, SEG-6) gets a numbered key.
 */
export function schedule(state: SegmentState, entries: readonly SegmentEntry[], clamp: boolean): SegmentState {
  let list = state.schedule;
  const at = state.schedule[state.cursor];
  const used = new Set(list.map((e) => e.key));
  for (const e of entries) {
    if (!clamp && at !== undefined && compareSegmentEntries(e, at) <= 0) continue;
    const key = freshKey(e.key, used);
    used.add(key);
    const i = segmentInsertAt(list, state.cursor + 1, e);
    list = insertAt(list, i, key === e.key ? e : { ...e, key });
  }
  return list === state.schedule ? state : { ...state, schedule: list };
}

/**
 * SEG-6, SEG-7: recomputes the turns of `c` that have not happened yet (after a change to its band or
 * actions). `givenUp`: the turn under way, which the creature gave up by delaying (SEG-6): it stays where it
 * is, and a turn of its kind is scheduled again.
 */
export function reschedule(d: Draft, c: SegmentCombatant, givenUp: SegmentEntry | null = null): void {
  const { state, removed } = unschedule(d.state, c.id);
  const parts = new Set(removed.map((e) => e.part));
  if (givenUp !== null) parts.add(givenUp.part);
  const fresh = segmentEntriesFor(state, c).filter(
    (e) =>
      parts.has(e.part) || (parts.has("group") && e.part === "complex") || (parts.has("complex") && e.part === "group"),
  );
  d.state = schedule(state, fresh, true);
}

/** SEG-10: the creature still has a spell to resolve this round. */
export function spellPending(state: SegmentState, id: string): boolean {
  for (let i = state.cursor + 1; i < state.schedule.length; i++) {
    const e = state.schedule[i];
    if (e !== undefined && e.combatantId === id && e.part === "spell") return true;
  }
  return false;
}

/** SEG-10: the casting fails and is lost as if cast. */
export function failCasting(d: Draft, c: SegmentCombatant): SegmentCombatant {
  const s = d.state;
  const schedule = s.schedule.filter((e, i) => i <= s.cursor || !(e.combatantId === c.id && e.part === "spell"));
  const failed = { ...c, castingFailedRound: s.round };
  d.state = { ...putSegmentCombatant(s, failed), schedule };
  d.events.push({ type: "castingFailed", round: s.round, combatantId: c.id });
  return failed;
}
