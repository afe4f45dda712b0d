/**
 * Segment rounds: the round's schedule (SEG-2 steps 3–7), built once per round when the group rolls
 * settle, and read only while it is this round's.
 *
 * Building it writes every creature's turns (O(n log n), one write of O(n) stored keys): that happens
 * in the step that brings the last group d6 in (the roll batch, or a departure that leaves no roll
 * pending), never in a `next`. A new round keeps the old schedule, tagged with the round it belongs to
 * (`scheduleRound`), instead of clearing it, so neither the new round nor the start of step 3 rewrites
 * the whole list; the next settle replaces it.
 */
import { scheduled, type Draft } from "./draft.ts";
import { segmentEntriesFor, segmentRankKey, segmentRankSlot, segmentRivalRolls, segmentSortKey } from "./order.ts";
import { segmentCombatants } from "./state.ts";
import type { SegmentCombatant, SegmentEntry, SegmentState } from "./types.ts";

/** SEG-2: this round's turns in order; none while the round has no schedule yet (steps 1 and 2). */
export function segmentRoundSchedule(state: SegmentState): readonly SegmentEntry[] {
  return scheduled(state) ? state.schedule : [];
}

/**
 * SEG-2 to SEG-5, SEG-8: every creature's turns this round in rule order, the defeated included (DEF-1),
 * from the state's group rolls and declarations (also how a stored schedule is rebuilt: segment/packed.ts).
 */
export function segmentBuiltSchedule(state: SegmentState): SegmentEntry[] {
  const entries: SegmentEntry[] = [];
  const rivals = segmentRivalRolls(state);
  const combatants = segmentCombatants(state);
  for (let i = 0; i < combatants.length; i++) {
    const own = segmentEntriesFor(state, combatants[i] as SegmentCombatant, rivals);
    for (let j = 0; j < own.length; j++) entries.push(own[j] as SegmentEntry);
  }
  return byKeyRuns(entries) ?? sortedByIndex(entries);
}

/**
 * Issue 17: `entries` in rule order without comparing them (this runs once per round, as cold code, where
 * a comparison function called some 15,000 times at 1,000 creatures was most of the build). A round's
 * turns have few distinct sort keys (`segmentRankKey`: step, band, place, speed …), and creatures are
 * listed in join order, so the turns of one key come in the order of their last rank element (the join
 * slot) already: the turns are put in one list per key, the keys sorted as numbers, the lists joined.
 * Null when a list's slots do not rise (then {@link sortedByIndex} sorts them).
 */
function byKeyRuns(entries: readonly SegmentEntry[]): SegmentEntry[] | null {
  const lists = new Map<number, { readonly entries: SegmentEntry[]; last: number }>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as SegmentEntry;
    const key = segmentRankKey(entry);
    const slot = segmentRankSlot(entry);
    const list = lists.get(key);
    if (!(key >= 0)) return null; // NaN: left to the comparison
    if (list === undefined) lists.set(key, { entries: [entry], last: slot });
    else if (slot > list.last) {
      list.entries.push(entry);
      list.last = slot;
    } else return null;
  }
  const keys = new Float64Array(lists.keys()).sort();
  const sorted: SegmentEntry[] = [];
  for (let k = 0; k < keys.length; k++) {
    const list = lists.get(keys[k] as number)?.entries ?? [];
    for (let i = 0; i < list.length; i++) sorted.push(list[i] as SegmentEntry);
  }
  return sorted;
}

/** `entries` sorted by index over two number columns (the sort key and the join slot). */
function sortedByIndex(entries: readonly SegmentEntry[]): SegmentEntry[] {
  const n = entries.length;
  const keys = new Float64Array(n);
  const slots = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const { key, slot } = segmentSortKey(entries[i] as SegmentEntry);
    keys[i] = key;
    slots[i] = slot;
  }
  const at = new Uint32Array(n);
  for (let i = 0; i < n; i++) at[i] = i;
  at.sort((a, b) => (keys[a] as number) - (keys[b] as number) || (slots[a] as number) - (slots[b] as number));
  const sorted: SegmentEntry[] = [];
  for (let i = 0; i < n; i++) sorted.push(entries[at[i] as number] as SegmentEntry);
  return sorted;
}

/**
 * Issue 17: where a host keeps the schedules its steps built, each with the parts of the state it was
 * built from (`scheduleParts`), so that storing the step does not build the list a second time to find
 * what differs from it (packed.ts). Kept by the caller (host/ruleset-host.ts `HostMemo`); the engine
 * keeps nothing between calls.
 */
export type BuiltSchedules = WeakMap<object, readonly unknown[]>;

/** What `segmentBuiltSchedule` reads of a state: the round, the settings, the group rolls and the combatants. */
export function scheduleParts(state: SegmentState): readonly unknown[] {
  return [state.round, state.settings, state.groupRolls, state.combatants];
}

function buildSchedule(state: SegmentState, built: BuiltSchedules | undefined): SegmentState {
  const schedule = segmentBuiltSchedule(state);
  built?.set(schedule, scheduleParts(state));
  return {
    ...state,
    schedule,
    scheduleRound: state.round,
    delayedTurns: [],
    cursor: -1,
    segment: 0,
  };
}

/**
 * SEG-2 step 2: once no group roll is pending, the round's schedule is built (if it is not yet). A state
 * stored before schedules were built here reaches step 3 through this too.
 */
export function settledSchedule(state: SegmentState, built?: BuiltSchedules): SegmentState {
  if (state.step !== 2 || state.rolls.length > 0 || scheduled(state)) return state;
  return buildSchedule(state, built);
}

/** {@link settledSchedule} on a transition under construction. */
export function settleSchedule(d: Draft, built?: BuiltSchedules): void {
  d.state = settledSchedule(d.state, built);
}
