/**
 * The stored form of a segment state (issue 17): this round's schedule is not stored as 600 turn
 * records (52 KB at 300 combatants) but rebuilt from the group rolls and declarations when the state is
 * read (`segmentBuiltSchedule`, the function that built it). What differs from the rebuilt list — turns
 * moved by a delay (SEG-6), a failed casting (SEG-10), a newcomer, a departure, a declaration changed
 * after the build — is stored as it is:
 * `schedule: { runs }`, each run either `"a-b"` (turns a … b − 1 of the rebuilt list, in order) or one
 * turn record. `packSegmentState` checks that the runs give the schedule back and stores the list
 * whole otherwise, so reading is always exact. A schedule kept from an earlier round is stored whole.
 */
import type { StoreMemo } from "../../storage/store-memo.ts";
import type { Json } from "../../storage/stored-json.ts";
import { scheduled } from "./draft.ts";
import { scheduleParts, segmentBuiltSchedule, type BuiltSchedules } from "./round-schedule.ts";
import type { SegmentEntry, SegmentState } from "./types.ts";

type Run = string | SegmentEntry;

/**
 * Each entry's JSON, worked out once per entry object where the host keeps a memo (issue 17: a turn
 * step keeps the schedule's entries, and packing compares a thousand of them); entries are never
 * changed in place.
 */
function textOf(entry: SegmentEntry, memo: StoreMemo | undefined): string {
  let text = memo?.entryTexts.get(entry);
  if (text === undefined) {
    text = JSON.stringify(entry);
    memo?.entryTexts.set(entry, text);
  }
  return text;
}

/**
 * Whether two JSON values would write the same text (key order included), found without writing it:
 * strings, booleans, null and finite numbers compared as values, arrays and objects part by part; a
 * value of any other kind is left to the texts. Issue 17: the rebuilt schedule's entries are new
 * objects at every step, and writing a thousand of them out was most of a segment turn's time.
 */
function sameJson(a: unknown, b: unknown): boolean | null {
  if (a === b) return typeof a !== "number" || Number.isFinite(a) ? true : null;
  if (typeof a !== typeof b) return typeof a === "undefined" || typeof b === "undefined" ? null : false;
  if (typeof a === "number" && typeof b === "number") return Number.isFinite(a) && Number.isFinite(b) ? false : null;
  if (typeof a !== "object" || a === null || b === null)
    return typeof a === "string" || typeof a === "boolean" || a === null ? false : null;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return sameArray(a, b as readonly unknown[]);
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return null;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] ?? "";
    if (key !== kb[i]) return null;
    const same = sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
    if (same !== true) return same;
  }
  return true;
}

/**
 * {@link sameJson} of two arrays, element by element (issue 17: listing an array's keys writes each index
 * as a string, and every entry's rank is an array). A hole or an `undefined` element is left to the texts.
 */
function sameArray(a: readonly unknown[], b: readonly unknown[]): boolean | null {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const same = sameJson(a[i], b[i]);
    if (same !== true) return same;
  }
  return true;
}

/** A schedule entry's keys in the order the scheduler writes them (order.ts `entryOf`). */
const ENTRY_KEYS = ["key", "combatantId", "step", "part", "segment", "band", "rank"] as const;

/** Whether `entry` has exactly the scheduler's keys, in its order (so it writes them in that order). */
function writtenAsBuilt(entry: SegmentEntry): boolean {
  let i = 0;
  for (const key in entry) if (key !== ENTRY_KEYS[i++]) return false;
  return i === ENTRY_KEYS.length;
}

/**
 * Whether two entries with the scheduler's keys in its order hold the same finite numbers and the
 * same other values field by field (null: cannot tell this way). Issue 17: a round's first step
 * compares every rebuilt entry with the schedule's, and the general walk lists both entries' keys.
 */
function sameBuilt(a: SegmentEntry, b: SegmentEntry): boolean | null {
  if (a.key !== b.key || a.combatantId !== b.combatantId || a.part !== b.part || a.band !== b.band) return null;
  if (a.step !== b.step || a.segment !== b.segment || !Number.isFinite(a.step) || !Number.isFinite(a.segment))
    return null;
  const x = a.rank;
  const y = b.rank;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return null;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i] || !Number.isFinite(x[i])) return null;
  return writtenAsBuilt(a) && writtenAsBuilt(b) ? true : null;
}

/** Whether two entries store the same (their texts compared where `sameJson` cannot tell). */
function sameEntry(a: SegmentEntry, b: SegmentEntry, memo: StoreMemo | undefined): boolean {
  return sameBuilt(a, b) ?? sameJson(a, b) ?? textOf(a, memo) === textOf(b, memo);
}

function runsOf(schedule: readonly SegmentEntry[], built: readonly SegmentEntry[], memo: StoreMemo | undefined): Run[] {
  // Most entries stand where the rebuilt list has them (after the last run's end): the map of where
  // each rebuilt turn is only for the others.
  let at: Map<string, number> | null = null;
  const indexOf = (key: string, guess: number): number | undefined => {
    if (built[guess]?.key === key) return guess;
    at ??= new Map(built.map((e, i) => [e.key, i]));
    return at.get(key);
  };
  const runs: Run[] = [];
  let from = -1;
  let to = -1;
  const flush = () => {
    if (from >= 0) runs.push(`${from}-${to}`);
    from = -1;
  };
  for (const entry of schedule) {
    const j = indexOf(entry.key, from >= 0 ? to : runs.length === 0 ? 0 : -1);
    const same = j !== undefined && sameEntry(built[j] as SegmentEntry, entry, memo);
    if (same && from >= 0 && j === to) to = j + 1;
    else if (same) {
      flush();
      from = j;
      to = j + 1;
    } else {
      flush();
      runs.push(entry);
    }
  }
  flush();
  return runs;
}

function scheduleOf(runs: readonly unknown[], built: readonly SegmentEntry[]): SegmentEntry[] | null {
  const out: SegmentEntry[] = [];
  for (const run of runs) {
    if (typeof run !== "string") {
      out.push(run as SegmentEntry);
      continue;
    }
    const [a, b] = run.split("-").map(Number);
    if (a === undefined || b === undefined || !Number.isInteger(a) || !Number.isInteger(b) || b > built.length)
      return null;
    for (let i = a; i < b; i++) out.push(built[i] as SegmentEntry);
  }
  return out;
}

function rebuilt(state: SegmentState): SegmentEntry[] | null {
  try {
    return segmentBuiltSchedule(state);
  } catch {
    return null; // a damaged state: left for parseSegmentState to refuse
  }
}

/**
 * The stored form of `state`. `builds`: the schedules the host's steps built (round-schedule.ts): one
 * built from the parts of this state is the rebuilt list itself, stored as one run without rebuilding it.
 */
export function packSegmentState(state: SegmentState, memo?: StoreMemo, builds?: BuiltSchedules): Json {
  const whole = state as unknown as { readonly [key: string]: Json };
  if (!scheduled(state) || state.schedule.length === 0) return whole;
  // Issue 17: a turn step keeps the schedule and what it is rebuilt from; its runs are the last ones.
  const key = scheduleParts(state);
  const known = memo?.scheduleRuns.get(state.schedule);
  if (known !== undefined && known.key.every((part, i) => part === key[i]))
    return { ...whole, schedule: known.runs as Json };
  // Issue 17: the step that built the schedule (a round's first `next`, or its last group d6) stored it
  // again by building it a second time and comparing the two, entry by entry (most of that click's time).
  const from = builds?.get(state.schedule);
  if (from !== undefined && from.length === key.length && from.every((part, i) => part === key[i])) {
    const packed = { runs: [`0-${state.schedule.length}`] };
    memo?.scheduleRuns.set(state.schedule, { key, runs: packed });
    return { ...whole, schedule: packed };
  }
  const built = rebuilt(state);
  if (built === null) return whole;
  const runs = runsOf(state.schedule, built, memo);
  // The runs give the schedule back by construction: a run is a stretch of the rebuilt list whose
  // entries `sameEntry` found to store as the schedule's, in order, and any other entry is stored whole.
  // Issue 17: comparing them all a second time with the same test doubled the cost of a round's first
  // step; what is checked again is that the runs read back to a list of the same turns.
  const back = scheduleOf(runs, built);
  if (back === null || back.length !== state.schedule.length) return whole;
  if (back.some((entry, i) => entry.key !== state.schedule[i]?.key)) return whole;
  const packed = { runs: runs as unknown as Json };
  memo?.scheduleRuns.set(state.schedule, { key, runs: packed });
  return { ...whole, schedule: packed };
}

/** A stored segment state with its schedule rebuilt (other values as they are). */
export function unpackSegmentState(value: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const packed = value.schedule;
  if (typeof packed !== "object" || packed === null || Array.isArray(packed)) return value;
  const runs = (packed as { readonly runs?: unknown }).runs;
  if (!Array.isArray(runs)) return value;
  const built = rebuilt({ ...value, schedule: [] } as unknown as SegmentState);
  const schedule = built === null ? null : scheduleOf(runs, built);
  return schedule === null ? value : { ...value, schedule };
}
